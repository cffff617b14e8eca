package org.embodia.fsm.engine;

/**
 * Why an executor stopped: a state failed to be created, or threw from one of its lifecycle methods.
 *
 * @param iteration the executor iteration, from 1
 * @param state the state's path, {@code Meta/Inner} for nested states
 * @param phase create, configure, start, run, stop or teardown
 */
public record ExecutorError(long iteration, String state, String phase, Throwable cause) {
    public String message() {
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getClass().getSimpleName() + ": " + cause.getMessage();
        return "state '" + state + "' failed in " + phase + " at iteration " + iteration + ": " + why;
    }
}
