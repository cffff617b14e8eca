package org.embodia.fsm.engine.internal;

import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.StateContext;

/**
 * Waits {@code duration} seconds and outputs OK: with time step dt it completes on run number
 * ceil(duration/dt)+1, as mc_rtc's Pause. The quotient is taken with a tolerance of 1e-9 so that
 * 0.1 s at 0.02 s is 5 steps, not 6 through rounding.
 */
final class PauseState extends BaseState {
    private long goal;
    private long runs;

    @Override
    public void start(StateContext context) {
        double duration = config().getDouble("duration", 0);
        if (!(duration >= 0) || Double.isInfinite(duration)) {
            throw new IllegalArgumentException("Pause duration must be a non-negative number of seconds, not " + duration);
        }
        goal = (long) Math.ceil(duration / context.dt() - 1e-9);
        runs = 0;
    }

    @Override
    public boolean run(StateContext context) {
        if (++runs > goal) {
            output("OK");
            return true;
        }
        return false;
    }
}
