package org.embodia.rapp.api;

/**
 * pose ([RAPP] §3.8.1): the robot's pose in the world frame, position [x, y, z] in m and orientation as a unit
 * quaternion [x, y, z, w].
 */
public record RobotPose(double x, double y, double z, double qx, double qy, double qz, double qw) {

    /** A pose on the floor plane: (x, y) and heading θ (rad) about the vertical. */
    public static RobotPose planar(double x, double y, double theta) {
        return new RobotPose(x, y, 0, 0, 0, Math.sin(theta / 2), Math.cos(theta / 2));
    }

    /** The heading about the vertical, rad. */
    public double theta() {
        return 2 * Math.atan2(qz, qw);
    }
}
