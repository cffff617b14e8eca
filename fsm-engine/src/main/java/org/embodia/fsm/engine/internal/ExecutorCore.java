package org.embodia.fsm.engine.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.TransitionType;
import org.embodia.api.fsm.state.State;
import org.embodia.fsm.engine.ExecutorError;

/**
 * One FSM executor with mc_rtc's semantics ([MCRTC-FSM]). One {@link #iterate()}: apply a pending
 * play or interrupt (stop and teardown the running state); run the current state; the first time
 * it reports done, latch its output; in managed mode, or when no transition matches, the FSM is
 * complete; otherwise take the transition at once if it is Auto, or StepByStep while StepByStep is
 * off, or a trigger is pending; else wait, tearing the completed state down unless {@code keepState}.
 * A state is started in one iteration and first run in the next.
 *
 * <p>Stepped by one thread; {@link #requestNext()}, {@link #requestInterrupt()} and
 * {@link #requestPlay(String)} may come from any thread and take effect at the next iteration.
 * Iterating allocates nothing unless a listener is set or a state allocates.
 */
public final class ExecutorCore {
    private final StateMachineDefinition definition;
    private final StateFactory factory;
    private final RunClock clock;
    private final String prefix;
    private final boolean keepState;
    private final Map<String, Map<String, TransitionRule>> transitions = new HashMap<>();
    private final PathContext context;

    private State current;
    private String currentName;
    private String lastRun;
    private String nextState;
    private String output;
    private boolean ready;
    private boolean triggered;
    private boolean complete;
    private volatile boolean nextRequested;
    private volatile boolean interruptRequested;
    private final AtomicReference<String> playRequested = new AtomicReference<>();
    /**
     * Written once at the end of every iteration, read first by every reader on another thread: the
     * one volatile store that publishes the plain fields above (a store per field would cost more
     * than the rest of an iteration).
     */
    private volatile long published;
    private long iterations;
    private ExecutorError error;

    public ExecutorCore(StateMachineDefinition definition, StateFactory factory, String prefix, boolean keepState) {
        this.definition = definition;
        this.factory = factory;
        this.clock = factory.clock;
        this.prefix = prefix;
        this.keepState = keepState;
        this.context = new PathContext(clock);
        for (TransitionRule t : definition.transitions()) {
            transitions.computeIfAbsent(t.from(), k -> new HashMap<>()).put(t.output(), t);
        }
        reset();
    }

    /** Back to before the first iteration: tears down a running state quietly, forgets any error. */
    public void reset() {
        if (current != null) {
            teardownCurrent();
        }
        current = null;
        currentName = null;
        lastRun = null;
        output = null;
        ready = true;
        complete = false;
        error = null;
        nextRequested = false;
        interruptRequested = false;
        playRequested.set(null);
        triggered = !definition.managed();
        nextState = definition.managed() ? null : definition.init();
        published = ++iterations;
    }

    public void iterate() {
        iterateOnce();
        published = ++iterations;
    }

    /** The volatile read that makes the fields as the loop left them after its last iteration visible to the calling thread. */
    @SuppressWarnings("unused")
    private void seeLastIteration() {
        long seen = published;
    }

    private void iterateOnce() {
        if (error != null) {
            return;
        }
        String play = playRequested.get() == null ? null : playRequested.getAndSet(null);
        if (play != null) {
            complete = false;
            triggered = true;
            nextState = play;
        }
        if (play != null || interruptRequested) {
            interruptRequested = false;
            if (current != null) {
                stopCurrent();
                teardownCurrent();
            }
            ready = true;
        }
        if (nextRequested) {
            nextRequested = false;
            triggered = true;
        }
        if (error != null) {
            return;
        }
        if (current == null) {
            if (triggered) {
                startNext();
            }
            return;
        }
        lastRun = currentName;
        boolean done;
        try {
            done = current.run(context);
        } catch (Throwable t) {
            fail("run", t);
            return;
        }
        if (clock.listener != null) {
            clock.emit("run", context.path, done || ready);
        }
        if (!(done || ready)) {
            return;
        }
        if (!ready) {
            ready = true;
            output = current.output();
        }
        TransitionRule rule = definition.managed() ? null : transition(currentName, output);
        if (rule == null) {
            if (!complete) {
                complete = true;
                clock.emit("complete", context.path, true);
            }
            completeState();
            return;
        }
        nextState = rule.to();
        TransitionType type = rule.type();
        if (type == TransitionType.AUTO || (type == TransitionType.STEP_BY_STEP && !definition.stepByStep()) || triggered) {
            startNext();
            return;
        }
        completeState();
    }

