package org.embodia.api.fsm;

/** A predicate the subsystem computes from its buffers and memory, as the definition declares it. */
public record InputPredicate(String name, String description, SourceLocation location) {
}
