package org.embodia.ros.velma;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.ros.RosNode;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.DiagnosticStatus;
import org.embodia.ros.msg.KeyValue;
import org.embodia.ros.msg.StringMessage;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;

/**
 * Each FSM's state and its switches, for each subsystem of core/a that has an FSM: {@code /<subsystem>/state}
 * (std_msgs/String, latched, on each change) and {@code /<subsystem>/switches} (diagnostic_msgs/DiagnosticStatus, one a
 * switch: message "from -> to", the cycle in hardware_id, and the predicate values that caused it as key/values, as
 * agent:switches prints them). Polled off the loop from the agent's switch rings.
 */
final class FsmTopics implements AutoCloseable {
    private final Agent agent;
    private final Map<String, Fsm> fsms = new HashMap<>();

    private static final class Fsm {
        final RosPublisher<StringMessage> state;
        final RosPublisher<DiagnosticStatus> switches;
        final StringMessage stateMessage = new StringMessage();
        final DiagnosticStatus switchMessage = new DiagnosticStatus();
        long lastCycle = -1;

        Fsm(RosPublisher<StringMessage> state, RosPublisher<DiagnosticStatus> switches) {
            this.state = state;
            this.switches = switches;
        }
    }

    FsmTopics(RosNode node, Agent agent) {
        this.agent = agent;
        for (AgentLayout.Subsystem s : agent.layout().subsystems()) {
            if (s.fsm() != null) {
                String ros = RosNames.subsystem(s.name());
                Fsm fsm = new Fsm(node.advertise("/" + ros + "/state", StringMessage.TYPE, true),
                        node.advertise("/" + ros + "/switches", DiagnosticStatus.TYPE, false));
                fsm.switchMessage.name = s.name();
                fsms.put(s.name(), fsm);
            }
        }
    }

    /** Publishes the switches since the last call, and each state that changed. */
    void publish() {
        for (SubsystemDiagnostics d : agent.subsystems()) {
            Fsm fsm = fsms.get(d.name());
            if (fsm == null) {
                continue;
            }
            List<StateSwitch> ring = agent.switches(d.name());
            for (StateSwitch s : ring) {
                if (s.cycle() > fsm.lastCycle) {
                    fsm.lastCycle = s.cycle();
                    fill(fsm.switchMessage, s);
                    fsm.switches.publish(fsm.switchMessage);
                }
            }
            String state = d.state() == null ? "" : d.state();
            if (!state.equals(fsm.stateMessage.data)) {
                fsm.stateMessage.data = state;
                fsm.state.publish(fsm.stateMessage);
            }
        }
    }

    static void fill(DiagnosticStatus m, StateSwitch s) {
        m.level = DiagnosticStatus.OK;
        m.message = s.from() + " -> " + s.to();
        m.hardwareId = "cycle " + s.cycle();
        m.values.resize(s.predicates().size());
        int i = 0;
        for (Map.Entry<String, Boolean> p : s.predicates().entrySet()) {
            KeyValue kv = m.values.get(i++);
            kv.key = p.getKey();
            kv.value = String.valueOf(p.getValue());
        }
    }

    @Override
    public void close() {
        for (Fsm fsm : fsms.values()) {
            fsm.state.close();
            fsm.switches.close();
        }
    }
}
