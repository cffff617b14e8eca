package org.embodia.fsm.engine;

import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;

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

    private static String quote(String text) {
        return '"' + text.replace("\"", "\\\"") + '"';
    }
}
