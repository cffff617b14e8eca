package org.embodia.scheduler;

/**
 * One subsystem's figures.
 *
 * @param state its FSM's current state, or null without an FSM
 * @param fault a determinism fault that stopped its FSM, or null
 * @param failures iterations in which its step or a behaviour threw
 * @param lastFailure what was thrown last, or null
 */
public record SubsystemDiagnostics(String name, String activity, boolean present, String state, String fault, long iterations,
        long failures, String lastFailure, Percentiles compute) {
}
