package org.embodia.fsm.engine.internal;

import org.embodia.fsm.engine.ExecutorListener;

/** What an executor and the executors nested in it share: the iteration, the time step and the listener. */
public final class RunClock {
    final double dt;
    final ExecutorListener listener;
    long iteration;

    public RunClock(double dt, ExecutorListener listener) {
        if (!(dt > 0) || Double.isInfinite(dt)) {
            throw new IllegalArgumentException("the time step must be a positive number of seconds, not " + dt);
        }
        this.dt = dt;
        this.listener = listener;
    }

    void emit(String event, String state, boolean done) {
        if (listener != null) {
            listener.event(iteration, event, state, done);
        }
    }

    public long iteration() {
        return iteration;
    }

    public void tick() {
        iteration++;
    }

    public void reset() {
        iteration = 0;
    }
}
