package org.embodia.api.fsm;

/**
 * A transition of an mc_rtc-style FSM: from a state, on one of its outputs, to a state.
 * The output {@value #DEFAULT} matches any output that has no transition of its own.
 */
public record TransitionRule(String from, String output, String to, TransitionType type, SourceLocation location) {
    public static final String DEFAULT = "DEFAULT";
}
