package org.embodia.fsm.engine.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.InputPredicate;
import org.embodia.api.fsm.SourceLocation;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;
import org.embodia.fsm.engine.Problem;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads an Embodied Agent FSM definition from YAML (JSON is YAML too), collecting every problem
 * with its line and column instead of stopping at the first. See {@code docs/fsm-definitions.md}.
 */
public final class DefinitionReader extends YamlReader {
    private static final Set<String> TOP_KEYS = Set.of("fsm", "description", "initial", "inputs", "parameters",
            "derived", "assume", "states");
    private static final Set<String> STATE_KEYS = Set.of("behaviors", "terminal", "error", "transitions");
    private static final Set<String> DERIVED_KEYS = Set.of("description", "consecutive_in", "exceeds");
    private static final Pattern FSM_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]*");

    /** Names declared under 'derived', valid or not, so that one bad entry does not make every use of it an error too. */
    private final Set<String> derivedNames = new HashSet<>();
    /** Likewise for parameters whose value is malformed. */
    private final Set<String> parameterNames = new HashSet<>();

    public DefinitionReader(String file) {
        super(file);
    }

    /** Reads a definition; returns null when there are problems. */
    public FsmDefinition read(String text, Map<String, Integer> parameterOverrides) {
        MappingNode top = compose(text, "a definition is a mapping with the keys fsm, initial, inputs and states");
        if (top == null) {
            return null;
        }
        Map<String, NodeTuple> keys = entries(top, TOP_KEYS, "definition");

        String name = requiredScalar(keys, "fsm", top, "the FSM's name, e.g. velma.ve_body");
        if (name != null && !FSM_NAME.matcher(name).matches()) {
            problems.add(new Problem(at(keys.get("fsm").getValueNode()), "FSM name '" + name
                    + "' may hold only letters, digits, '_', '.' and '-'"));
        }
        String description = optionalScalar(keys, "description");

        Map<String, InputPredicate> inputs = readInputs(keys.get("inputs"));
        Map<String, Integer> parameters = readParameters(keys.get("parameters"), parameterOverrides, top);
        Map<String, Node> stateNodes = new LinkedHashMap<>();
        NodeTuple statesTuple = keys.get("states");
        if (statesTuple == null) {
            problems.add(new Problem(at(top), "missing 'states': a definition needs at least one state"));
        } else if (statesTuple.getValueNode() instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                String stateName = keyName(t, "state");
                if (stateName != null && stateNodes.putIfAbsent(stateName, t.getKeyNode()) != null) {
                    problems.add(new Problem(at(t.getKeyNode()), "state '" + stateName + "' is defined twice"));
                }
            }
            if (m.getValue().isEmpty()) {
                problems.add(new Problem(at(m), "'states' is empty: a definition needs at least one state"));
            }
        } else {
            problems.add(new Problem(at(statesTuple.getValueNode()), "'states' must be a mapping from state names to states"));
        }

        List<DerivedPredicate> derived = readDerived(keys.get("derived"), parameters, stateNodes.keySet(), inputs.keySet());
        Set<String> known = new HashSet<>(inputs.keySet());
        known.addAll(derivedNames);
        known.add(Predicates.CURRENT_BEHAVIOR_OK);

        List<Condition> assumptions = new ArrayList<>();
        NodeTuple assume = keys.get("assume");
        if (assume != null) {
            if (assume.getValueNode() instanceof SequenceNode seq) {
                for (Node n : seq.getValue()) {
                    Condition c = condition(n, known, false, "assumption");
                    if (c != null) {
                        assumptions.add(c);
                    }
                }
            } else {
                problems.add(new Problem(at(assume.getValueNode()), "'assume' must be a list of conditions"));
            }
        }

        List<StateDefinition> states = new ArrayList<>();
        if (statesTuple != null && statesTuple.getValueNode() instanceof MappingNode m) {
            Set<String> seen = new HashSet<>();
            for (NodeTuple t : m.getValue()) {
                String stateName = keyName(t, "state");
                if (stateName != null && seen.add(stateName)) {
                    StateDefinition s = readState(stateName, t, known, stateNodes.keySet());
                    if (s != null) {
                        states.add(s);
                    }
                }
            }
        }

        String initial = null;
        NodeTuple initialTuple = keys.get("initial");
        if (initialTuple == null) {
            problems.add(new Problem(at(top), "missing initial state: add 'initial: <state>'"));
        } else {
            initial = scalar(initialTuple.getValueNode(), "initial");
            if (initial != null && !stateNodes.isEmpty() && !stateNodes.containsKey(initial)) {
                problems.add(new Problem(at(initialTuple.getValueNode()), "initial state '" + initial
                        + "' is not a state of this FSM (states: " + String.join(", ", stateNodes.keySet()) + ")"));
                initial = null;
            }
        }

        if (initial != null && problems.isEmpty()) {
            reportUnreachable(initial, states, stateNodes);
        }
        if (!problems.isEmpty()) {
            return null;
        }
        return new FsmDefinition(name, description == null ? "" : description, file, initial,
                List.copyOf(inputs.values()), derived, parameters, assumptions, states);
    }

    private Map<String, InputPredicate> readInputs(NodeTuple tuple) {
        Map<String, InputPredicate> inputs = new LinkedHashMap<>();
        if (tuple == null) {
            return inputs;
        }
        Node value = tuple.getValueNode();
        if (value instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                String n = keyName(t, "input predicate");
                String d = scalar(t.getValueNode(), "description of input predicate '" + n + "'");
                addInput(inputs, n, d, t.getKeyNode());
            }
        } else if (value instanceof SequenceNode s) {
            for (Node n : s.getValue()) {
                addInput(inputs, scalar(n, "input predicate"), "", n);
            }
        } else {
            problems.add(new Problem(at(value), "'inputs' must map predicate names to their meaning, or list the names"));
        }
        return inputs;
    }

    private void addInput(Map<String, InputPredicate> inputs, String n, String description, Node where) {
        if (n == null || !checkPredicateName(n, where)) {
            return;
        }
        if (inputs.putIfAbsent(n, new InputPredicate(n, description == null ? "" : description, at(where))) != null) {
            problems.add(new Problem(at(where), "input predicate '" + n + "' is declared twice"));
        }
    }

    private boolean checkPredicateName(String n, Node where) {
        if (Predicates.RESERVED.contains(n)) {
            problems.add(new Problem(at(where), n + " is given by the engine and cannot be declared"));
            return false;
        }
        if (!Predicates.isValidName(n)) {
            problems.add(new Problem(at(where), "'" + n + "' is not a valid predicate name"));
            return false;
        }
        return true;
    }

    private Map<String, Integer> readParameters(NodeTuple tuple, Map<String, Integer> overrides, Node top) {
        Map<String, Integer> parameters = new LinkedHashMap<>();
        if (tuple != null) {
            if (tuple.getValueNode() instanceof MappingNode m) {
                for (NodeTuple t : m.getValue()) {
                    String n = keyName(t, "parameter");
                    parameterNames.add(n);
                    Integer v = integer(t.getValueNode(), "parameter '" + n + "'");
                    if (n != null && v != null && parameters.putIfAbsent(n, v) != null) {
                        problems.add(new Problem(at(t.getKeyNode()), "parameter '" + n + "' is defined twice"));
                    }
                }
            } else {
                problems.add(new Problem(at(tuple.getValueNode()), "'parameters' must map names to integers"));
            }
        }
        for (Map.Entry<String, Integer> o : overrides.entrySet()) {
            if (!parameters.containsKey(o.getKey())) {
                problems.add(new Problem(tuple == null ? at(top) : at(tuple.getKeyNode()), "parameter '" + o.getKey()
                        + "' was given a value but the definition does not declare it (declared: "
                        + String.join(", ", parameters.keySet()) + ")"));
            } else {
                parameters.put(o.getKey(), o.getValue());
            }
        }
        return parameters;
    }

    private List<DerivedPredicate> readDerived(NodeTuple tuple, Map<String, Integer> parameters, Set<String> stateNames,
            Set<String> inputNames) {
        List<DerivedPredicate> derived = new ArrayList<>();
        if (tuple == null) {
            return derived;
        }
        if (!(tuple.getValueNode() instanceof MappingNode m)) {
            problems.add(new Problem(at(tuple.getValueNode()), "'derived' must map predicate names to their definitions"));
            return derived;
        }
        Set<String> seen = new HashSet<>();
        for (NodeTuple t : m.getValue()) {
            String n = keyName(t, "derived predicate");
            if (n == null || !checkPredicateName(n, t.getKeyNode())) {
                continue;
            }
            derivedNames.add(n);
            if (inputNames.contains(n) || !seen.add(n)) {
                problems.add(new Problem(at(t.getKeyNode()), "predicate '" + n + "' is defined twice"));
                continue;
            }
            if (!(t.getValueNode() instanceof MappingNode body)) {
                problems.add(new Problem(at(t.getValueNode()), "derived predicate '" + n
                        + "' needs 'consecutive_in: [states]' and 'exceeds: <count or parameter>'"));
                continue;
            }
            Map<String, NodeTuple> keys = entries(body, DERIVED_KEYS, "derived predicate '" + n + "'");
            String description = optionalScalar(keys, "description");
            Set<String> states = new LinkedHashSet<>();
            NodeTuple in = keys.get("consecutive_in");
            if (in == null || !(in.getValueNode() instanceof SequenceNode seq)) {
                problems.add(new Problem(at(in == null ? body : in.getValueNode()), "derived predicate '" + n
                        + "' needs 'consecutive_in', a list of states"));
            } else {
                for (Node s : seq.getValue()) {
                    String stateName = scalar(s, "state");
                    if (stateName != null && !stateNames.isEmpty() && !stateNames.contains(stateName)) {
                        problems.add(new Problem(at(s), "unknown state '" + stateName + "' in derived predicate '" + n + "'"));
                    }
                    states.add(stateName);
                }
            }
            Integer threshold = null;
            NodeTuple exceeds = keys.get("exceeds");
            if (exceeds == null) {
                problems.add(new Problem(at(body), "derived predicate '" + n + "' needs 'exceeds: <count or parameter>'"));
            } else {
                String text = scalar(exceeds.getValueNode(), "exceeds");
                if (text != null && parameters.containsKey(text)) {
                    threshold = parameters.get(text);
                } else if (text != null && text.matches("-?\\d+")) {
                    threshold = Integer.valueOf(text);
                } else if (text != null && !parameterNames.contains(text)) {
                    problems.add(new Problem(at(exceeds.getValueNode()), "'exceeds' is neither an integer nor a declared parameter: '"
                            + text + "'"));
                }
            }
            if (threshold != null && !states.isEmpty()) {
                derived.add(new DerivedPredicate(n, description == null ? "" : description, states, threshold, at(t.getKeyNode())));
            }
        }
        return derived;
    }

    private StateDefinition readState(String stateName, NodeTuple tuple, Set<String> known, Set<String> stateNames) {
        Node value = tuple.getValueNode();
        if (!(value instanceof MappingNode body)) {
            problems.add(new Problem(at(value), "state '" + stateName + "' must be a mapping with 'terminal' and 'transitions'"));
            return null;
        }
        Map<String, NodeTuple> keys = entries(body, STATE_KEYS, "state '" + stateName + "'");
        List<String> behaviors = new ArrayList<>();
        NodeTuple b = keys.get("behaviors");
        if (b == null) {
            behaviors.add(stateName);
        } else if (b.getValueNode() instanceof SequenceNode seq) {
            for (Node n : seq.getValue()) {
                String behavior = scalar(n, "behaviour");
                if (behavior != null) {
                    behaviors.add(behavior);
                }
            }
        } else {
            String behavior = scalar(b.getValueNode(), "behaviour");
            if (behavior != null) {
                behaviors.add(behavior);
            }
        }
        NodeTuple terminal = keys.get("terminal");
        Condition tau = null;
        if (terminal == null) {
            problems.add(new Problem(at(tuple.getKeyNode()), "state '" + stateName + "' has no terminal condition ('terminal:')"));
        } else {
            tau = condition(terminal.getValueNode(), known, false, "terminal condition of '" + stateName + "'");
        }
        NodeTuple error = keys.get("error");
        Condition epsilon = error == null ? Condition.Constant.FALSE
                : condition(error.getValueNode(), known, false, "error condition of '" + stateName + "'");
        List<TransitionDefinition> transitions = new ArrayList<>();
        NodeTuple tr = keys.get("transitions");
        if (tr != null) {
            if (tr.getValueNode() instanceof MappingNode m) {
                Set<String> targets = new HashSet<>();
                for (NodeTuple t : m.getValue()) {
                    String target = keyName(t, "target state");
                    if (target == null) {
                        continue;
                    }
                    if (!targets.add(target)) {
                        problems.add(new Problem(at(t.getKeyNode()), "transition " + stateName + " -> " + target + " is defined twice"));
                    }
                    if (!stateNames.contains(target)) {
                        problems.add(new Problem(at(t.getKeyNode()), "unknown state '" + target + "' in transition from '"
                                + stateName + "' (states: " + String.join(", ", stateNames) + ")"));
                    }
                    Condition sigma = condition(t.getValueNode(), known, true, "initial condition of " + stateName + " -> " + target);
                    if (sigma != null) {
                        transitions.add(new TransitionDefinition(target, sigma, at(t.getKeyNode())));
                    }
                }
            } else {
                problems.add(new Problem(at(tr.getValueNode()), "'transitions' of state '" + stateName
                        + "' must map target states to initial conditions"));
            }
        }
        if (tau == null || epsilon == null) {
            return null;
        }
        return new StateDefinition(stateName, behaviors, tau, epsilon, transitions, at(tuple.getKeyNode()));
    }

    private Condition condition(Node node, Set<String> known, boolean inErrorAllowed, String what) {
        String text = scalar(node, what);
        if (text == null) {
            return null;
        }
        Condition c;
        try {
            c = ConditionParser.parse(text);
        } catch (ConditionParser.SyntaxError e) {
            problems.add(new Problem(atColumn((ScalarNode) node, e.column()), "syntax error in " + what + ": " + e.getMessage()));
            return null;
        }
        boolean ok = true;
        for (String n : c.names()) {
            if (n.equals(Predicates.IN_ERROR)) {
                if (!inErrorAllowed) {
                    problems.add(new Problem(atColumn((ScalarNode) node, text.indexOf(n)), "IN_ERROR is valid in initial conditions only, not in the "
                            + what));
                    ok = false;
                }
            } else if (!known.contains(n)) {
                problems.add(new Problem(atColumn((ScalarNode) node, indexOfWord(text, n)), "unknown predicate '" + n + "' in " + what
                        + ": declare it under 'inputs' or 'derived'"));
                ok = false;
            }
        }
        return ok ? c : null;
    }

    private void reportUnreachable(String initial, List<StateDefinition> states, Map<String, Node> stateNodes) {
        Map<String, StateDefinition> byName = new HashMap<>();
        states.forEach(s -> byName.put(s.name(), s));
        Set<String> reached = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        work.add(initial);
        reached.add(initial);
        while (!work.isEmpty()) {
            StateDefinition s = byName.get(work.poll());
            // Even a state whose τ and ε are FALSE ends when a behaviour throws, so all its arcs count.
            if (s == null) {
                continue;
            }
            for (TransitionDefinition t : s.transitions()) {
                if (!isFalse(t.initialCondition()) && reached.add(t.target())) {
                    work.add(t.target());
                }
            }
        }
        for (Map.Entry<String, Node> e : stateNodes.entrySet()) {
            if (!reached.contains(e.getKey())) {
                problems.add(new Problem(at(e.getValue()), "state '" + e.getKey() + "' is unreachable from the initial state '"
                        + initial + "'"));
            }
        }
    }

    private static boolean isFalse(Condition c) {
        return c instanceof Condition.Constant k && !k.value();
    }

    private static int indexOfWord(String text, String word) {
        java.util.regex.Matcher m = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(word) + "(?![A-Za-z0-9_])").matcher(text);
        return m.find() ? m.start() : 0;
    }

}
