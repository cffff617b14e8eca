package org.embodia.scheduler;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a shell or a demo asks about the subsystems the running agents hold: a subsystem's FSM state, its last state
 * switches and its buffers' last messages, in whichever agent runs it. The component that owns one hands it the
 * {@link Agent} services as they come and go. A subsystem may leave its agent between the look at the agent's
 * subsystems and the read (a bundle swapped, a component reconfigured): it is then answered as not running.
 */
public final class RunningSubsystems {
    private final List<Agent> agents = new CopyOnWriteArrayList<>();

    public void add(Agent agent) {
        agents.add(agent);
    }

    public void remove(Agent agent) {
        agents.remove(agent);
    }

    /** The FSM state of {@code subsystem} (with the fault that stopped its FSM, if one did), or "-" when no agent runs it. */
    public String state(String subsystem) {
        for (Agent a : agents) {
            for (SubsystemDiagnostics d : a.subsystems()) {
                if (d.name().equals(subsystem) && d.present()) {
                    return d.fault() != null ? d.state() + " (FSM stopped: " + d.fault() + ")" : String.valueOf(d.state());
                }
            }
        }
        return "-";
    }

    /** The last state switches of {@code subsystem}, oldest first; empty when no agent runs it. */
    public List<StateSwitch> switches(String subsystem) {
        Agent a = runner(subsystem);
        try {
            return a == null ? List.of() : a.switches(subsystem);
        } catch (IllegalArgumentException gone) {
            return List.of();
        }
    }

    /**
     * The last message of the subsystem's buffer, as text; "-" when no agent runs it.
     *
     * @throws IllegalArgumentException from the agent, naming the buffers, when the subsystem has no such buffer
     */
    public String lastMessage(String subsystem, String buffer) {
        Agent a = runner(subsystem);
        return a == null ? "-" : a.lastMessage(subsystem, buffer);
    }

    private Agent runner(String subsystem) {
        for (Agent a : agents) {
            for (SubsystemDiagnostics d : a.subsystems()) {
                if (d.name().equals(subsystem) && d.present()) {
                    return a;
                }
            }
        }
        return null;
    }
}
