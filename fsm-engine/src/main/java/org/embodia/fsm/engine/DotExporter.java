package org.embodia.fsm.engine;

import java.util.LinkedHashSet;
import java.util.Set;

import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TransitionDefinition;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.TransitionType;

/**
 * Writes a definition as a Graphviz digraph: one node per state labelled with its τ and ε (when not
 * FALSE), one edge per transition labelled with its σ, the initial state marked, and optionally the
 * current state highlighted.
 */
public final class DotExporter {
    private DotExporter() {
    }

    /**
     * @param current the state to highlight, or null
     * @throws IllegalArgumentException if {@code current} is not a state of the definition
     */
    public static String toDot(FsmDefinition definition, String current) {
        if (current != null && definition.state(current).isEmpty()) {
            throw new IllegalArgumentException("'" + current + "' is not a state of " + definition.name());
        }
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(definition.name())).append(" {\n");
        out.append("  rankdir=LR;\n");
        out.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  \"__initial\" [shape=point, width=0.15, label=\"\"];\n");
        for (StateDefinition s : definition.states()) {
            StringBuilder label = new StringBuilder(s.name());
            label.append("\\nτ: ").append(s.terminalCondition());
            if (!Condition.Constant.FALSE.equals(s.errorCondition())) {
                label.append("\\nε: ").append(s.errorCondition());
            }
            out.append("  ").append(quote(s.name())).append(" [label=").append(quote(label.toString()));
            if (s.name().equals(current)) {
                out.append(", style=\"rounded,filled,bold\", fillcolor=\"#ffd54f\"");
            }
            out.append("];\n");
        }
        out.append("  \"__initial\" -> ").append(quote(definition.initialState())).append(";\n");
        for (StateDefinition s : definition.states()) {
            for (TransitionDefinition t : s.transitions()) {
                out.append("  ").append(quote(s.name())).append(" -> ").append(quote(t.target()))
                        .append(" [label=").append(quote("σ: " + t.initialCondition())).append("];\n");
            }
        }
        out.append("}\n");
        return out.toString();
    }

    /**
     * An mc_rtc-style FSM: its states (text states with their base), the initial state marked, one
     * edge per transition labelled with the output and, unless StepByStep, the transition type.
     *
     * @param current the state to highlight, or null
     */
    public static String toDot(StateMachineDefinition definition, String current) {
        Set<String> states = new LinkedHashSet<>();
        if (definition.init() != null) {
            states.add(definition.init());
        }
        definition.transitions().forEach(t -> {
            states.add(t.from());
            states.add(t.to());
        });
        if (current != null && !states.contains(current) && !definition.states().containsKey(current)) {
            throw new IllegalArgumentException("'" + current + "' is not a state of " + definition.name());
        }
        if (current != null) {
            states.add(current);
        }
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(definition.name())).append(" {\n");
        out.append("  rankdir=LR;\n");
        out.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        for (String s : states) {
            String label = definition.states().containsKey(s) ? s + "\\n(" + definition.states().get(s).base() + ")" : s;
            out.append("  ").append(quote(s)).append(" [label=").append(quote(label));
            if (s.equals(current)) {
                out.append(", style=\"rounded,filled,bold\", fillcolor=\"#ffd54f\"");
            }
            out.append("];\n");
        }
        if (definition.init() != null) {
            out.append("  \"__initial\" [shape=point, width=0.15, label=\"\"];\n");
            out.append("  \"__initial\" -> ").append(quote(definition.init())).append(";\n");
        }
        for (TransitionRule t : definition.transitions()) {
            String label = t.type() == TransitionType.STEP_BY_STEP ? t.output() : t.output() + " (" + t.type().label() + ")";
            out.append("  ").append(quote(t.from())).append(" -> ").append(quote(t.to())).append(" [label=").append(quote(label))
                    .append("];\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private static String quote(String text) {
        return '"' + text.replace("\"", "\\\"") + '"';
    }
}
