package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TextState;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.TransitionType;
import org.embodia.api.fsm.state.Configuration;
import org.embodia.fsm.engine.Problem;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads an FSM in mc_rtc's form ([MCRTC-FSM]): options, text states with {@code base}, configs and
 * {@code [from, output, to, type]} transitions. What needs the available state implementations
 * (unknown bases and states) is checked when the FSM is instantiated, see {@code StateFactory}.
 */
public final class StateMachineReader extends YamlReader {
    private static final Set<String> TOP_KEYS = Set.of("fsm", "Managed", "StepByStep", "IdleKeepState", "init", "states",
            "configs", "transitions");

    public StateMachineReader(String file) {
        super(file);
    }

    /** Reads a definition; returns null when there are problems. */
    public StateMachineDefinition read(String text, String defaultName) {
        MappingNode top = compose(text, "an FSM is a mapping with the keys init, states and transitions");
        if (top == null) {
            return null;
        }
        Map<String, NodeTuple> keys = entries(top, TOP_KEYS, "FSM");
        String name = keys.containsKey("fsm") ? scalar(keys.get("fsm").getValueNode(), "fsm") : defaultName;
        boolean managed = flag(keys, "Managed", false);
        boolean stepByStep = flag(keys, "StepByStep", true);
        boolean idleKeepState = flag(keys, "IdleKeepState", false);

        Map<String, TextState> states = new LinkedHashMap<>();
        NodeTuple statesTuple = keys.get("states");
        if (statesTuple != null) {
            if (statesTuple.getValueNode() instanceof MappingNode m) {
                for (NodeTuple t : m.getValue()) {
                    readTextState(t, states);
                }
            } else {
                problems.add(new Problem(at(statesTuple.getValueNode()), "'states' must map state names to their configuration"));
            }
        }
        reportCycles(states);

        Map<String, Configuration> configs = new LinkedHashMap<>();
        NodeTuple configsTuple = keys.get("configs");
        if (configsTuple != null) {
            if (configsTuple.getValueNode() instanceof MappingNode m) {
                for (NodeTuple t : m.getValue()) {
                    String state = keyName(t, "state");
                    if (state == null) {
                        continue;
                    }
                    Configuration c = object(t.getValueNode(), "configs of '" + state + "'");
                    if (c != null && configs.putIfAbsent(state, c) != null) {
                        problems.add(new Problem(at(t.getKeyNode()), "configs of '" + state + "' given twice"));
                    }
                }
            } else {
                problems.add(new Problem(at(configsTuple.getValueNode()), "'configs' must map state names to configuration"));
            }
        }

        List<TransitionRule> transitions = new ArrayList<>();
        NodeTuple transitionsTuple = keys.get("transitions");
        if (transitionsTuple != null) {
            if (transitionsTuple.getValueNode() instanceof SequenceNode seq) {
                Set<List<String>> seen = new HashSet<>();
                for (Node n : seq.getValue()) {
                    TransitionRule rule = transition(n);
                    if (rule != null && !seen.add(List.of(rule.from(), rule.output()))) {
                        problems.add(new Problem(rule.location(), "a transition from '" + rule.from() + "' on output '" + rule.output()
                                + "' is already defined"));
                    } else if (rule != null) {
                        transitions.add(rule);
                    }
                }
            } else {
                problems.add(new Problem(at(transitionsTuple.getValueNode()), "'transitions' must be a list of [from, output, to, type]"));
            }
        }

        String init = keys.containsKey("init") ? scalar(keys.get("init").getValueNode(), "init") : null;
        if (init == null && !managed && !keys.containsKey("init")) {
            problems.add(new Problem(at(top), "missing initial state: add 'init: <state>' (only a Managed FSM may go without)"));
        }
        return problems.isEmpty()
                ? new StateMachineDefinition(name, file, managed, stepByStep, idleKeepState, init, states, configs, transitions)
                : null;
    }

    private boolean flag(Map<String, NodeTuple> keys, String key, boolean otherwise) {
        NodeTuple t = keys.get(key);
        if (t == null) {
            return otherwise;
        }
        Object v = value(t.getValueNode());
        if (v instanceof Boolean b) {
            return b;
        }
        problems.add(new Problem(at(t.getValueNode()), "'" + key + "' must be true or false"));
        return otherwise;
    }

