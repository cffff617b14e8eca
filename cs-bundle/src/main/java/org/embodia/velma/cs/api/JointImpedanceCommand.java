package org.embodia.velma.cs.api;

/**
 * A joint impedance motion along a generated trajectory: targets (rad) for the right arm, the left
 * arm and the torso — null keeps that part where it is — reached in {@code seconds}, with the
 * stiffness scaled by {@code stiffnessScale} (1 = the default stiffness, at most
 * {@link #MAX_STIFFNESS_SCALE}).
 */
public record JointImpedanceCommand(double[] right, double[] left, Double torso, double seconds, double stiffnessScale) {
    public static final double MAX_STIFFNESS_SCALE = 10;

    public JointImpedanceCommand {
        right = right == null ? null : right.clone();
        left = left == null ? null : left.clone();
    }

    @Override
    public double[] right() {
        return right == null ? null : right.clone();
    }

    @Override
    public double[] left() {
        return left == null ? null : left.clone();
    }
}