    private TransitionRule transition(String from, String out) {
        Map<String, TransitionRule> byOutput = transitions.get(from);
        if (byOutput == null) {
            return null;
        }
        TransitionRule rule = byOutput.get(out);
        return rule != null ? rule : byOutput.get(TransitionRule.DEFAULT);
    }

    /** The state has completed and the FSM waits: an idle state holds the robot, unless the state is kept. */
    private void completeState() {
        if (!keepState && current != null) {
            teardownCurrent();
        }
        ready = true;
    }

    private void startNext() {
        String name = nextState;
        if (!ready || name == null) {
            return;
        }
        ready = false;
        triggered = false;
        if (current != null) {
            teardownCurrent();
            if (error != null) {
                return;
            }
        }
        nextState = null;
        output = null;
        currentName = name;
        context.path = prefix.isEmpty() ? name : prefix + name;
        try {
            current = factory.create(name, definition.configs().get(name));
        } catch (Throwable t) {
            fail("create", t);
            return;
        }
        try {
            current.start(context);
        } catch (Throwable t) {
            fail("start", t);
            return;
        }
        clock.emit("start", context.path, false);
    }

    /** Calls the running state's stop, as an interrupt does. */
    public void stopCurrent() {
        if (current == null) {
            return;
        }
        try {
            current.stop(context);
        } catch (Throwable t) {
            fail("stop", t);
            return;
        }
        clock.emit("stop", context.path, false);
    }

    /** Tears the running state down and lets it go. */
    public void teardownCurrent() {
        State s = current;
        if (s == null) {
            return;
        }
        current = null;
        try {
            s.teardown(context);
        } catch (Throwable t) {
            fail("teardown", t);
            return;
        } finally {
            factory.release(s);
        }
        clock.emit("teardown", context.path, false);
    }

    private void fail(String phase, Throwable cause) {
        error = new ExecutorError(clock.iteration, context.path, phase, cause);
        clock.emit("error", context.path, false);
        State s = current;
        current = null;
        if (s != null) {
            try {
                s.teardown(context);
                clock.emit("teardown", context.path, false);
            } catch (Throwable t) {
                cause.addSuppressed(t);
            } finally {
                factory.release(s);
            }
        }
    }

    /** Asks for the waiting transition; false, and nothing changes, before the state completed or in managed mode. */
    public boolean requestNext() {
        seeLastIteration();
        if (definition.managed() || !ready || error != null) {
            return false;
        }
        nextRequested = true;
        return true;
    }

    public void requestInterrupt() {
        interruptRequested = true;
    }

    /**
     * Interrupts whatever runs and starts {@code state} at the next iteration, in managed mode and
     * after completion too.
     *
     * @throws IllegalArgumentException if no state of that name can be created; nothing changes then
     */
    public void requestPlay(String state) {
        if (!canPlay(state)) {
            throw new IllegalArgumentException("no state '" + state + "' to play (available: " + String.join(", ", factory.names()) + ")");
        }
        playRequested.set(state);
    }

    public boolean canPlay(String state) {
        return state != null && factory.has(state);
    }

    public StateMachineDefinition definition() {
        return definition;
    }

    /** The state started last and not yet left, or null. */
    public String currentState() {
        seeLastIteration();
        return current == null ? null : currentName;
    }

    /** The state whose run was called in the last iteration that ran one. */
    public String lastRun() {
        seeLastIteration();
        return lastRun;
    }

    public String output() {
        seeLastIteration();
        return output;
    }

    public boolean ready() {
        seeLastIteration();
        return ready;
    }

    public boolean complete() {
        seeLastIteration();
        return complete;
    }

    public String nextState() {
        seeLastIteration();
        return nextState;
    }

    public ExecutorError error() {
        seeLastIteration();
        return error;
    }
}