    private void readTextState(NodeTuple t, Map<String, TextState> states) {
        String name = keyName(t, "state");
        if (name == null) {
            return;
        }
        if (states.containsKey(name)) {
            problems.add(new Problem(at(t.getKeyNode()), "state '" + name + "' is defined twice (first at line "
                    + states.get(name).location().line() + ")"));
            return;
        }
        Configuration config = object(t.getValueNode(), "state '" + name + "'");
        if (config == null) {
            return;
        }
        Object base = config.asMap().get("base");
        if (!(base instanceof String b) || b.isBlank()) {
            problems.add(new Problem(at(t.getKeyNode()), "state '" + name + "' needs 'base: <state>', the state it configures"));
            return;
        }
        Map<String, Object> own = new LinkedHashMap<>(config.asMap());
        own.remove("base");
        states.put(name, new TextState(name, b, Configuration.of(own), at(t.getKeyNode())));
    }

    private void reportCycles(Map<String, TextState> states) {
        Set<String> reported = new HashSet<>();
        for (TextState s : states.values()) {
            List<String> chain = new ArrayList<>();
            String n = s.name();
            while (states.containsKey(n) && !chain.contains(n)) {
                chain.add(n);
                n = states.get(n).base();
            }
            if (states.containsKey(n) && n.equals(s.name()) && reported.add(n)) {
                chain.add(n);
                problems.add(new Problem(s.location(), "inheritance cycle: " + String.join(" -> ", chain)));
            }
        }
    }

    private TransitionRule transition(Node n) {
        if (!(n instanceof SequenceNode seq) || seq.getValue().size() < 3 || seq.getValue().size() > 4
                || !seq.getValue().stream().allMatch(ScalarNode.class::isInstance)) {
            problems.add(new Problem(at(n), "a transition is [from, output, to] or [from, output, to, type]"));
            return null;
        }
        List<Node> parts = seq.getValue();
        TransitionType type = TransitionType.STEP_BY_STEP;
        if (parts.size() == 4) {
            try {
                type = TransitionType.ofLabel(((ScalarNode) parts.get(3)).getValue());
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(at(parts.get(3)), e.getMessage()));
                return null;
            }
        }
        return new TransitionRule(((ScalarNode) parts.get(0)).getValue(), ((ScalarNode) parts.get(1)).getValue(),
                ((ScalarNode) parts.get(2)).getValue(), type, at(n));
    }

    @SuppressWarnings("unchecked")
    private Configuration object(Node node, String what) {
        Object v = value(node);
        if (v instanceof Map<?, ?> m) {
            return Configuration.of((Map<String, ?>) m);
        }
        if (v == null) {
            return Configuration.empty();
        }
        problems.add(new Problem(at(node), what + " must be a mapping"));
        return null;
    }

    /** Whether the document's top mapping has mc_rtc's {@code init} or {@code Managed} key; false if it does not parse. */
    public static boolean hasStateMachineKeys(String text) {
        StateMachineReader probe = new StateMachineReader("");
        MappingNode top = probe.compose(text, "");
        return top != null && top.getValue().stream().map(t -> t.getKeyNode()).filter(ScalarNode.class::isInstance)
                .map(k -> ((ScalarNode) k).getValue()).anyMatch(k -> k.equals("init") || k.equals("Managed"));
    }

    /** The plain value of a node: maps, lists, strings, longs, doubles, booleans, null. */
    static Object value(Node node) {
        if (node instanceof MappingNode m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                out.put(String.valueOf(value(t.getKeyNode())), value(t.getValueNode()));
            }
            return out;
        }
        if (node instanceof SequenceNode s) {
            List<Object> out = new ArrayList<>();
            s.getValue().forEach(x -> out.add(value(x)));
            return out;
        }
        ScalarNode s = (ScalarNode) node;
        Tag tag = s.getTag();
        String text = s.getValue();
        if (Tag.NULL.equals(tag)) {
            return null;
        }
        if (Tag.BOOL.equals(tag)) {
            return Boolean.valueOf(text.equalsIgnoreCase("true") || text.equalsIgnoreCase("yes") || text.equalsIgnoreCase("on"));
        }
        if (Tag.INT.equals(tag)) {
            try {
                return Long.valueOf(text.replace("_", ""));
            } catch (NumberFormatException e) {
                return text;
            }
        }
        if (Tag.FLOAT.equals(tag)) {
            try {
                return Double.valueOf(text.replace("_", ""));
            } catch (NumberFormatException e) {
                return text;
            }
        }
        return text;
    }
}
