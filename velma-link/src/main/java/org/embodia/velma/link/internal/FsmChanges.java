package org.embodia.velma.link.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.embodia.scheduler.Agent;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.transport.MessageLink;
import org.embodia.velma.link.LinkMessage;

/**
 * What changed in core/a's FSMs since the last look: the switches in each subsystem's ring that are newer, and each
 * state that changed, polled off the loop from the agent's switch rings. Of a subsystem another host runs (a split
 * agent), only the state: its switch ring is in that host's process.
 */
final class FsmChanges {
    private final Agent agent;
    private final Map<String, Long> lastCycle = new HashMap<>();
    private final Map<String, String> state = new HashMap<>();
    private final Set<String> elsewhere = new HashSet<>();

    FsmChanges(Agent agent) {
        this.agent = agent;
    }

    /** Every state is sent again with the next changes: a process linked anew knows none. */
    void resend() {
        state.clear();
    }

    void send(MessageLink link) {
        for (SubsystemDiagnostics d : agent.subsystems()) {
            if (d.state() == null) {
                continue;
            }
            if (elsewhere.contains(d.name())) {
                sendState(link, d);
                continue;
            }
            List<StateSwitch> ring;
            try {
                ring = agent.switches(d.name());
            } catch (IllegalArgumentException e) {
                // Split across processes, a subsystem of another host has its state here, its switches there.
                elsewhere.add(d.name());
                sendState(link, d);
                continue;
            }
            Long seen = lastCycle.get(d.name());
            long last = seen == null ? -1 : seen;
            for (StateSwitch s : ring) {
                if (s.cycle() > last) {
                    last = s.cycle();
                    // The switches before the first look are history: nobody could have subscribed to them.
                    if (seen != null) {
                        link.send(new LinkMessage.Switch(d.name(), s).encode());
                    }
                }
            }
            lastCycle.put(d.name(), last);
            sendState(link, d);
        }
    }

    private void sendState(MessageLink link, SubsystemDiagnostics d) {
        if (!d.state().equals(state.get(d.name()))) {
            state.put(d.name(), d.state());
            link.send(new LinkMessage.State(d.name(), d.state()).encode());
        }
    }
}
