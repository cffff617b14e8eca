package org.embodia.nao.sim;

import org.embodia.api.buffer.Message;

/** What readers off the clock thread (the shell, tests) may ask of the simulation after a tick, consistent across it. */
final class SimulationState implements Message<SimulationState> {
    /** Ticks completed. */
    long tick;
    /** The true pose in the global frame: m, m, rad. */
    double x;
    double y;
    double theta;

    @Override
    public void copyFrom(SimulationState s) {
        tick = s.tick;
        x = s.x;
        y = s.y;
        theta = s.theta;
    }
}
