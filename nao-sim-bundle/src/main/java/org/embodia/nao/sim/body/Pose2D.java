package org.embodia.nao.sim.body;

/**
 * A pose on the floor, as NAOqi's almath Pose2D: position in metres and heading in radians (counter-clockwise, in
 * [−π, π]), in the global frame fixed where the robot was switched on.
 */
public record Pose2D(double x, double y, double theta) {
}
