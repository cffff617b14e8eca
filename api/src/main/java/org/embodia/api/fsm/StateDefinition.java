package org.embodia.api.fsm;

import java.util.List;

/**
 * A state: the behaviours run in it every iteration (several run side by side, as in FABRIC),
 * its terminal condition τ, its error condition ε and its outgoing transitions.
 */
public record StateDefinition(String name, List<String> behaviors, Condition terminalCondition,
        Condition errorCondition, List<TransitionDefinition> transitions, SourceLocation location) {
    public StateDefinition {
        behaviors = List.copyOf(behaviors);
        transitions = List.copyOf(transitions);
    }
}
