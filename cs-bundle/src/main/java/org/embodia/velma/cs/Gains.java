package org.embodia.velma.cs;

/**
 * The control laws' gains per LWR joint 1..7 and for the torso. The loop sees a joint's motion about
 * three cycles (6 ms) late, so a joint's damping over its inertia must stay well below π/(2·0.006)
 * ≈ 260 1/s: the light wrist joints get little damping, and the Cartesian gains little rotation.
 */
final class Gains {
    /** safe: very low stiffness, high damping (seed 004). */
    static final double[] SAFE_STIFFNESS = {5, 5, 5, 5, 2, 1, 1};
    static final double[] SAFE_DAMPING = {15, 15, 8, 8, 2, 0.7, 0.7};
    static final double TORSO_SAFE_STIFFNESS = 10;
    static final double TORSO_SAFE_DAMPING = 80;

    /** jnt_imp at stiffness scale 1. */
    static final double[] JOINT_STIFFNESS = {200, 200, 150, 150, 30, 10, 10};
    static final double[] JOINT_DAMPING = {20, 20, 10, 10, 2, 0.5, 0.5};
    static final double TORSO_STIFFNESS = 400;
    static final double TORSO_DAMPING = 120;

    /** cart_imp: translational (N/m, N·s/m) and rotational (N·m/rad, N·m·s/rad) impedance of the tool point. */
    static final double CART_STIFFNESS = 600;
    static final double CART_DAMPING = 30;
    static final double CART_ROT_STIFFNESS = 30;
    static final double CART_ROT_DAMPING = 0.5;
    /** cart_imp's joint damping and weak posture stiffness for the arm's redundancy. */
    static final double[] NULL_DAMPING = {4, 4, 2, 2, 0.5, 0.2, 0.2};
    static final double NULL_STIFFNESS = 1;

    /** safe_col: repulsion within this distance between capsules (m), gain (N/m). */
    static final double RELAX_ACTIVATION = 0.08;
    static final double RELAX_GAIN = 600;

    /** Fraction of the torque limits that safe, idle and safe_col never exceed. */
    static final double SAFE_TORQUE_FRACTION = 0.8;

    private Gains() {
    }
}
