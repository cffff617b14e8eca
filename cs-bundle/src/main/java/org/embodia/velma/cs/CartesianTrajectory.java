package org.embodia.velma.cs;

import org.embodia.velma.model.Frames;

/**
 * A minimum-jerk Cartesian trajectory of one end effector: the position along a straight line, the
 * orientation about the one axis that turns the start into the goal. Preallocated; sampling allocates nothing.
 */
final class CartesianTrajectory {
    private final double[] start = new double[16];
    private final double[] goal = new double[16];
    /** The rotation from start to goal as a rotation vector in the start frame, and as unit axis and angle. */
    private final double[] turn = new double[3];
    private final double[] m = new double[9];
    private final double[] partTurn = new double[16];
    private final double[] m16 = new double[16];
    private double axisX = 1;
    private double axisY;
    private double axisZ;
    private double angle;
    private double duration = 1;

    void plan(double[] from, double[] to, double seconds) {
        System.arraycopy(from, 0, start, 0, 16);
        System.arraycopy(to, 0, goal, 0, 16);
        Rotations.relativeInto(start, goal, m);
        Rotations.log(m, turn);
        angle = Math.sqrt(turn[0] * turn[0] + turn[1] * turn[1] + turn[2] * turn[2]);
        if (angle > 1e-12) {
            axisX = turn[0] / angle;
            axisY = turn[1] / angle;
            axisZ = turn[2] / angle;
        }
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
        Frames.translateRotate(0, 0, 0, axisX, axisY, axisZ, angle * s, partTurn);
        Frames.multiply(start, partTurn, m16);
        for (int r = 0; r < 3; r++) {
            System.arraycopy(m16, r * 4, frame, r * 4, 3);
            twist[3 + r] = (start[r * 4] * turn[0] + start[r * 4 + 1] * turn[1] + start[r * 4 + 2] * turn[2]) * ds;
        }
        frame[12] = 0;
        frame[13] = 0;
        frame[14] = 0;
        frame[15] = 1;
    }
}
