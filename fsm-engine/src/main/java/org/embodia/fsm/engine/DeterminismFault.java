package org.embodia.fsm.engine;

import java.util.List;
import java.util.Map;

/**
 * A state ended and not exactly one of its initial conditions held (docs/architecture.md contract 2).
 *
 * @param iteration the iteration, from 0, in which the state ended
 * @param state the state that ended
 * @param endedInError whether the error condition ended it (the value of IN_ERROR)
 * @param holding the target states whose initial conditions held: none or several
 * @param predicates every predicate value of that iteration, IN_ERROR and CURRENT_BEHAVIOR_OK included
 */
public record DeterminismFault(long iteration, String state, boolean endedInError, List<String> holding,
        Map<String, Boolean> predicates) {
    public DeterminismFault {
        holding = List.copyOf(holding);
    }

    public String message() {
        String how = endedInError ? "its error condition" : "its terminal condition";
        return holding.isEmpty()
                ? "state '" + state + "' ended by " + how + " in iteration " + iteration + " and no initial condition holds"
                : "state '" + state + "' ended by " + how + " in iteration " + iteration + " and " + holding.size()
                        + " initial conditions hold: to " + String.join(", ", holding);
    }
}
