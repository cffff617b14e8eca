package org.embodia.fsm.engine;

import org.osgi.annotation.versioning.ConsumerType;

/** Observes an executor's state lifecycle, for tools and logs: never called when no listener is set. */
@ConsumerType
@FunctionalInterface
public interface ExecutorListener {
    /**
     * @param iteration the top executor's iteration, from 1
     * @param event start, run, stop, teardown, complete or error
     * @param state the state's path, {@code Meta/Inner} for nested states
     * @param done on run events, whether the executor holds the state as completed after that run
     */
    void event(long iteration, String event, String state, boolean done);
}
