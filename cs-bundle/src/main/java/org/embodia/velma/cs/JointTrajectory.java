package org.embodia.velma.cs;

/** A minimum-jerk joint trajectory from a start to a goal; preallocated, sampling allocates nothing. */
final class JointTrajectory {
    private final double[] start;
    private final double[] goal;
    private double duration = 1;

    JointTrajectory(int joints) {
        start = new double[joints];
        goal = new double[joints];
    }

    void set(int j, double from, double to) {
        start[j] = from;
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
        return start[j] + (goal[j] - start[j]) * MinimumJerk.position(t, duration);
    }

    double velocity(int j, double t) {
        return (goal[j] - start[j]) * MinimumJerk.velocity(t, duration);
    }
}
