package org.embodia.fsm.engine;

import org.embodia.api.fsm.StateMachineDefinition;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An mc_rtc-style FSM running in the framework, started by a Config Admin configuration of the
 * factory PID {@value #FACTORY_PID} ({@code fsm}: the definition's name; {@code name}; {@code dt}
 * in seconds; {@code periodic}: false to step it by hand). Commands take effect at its next iteration.
 */
@ProviderType
public interface RunningFsm {
    String FACTORY_PID = "org.embodia.fsm.run";

    String name();

    StateMachineDefinition definition();

    /** The running state, or null while waiting. */
    String state();

    /** The latched output of the state that completed last, or null. */
    String output();

    /** The state a transition waits to start, or null. */
    String nextState();

    boolean complete();

    long iteration();

    /** Why the FSM stopped, or null. */
    ExecutorError error();

    /** Triggers the waiting transition; false when ignored (state not completed, managed FSM). */
    boolean next();

    void interrupt();

    /** @throws IllegalArgumentException for an unknown state, changing nothing */
    void play(String state);

    /**
     * Runs {@code iterations} iterations now, for an FSM configured without a period (stepped by hand).
     *
     * @throws IllegalStateException if the FSM steps on its own period
     */
    void step(int iterations);
}
