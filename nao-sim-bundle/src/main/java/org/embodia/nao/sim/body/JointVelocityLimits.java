package org.embodia.nao.sim.body;

import org.embodia.nao.model.NaoJoint;

/**
 * NAO's joint speed limits, the "maximum speed" that setAngles' fractionMaxSpeed is a fraction of.
 *
 * <p>Figures in rad/s (the hands: opening per second) are the {@code velocity} limits of the NAO V5 model (robot
 * NaoH25V50) that SoftBank Robotics Research ships in qiBullet ({@code qibullet/robot_data/nao.urdf}). They agree with
 * Aldebaran's motor documentation (doc.aldebaran.com/1-14/family/nao_h25/motors_h25_v32.html): no-load motor speed over
 * reduction ratio gives 8000 rpm / 201.3 = 4.16 rad/s and 8000 rpm / 130.85 = 6.40 rad/s for the leg motors,
 * 11 900 rpm / 173.22 = 7.19 rad/s for the roll joints of head and arms, 11 900 rpm / 50.61 = 24.6 rad/s for the
 * wrists. The hands' 8.33 /s has no motor figure behind it in the documentation found.
 */
public final class JointVelocityLimits {
    private JointVelocityLimits() {
    }

    /** The joint's maximum speed: rad/s, or opening per second for LHand and RHand. */
    public static double of(NaoJoint joint) {
        return switch (joint) {
            case HEAD_YAW, L_SHOULDER_PITCH, L_ELBOW_YAW, R_SHOULDER_PITCH, R_ELBOW_YAW -> 8.26797;
            case HEAD_PITCH, L_SHOULDER_ROLL, L_ELBOW_ROLL, R_SHOULDER_ROLL, R_ELBOW_ROLL -> 7.19407;
            case L_WRIST_YAW, R_WRIST_YAW -> 24.6229;
            case L_HAND, R_HAND -> 8.33;
            case L_HIP_YAW_PITCH, L_HIP_ROLL, L_ANKLE_ROLL, R_HIP_YAW_PITCH, R_HIP_ROLL, R_ANKLE_ROLL -> 4.16174;
            case L_HIP_PITCH, L_KNEE_PITCH, L_ANKLE_PITCH, R_HIP_PITCH, R_KNEE_PITCH, R_ANKLE_PITCH -> 6.40239;
        };
    }
}
