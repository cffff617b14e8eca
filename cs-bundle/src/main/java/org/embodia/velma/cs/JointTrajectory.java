package org.embodia.velma.cs;

/**
 * A minimum-jerk joint trajectory from a start to a goal; preallocated, sampling allocates nothing. A joint
 * that starts moving keeps its start velocity in the reference, fading to nothing over {@link #BLEND}
 * seconds (x − 6x³ + 8x⁴ − 3x⁵, whose value, slope and curvature vanish at 1): a motion taken while the
 * arm still moves (just out of safe_col, say) brakes it smoothly instead of stopping the reference dead,
 * which a stiff impedance would answer with torques beyond the limits.
 */
final class JointTrajectory {
    /** Seconds over which a start velocity fades out of the reference. */
    static final double BLEND = 0.1;
    private final double[] start;
    private final double[] startVelocity;
    private final double[] goal;
    private double duration = 1;

    JointTrajectory(int joints) {
        start = new double[joints];
        startVelocity = new double[joints];
        goal = new double[joints];
    }

    void set(int j, double from, double to) {
        set(j, from, 0, to);
    }

    void set(int j, double from, double velocity, double to) {
        start[j] = from;
        startVelocity[j] = velocity;
        goal[j] = to;
    }

    void setDuration(double seconds) {
        duration = seconds;
    }

    double duration() {
        return duration;
    }

    double goal(int j) {
        return goal[j];
    }

    double position(int j, double t) {
        double x = Math.min(t / BLEND, 1);
        return start[j] + (goal[j] - start[j]) * MinimumJerk.position(t, duration)
                + startVelocity[j] * BLEND * x * (1 - x) * (1 - x) * (1 - x) * (1 + 3 * x);
    }

    double velocity(int j, double t) {
        double x = Math.min(t / BLEND, 1);
        return (goal[j] - start[j]) * MinimumJerk.velocity(t, duration)
                + startVelocity[j] * (1 - x) * (1 - x) * (1 + 2 * x - 15 * x * x);
    }
}
