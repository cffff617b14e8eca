package org.embodia.velma.cs;

/**
 * A minimum-jerk Cartesian trajectory of one end effector: the position along a straight line, the
 * orientation about the one axis that turns the start into the goal. Preallocated; sampling allocates nothing.
 */
final class CartesianTrajectory {
    private final double[] start = new double[16];
    private final double[] goal = new double[16];
    /** The rotation from start to goal as a rotation vector in the start frame. */
    private final double[] turn = new double[3];
    private final double[] m = new double[9];
    private double duration = 1;

    void plan(double[] from, double[] to, double seconds) {
        System.arraycopy(from, 0, start, 0, 16);
        System.arraycopy(to, 0, goal, 0, 16);
        Rotations.relativeInto(start, goal, m);
        Rotations.log(m, turn);
        duration = seconds;
    }

    double duration() {
        return duration;
    }

    double[] goal() {
        return goal;
    }

    /** The reference frame at t into {@code frame} (16) and its twist (vx, vy, vz, ωx, ωy, ωz, world frame) into {@code twist}. */
    void sample(double t, double[] frame, double[] twist) {
        double s = MinimumJerk.position(t, duration);
        double ds = MinimumJerk.velocity(t, duration);
        for (int i = 0; i < 3; i++) {
            frame[i * 4 + 3] = start[i * 4 + 3] + (goal[i * 4 + 3] - start[i * 4 + 3]) * s;
            twist[i] = (goal[i * 4 + 3] - start[i * 4 + 3]) * ds;
        }
        Rotations.exp(turn[0] * s, turn[1] * s, turn[2] * s, m);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                frame[r * 4 + c] = start[r * 4] * m[c] + start[r * 4 + 1] * m[3 + c] + start[r * 4 + 2] * m[6 + c];
            }
            twist[3 + r] = (start[r * 4] * turn[0] + start[r * 4 + 1] * turn[1] + start[r * 4 + 2] * turn[2]) * ds;
        }
        frame[12] = 0;
        frame[13] = 0;
        frame[14] = 0;
        frame[15] = 1;
    }
}
