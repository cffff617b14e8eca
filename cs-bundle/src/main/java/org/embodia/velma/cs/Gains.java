package org.embodia.velma.cs;

import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;

/**
 * The control laws' gains per LWR joint 1..7 and for the torso. cs computes its torques from the status
 * of the same cycle, and the arm takes them at the next physics step: about 2 ms from a measurement to
 * its torque (three cycles before the method's work-cycle). The impedance gains are twice, their
 * dampings √2 times, what they were (the damping ratio kept; the wrist near 30 rad/s, ζ ≈ 0.55): the
 * demo's moves track twice as closely. Four and two times track four times as closely, steadily now and
 * not with the old delay, but a jnt_imp taken while an arm still flies out of safe_col then asks more
 * than the limits on its first cycles, and ve_body refuses it.
 */
final class Gains {
    /** safe: very low stiffness, high damping ([VELMA-STRUCT]). */
    static final double[] SAFE_STIFFNESS = {5, 5, 5, 5, 2, 1, 1};
    static final double[] SAFE_DAMPING = {15, 15, 8, 8, 2, 0.7, 0.7};
    static final double TORSO_SAFE_STIFFNESS = 10;
    static final double TORSO_SAFE_DAMPING = 80;

    /** jnt_imp at stiffness scale 1. */
    static final double[] JOINT_STIFFNESS = {400, 400, 300, 300, 60, 20, 20};
    static final double[] JOINT_DAMPING = {28, 28, 14, 14, 2.8, 0.7, 0.7};
    static final double TORSO_STIFFNESS = 800;
    static final double TORSO_DAMPING = 170;

    /** cart_imp: translational (N/m, N·s/m) and rotational (N·m/rad, N·m·s/rad) impedance of the tool point. */
    static final double CART_STIFFNESS = 1200;
    static final double CART_DAMPING = 42;
    static final double CART_ROT_STIFFNESS = 42;
    static final double CART_ROT_DAMPING = 0.7;
    /** cart_imp's joint damping and weak posture stiffness for the arm's redundancy. */
    static final double[] NULL_DAMPING = {4, 4, 2, 2, 0.5, 0.2, 0.2};
    static final double NULL_STIFFNESS = 1;

    /** safe_col: repulsion within this distance between capsules (m), gain (N/m). */
    static final double RELAX_ACTIVATION = 0.08;
    static final double RELAX_GAIN = 600;

    /** Fraction of the torque limits that safe, idle and safe_col never exceed. */
    static final double SAFE_TORQUE_FRACTION = 0.8;
    /**
     * Fraction of a torque limit that jnt_imp's and cart_imp's damping alone never exceeds: a motion taken
     * while the arm still moves fast (say, just out of safe_col) starts from rest, and its damping must not be
     * what ve_body refuses. Their stiffness is not bounded, so an over-stiff command is still refused.
     */
    static final double DAMPING_TORQUE_FRACTION = 0.8;

    /** A damping torque bounded to {@link #DAMPING_TORQUE_FRACTION} of {@code limit}. */
    static double boundedDamping(double torque, double limit) {
        double max = DAMPING_TORQUE_FRACTION * limit;
        return Math.max(-max, Math.min(max, torque));
    }

    /** τ = −D·q̇ on every joint of both arms, into {@code c}. */
    static void damp(BodyStatus s, BodyCommand c, double[] damping) {
        for (int a = 0; a < 2; a++) {
            LwrStatus arm = VelmaCs.arm(s, a);
            double[] tau = VelmaCs.torques(c, a);
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                tau[j] = -damping[j] * arm.dq[j];
            }
        }
    }

    /** Keeps each torque of {@code c} inside a fraction of its limit: for behaviours that must never trip ve_body's check. */
    static void saturate(BodyCommand c, double fraction) {
        for (int a = 0; a < 2; a++) {
            double[] tau = VelmaCs.torques(c, a);
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                double limit = fraction * Velma.LWR_TORQUE_LIMITS[j];
                tau[j] = Math.max(-limit, Math.min(limit, tau[j]));
            }
        }
        double limit = fraction * Velma.TORSO_TORQUE_LIMIT;
        c.torsoTorque = Math.max(-limit, Math.min(limit, c.torsoTorque));
    }

    private Gains() {
    }
}
