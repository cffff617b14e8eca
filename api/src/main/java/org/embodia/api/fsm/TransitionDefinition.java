package org.embodia.api.fsm;

/** An arc of the behaviour selection automaton: the initial condition σ of {@code target} from its state. */
public record TransitionDefinition(String target, Condition initialCondition, SourceLocation location) {
}
