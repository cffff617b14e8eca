package org.embodia.api.fsm;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated FSM definition: the states of a subsystem, the predicates its conditions read and
 * its initial state. {@code assumptions} are conditions the inputs always satisfy (for instance that
 * at most one command kind arrives with a single command); the static check enumerates only
 * assignments that satisfy them.
 */
public record FsmDefinition(String name, String description, String source, String initialState,
        List<InputPredicate> inputs, List<DerivedPredicate> derived, Map<String, Integer> parameters,
        List<Condition> assumptions, List<StateDefinition> states) {
    public FsmDefinition {
        inputs = List.copyOf(inputs);
        derived = List.copyOf(derived);
        parameters = Map.copyOf(parameters);
        assumptions = List.copyOf(assumptions);
        states = List.copyOf(states);
    }

    public Optional<StateDefinition> state(String stateName) {
        return states.stream().filter(s -> s.name().equals(stateName)).findFirst();
    }
}
