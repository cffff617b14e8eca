package org.embodia.web.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.ActivityHistograms;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.Distribution;
import org.embodia.scheduler.Percentiles;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;

/**
 * The agents' part of the view: their layout and FSM definitions for the model; their figures, FSM states, switches
 * and buffers' last messages for each snapshot, all from the agents' own lock-free snapshots (what agent:diag,
 * agent:switches and the shells read).
 */
final class AgentsView {
    static final int SWITCHES_SENT = 50;
    private AgentsView() {
    }

    static List<Object> model(List<Agent> agents) {
        List<Object> out = new ArrayList<>();
        for (Agent a : agents) {
            AgentLayout layout = a.layout();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", a.name());
            List<Object> activities = new ArrayList<>();
            for (AgentLayout.Activity act : layout.activities()) {
                List<Object> steps = new ArrayList<>();
                for (AgentLayout.Step s : act.steps()) {
                    steps.add(map("phase", s.phase(), "subsystem", s.subsystem(), "receive", s.receive(), "host", s.host()));
                }
                activities.add(map("name", act.name(), "clock", act.clock(), "steps", steps));
            }
            m.put("activities", activities);
            m.put("connections", layout.connections().stream()
                    .map(c -> map("from", c.fromSubsystem(), "output", c.output(), "to", c.toSubsystem(), "input", c.input())).toList());
            m.put("subsystems", layout.subsystems().stream()
                    .map(s -> map("name", s.name(), "fsm", s.fsm(), "inputs", s.inputs(), "outputs", s.outputs())).toList());
            out.add(m);
        }
        return out;
    }

    /** The definitions of the FSMs the agents' subsystems run, by name. */
    static Map<String, Object> fsms(List<Agent> agents, FsmCatalog catalog) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Agent a : agents) {
            for (AgentLayout.Subsystem s : a.layout().subsystems()) {
                if (s.fsm() != null && !out.containsKey(s.fsm())) {
                    Optional<FsmDefinition> d = catalog.definition(s.fsm());
                    d.ifPresent(def -> out.put(def.name(), fsm(def)));
                }
            }
        }
        return out;
    }

    static Map<String, Object> fsm(FsmDefinition d) {
        List<Object> states = new ArrayList<>();
        List<Object> transitions = new ArrayList<>();
        for (StateDefinition s : d.states()) {
            states.add(map("name", s.name(), "behaviours", s.behaviors(), "terminal", String.valueOf(s.terminalCondition()), "error",
                    String.valueOf(s.errorCondition())));
            for (TransitionDefinition t : s.transitions()) {
                transitions.add(map("from", s.name(), "to", t.target(), "condition", String.valueOf(t.initialCondition())));
            }
        }
        return map("name", d.name(), "description", d.description(), "initial", d.initialState(), "states", states, "transitions",
                transitions);
    }

    static List<Object> snapshot(List<Agent> agents) {
        List<Object> out = new ArrayList<>();
        for (Agent a : agents) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", a.name());
            m.put("status", a.status());
            m.put("problems", a.problems());
            List<Object> activities = new ArrayList<>();
            for (ActivityDiagnostics d : a.activities()) {
                ActivityHistograms h = histograms(a, d.name());
                Map<String, Object> act = map("name", d.name(), "clock", d.clock(), "cycles", d.cycles(), "overruns", d.overruns(),
                        "missedTriggers", d.missedTriggers(), "fault", d.fault(), "realtime", d.realtime());
                act.put("period", figures(d.period(), h == null ? null : h.period()));
                act.put("wake", figures(d.wakeLatency(), h == null ? null : h.wakeLatency()));
                act.put("compute", figures(d.compute(), h == null ? null : h.compute()));
                activities.add(act);
            }
            m.put("activities", activities);
            List<Object> subsystems = new ArrayList<>();
            Map<String, Object> switches = new LinkedHashMap<>();
            Map<String, Object> buffers = new LinkedHashMap<>();
            AgentLayout layout = a.layout();
            for (SubsystemDiagnostics s : a.subsystems()) {
                subsystems.add(map("name", s.name(), "activity", s.activity(), "present", s.present(), "state", s.state(), "fault", s.fault(),
                        "iterations", s.iterations(), "failures", s.failures(), "lastFailure", s.lastFailure(), "compute",
                        figures(s.compute(), null)));
                if (s.present() && s.state() != null) {
                    switches.put(s.name(), switches(a, s.name()));
                }
            }
            for (AgentLayout.Subsystem s : layout.subsystems()) {
                Map<String, Object> last = new LinkedHashMap<>();
                for (String b : s.outputs()) {
                    last.put(b, lastMessage(a, s.name(), b));
                }
                if (!last.isEmpty()) {
                    buffers.put(s.name(), last);
                }
            }
            m.put("subsystems", subsystems);
            m.put("switches", switches);
            m.put("buffers", buffers);
            out.add(m);
        }
        return out;
    }

    /** Null when the activity stopped between the look at the figures and this one. */
    private static ActivityHistograms histograms(Agent a, String activity) {
        try {
            return a.histograms(activity);
        } catch (IllegalArgumentException gone) {
            return null;
        }
    }

    /** The last {@value #SWITCHES_SENT} switches: an FSM that toggles every cycle keeps a thousand, too many to send ten times a second. */
    private static List<StateSwitch> switches(Agent a, String subsystem) {
        try {
            List<StateSwitch> all = a.switches(subsystem);
            return all.subList(Math.max(0, all.size() - SWITCHES_SENT), all.size());
        } catch (IllegalArgumentException gone) {
            return List.of();
        }
    }

    private static String lastMessage(Agent a, String subsystem, String buffer) {
        try {
            return a.lastMessage(subsystem, buffer);
        } catch (IllegalArgumentException gone) {
            return "-";
        }
    }

    private static Map<String, Object> figures(Percentiles p, Distribution d) {
        Map<String, Object> m = map("count", p.count(), "p50", p.p50(), "p99", p.p99(), "p999", p.p999(), "max", p.max());
        if (d != null) {
            m.put("hist", map("upper", d.upperMicros(), "counts", d.counts()));
        }
        return m;
    }

    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
