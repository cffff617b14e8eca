package org.embodia.velma.sim.api;

import org.osgi.annotation.versioning.ProviderType;

/** The simulation of Velma's real effectors (both LWRs, the torso and head drives) and its clock. */
@ProviderType
public interface VelmaSimulator {
    /**
     * The framework property that chooses the pace when the configuration does not: {@code realtime},
     * {@code manual} or {@code loop} (the end of each control cycle ticks it).
     */
    String PACE_PROPERTY = "embodia.velma.sim.pace";

    /** Whether it ticks at 500 Hz on its own thread (pace realtime) rather than by {@link #advance} or with the control loop. */
    boolean realtime();

    /**
     * Runs {@code ticks} ticks on the calling thread: physics step, status, the attached cycles.
     *
     * @throws IllegalStateException at pace realtime
     */
    void advance(int ticks);

    long ticks();

    /** Invalid commands (NaN, infinite, over a limit) each device received so far: right arm, left arm, torso, head pan, head tilt. */
    long[] invalidCommands();
}
