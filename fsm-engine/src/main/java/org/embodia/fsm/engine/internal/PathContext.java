package org.embodia.fsm.engine.internal;

import org.embodia.api.fsm.state.StateContext;

/** The context an executor hands its current state; reused from one activation to the next. */
final class PathContext implements StateContext {
    private final RunClock clock;
    String path;

    PathContext(RunClock clock) {
        this.clock = clock;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public double dt() {
        return clock.dt;
    }

    @Override
    public long iteration() {
        return clock.iteration;
    }
}
