package org.embodia.fsm.engine;

import java.util.List;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.internal.ExecutorCore;
import org.embodia.fsm.engine.internal.RunClock;
import org.embodia.fsm.engine.internal.StateFactory;

/**
 * Runs an mc_rtc-style FSM ([MCRTC-FSM]): states with their lifecycle, transitions chosen by outputs,
 * Managed, StepByStep, IdleKeepState, and the next, interrupt and play commands. Iterations count
 * from 1; the first starts the initial state, which first runs in the second.
 *
 * <p>One thread calls {@link #step()}; the commands and the getters may be called from any thread.
 */
public final class Executor {
    private final ExecutorCore core;
    private final RunClock clock;

    private Executor(ExecutorCore core, RunClock clock) {
        this.core = core;
        this.clock = clock;
    }

    /**
     * @param library the state implementations besides the built-in Pause, Parallel and Meta
     * @param dt the time step in seconds
     * @param listener lifecycle events, or null
     * @throws FsmLoadException naming, with file and line, every state the definition uses and the library cannot create
     */
    public static Executor create(StateMachineDefinition definition, StateLibrary library, double dt, ExecutorListener listener)
            throws FsmLoadException {
        RunClock clock = new RunClock(dt, listener);
        StateFactory factory = new StateFactory(definition.states(), library, clock);
        List<Problem> problems = factory.validate(definition);
        if (!problems.isEmpty()) {
            throw new FsmLoadException(problems);
        }
        return new Executor(new ExecutorCore(definition, factory, "", definition.idleKeepState()), clock);
    }

    /** One iteration; false once the FSM is in error. */
    public boolean step() {
        clock.tick();
        core.iterate();
        return core.error() == null;
    }

    /** Stops and tears down the running state now, as when the FSM is shut down; the executor then waits. Not while stepping. */
    public void close() {
        core.stopCurrent();
        core.teardownCurrent();
    }

    /** Triggers the waiting transition; false (and ignored) before the state completed and in managed mode. */
    public boolean next() {
        return core.requestNext();
    }

    /** Stops and tears down the running state at the next iteration; the FSM then waits. */
    public void interrupt() {
        core.requestInterrupt();
    }

    /**
     * Forces {@code state}: the running state is interrupted and {@code state} starts at the next iteration.
     *
     * @throws IllegalArgumentException for an unknown state, changing nothing
     */
    public void play(String state) {
        core.requestPlay(state);
    }

    /** Whether {@link #play} knows {@code state}. */
    public boolean canPlay(String state) {
        return core.canPlay(state);
    }

    public StateMachineDefinition definition() {
        return core.definition();
    }

    /** The running state, or null while waiting. */
    public String state() {
        return core.currentState();
    }

    /** The latched output of the state that completed last, or null. */
    public String output() {
        return core.output();
    }

    /** The state a transition waits to start, or null. */
    public String nextState() {
        return core.nextState();
    }

    /** Whether the FSM has completed: managed, or no transition for the last output. */
    public boolean complete() {
        return core.complete();
    }

    /** Whether the current state has completed (or none runs). */
    public boolean ready() {
        return core.ready();
    }

    public ExecutorError error() {
        return core.error();
    }

    public long iteration() {
        return clock.iteration();
    }
}
