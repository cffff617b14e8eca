package org.embodia.velma.cs.api;

/**
 * A Cartesian impedance motion of the end effectors (the tool points) to world-frame poses along a
 * generated trajectory; a null pose keeps that arm's end effector where it is.
 */
public record CartesianImpedanceCommand(Pose right, Pose left, double seconds) {
}
