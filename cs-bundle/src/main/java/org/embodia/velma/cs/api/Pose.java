package org.embodia.velma.cs.api;

/**
 * A pose in the world frame (x forward, y left, z up): position in metres, orientation as roll,
 * pitch, yaw (rad, about fixed x, y, z); {@code keepOrientation} keeps the current orientation.
 */
public record Pose(double x, double y, double z, double roll, double pitch, double yaw, boolean keepOrientation) {
    public static Pose position(double x, double y, double z) {
        return new Pose(x, y, z, 0, 0, 0, true);
    }
}
