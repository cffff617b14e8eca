package org.embodia.api.fsm;

import java.util.Set;

/**
 * A predicate the definition derives from the FSM's own history: true when the number of
 * consecutive iterations spent in {@code states}, up to and including the current one, exceeds
 * {@code threshold}. Velma's {@code safeItPassed500} is one.
 */
public record DerivedPredicate(String name, String description, Set<String> states, int threshold,
        SourceLocation location) {
    public DerivedPredicate {
        states = Set.copyOf(states);
    }
}
