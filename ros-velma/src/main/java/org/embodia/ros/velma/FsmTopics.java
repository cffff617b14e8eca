package org.embodia.ros.velma;

import java.util.HashMap;
import java.util.Map;

import org.embodia.ros.RosNode;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.DiagnosticStatus;
import org.embodia.ros.msg.KeyValue;
import org.embodia.ros.msg.StringMessage;
import org.embodia.scheduler.StateSwitch;

/**
 * Each FSM's state and its switches, for each subsystem of core/a that has an FSM, as core/a sends them:
 * {@code /<subsystem>/state} (std_msgs/String, latched, on each change) and {@code /<subsystem>/switches}
 * (diagnostic_msgs/DiagnosticStatus, one a switch: message "from -> to", the cycle in hardware_id, and the predicate
 * values that caused it as key/values, as agent:switches prints them). A subsystem's topics are advertised when its
 * first state comes.
 */
final class FsmTopics implements AutoCloseable {
    private final RosNode node;
    private final Map<String, Fsm> fsms = new HashMap<>();

    private static final class Fsm {
        final RosPublisher<StringMessage> state;
        final RosPublisher<DiagnosticStatus> switches;
        final StringMessage stateMessage = new StringMessage();
        final DiagnosticStatus switchMessage = new DiagnosticStatus();

        Fsm(RosPublisher<StringMessage> state, RosPublisher<DiagnosticStatus> switches) {
            this.state = state;
            this.switches = switches;
        }
    }

    FsmTopics(RosNode node) {
        this.node = node;
    }

    private Fsm fsm(String subsystem) {
        return fsms.computeIfAbsent(subsystem, s -> {
            String ros = RosNames.subsystem(s);
            Fsm fsm = new Fsm(node.advertise("/" + ros + "/state", StringMessage.TYPE, true),
                    node.advertise("/" + ros + "/switches", DiagnosticStatus.TYPE, false));
            fsm.switchMessage.name = s;
            return fsm;
        });
    }

    void state(String subsystem, String state) {
        Fsm fsm = fsm(subsystem);
        fsm.stateMessage.data = state;
        fsm.state.publish(fsm.stateMessage);
    }

    void switched(String subsystem, StateSwitch s) {
        Fsm fsm = fsm(subsystem);
        fill(fsm.switchMessage, s);
        fsm.switches.publish(fsm.switchMessage);
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
