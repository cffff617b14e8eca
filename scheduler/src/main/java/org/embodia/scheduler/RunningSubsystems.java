package org.embodia.scheduler;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a shell or a demo asks about the subsystems the running agents hold: a subsystem's FSM state and its last
 * state switches, in whichever agent runs it. The component that owns one hands it the {@link Agent} services as
 * they come and go.
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
        for (Agent a : agents) {
            for (SubsystemDiagnostics d : a.subsystems()) {
                if (d.name().equals(subsystem) && d.present()) {
                    return a.switches(subsystem);
                }
            }
        }
        return List.of();
    }
}
