package org.embodia.nao.model;

import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * NAO's joints (V5 and V6) with NAOqi's names, in the order of ALMotion's "Body" chain, and their
 * motion ranges.
 *
 * <p>Ranges in radians from Aldebaran/SoftBank Robotics' NAO technical documentation, "Joints"
 * (doc.aldebaran.com/2-8/family/nao_technical/joints_naov6.html; the V4/V5 pages, e.g.
 * doc.aldebaran.com/2-1/family/robots/joints_robot.html, give the same ranges). The hands are not
 * angles: NAOqi commands LHand and RHand as an opening from 0 (closed) to 1 (open).
 *
 * <p>NAOqi names 26 joints but NAO has 25 degrees of freedom: LHipYawPitch and RHipYawPitch are one
 * motor, and NAOqi gives LHipYawPitch priority when the two are commanded differently, so
 * {@link #RHIP_YAW_PITCH} is {@linkplain #isCoupled() coupled} and not counted as a degree of freedom.
 * The documented head anti-collision table (HeadPitch range narrowing with HeadYaw) is not modelled.
 */
public enum NaoJoint {
    HEAD_YAW("HeadYaw", Chain.HEAD, -2.0857, 2.0857),
    HEAD_PITCH("HeadPitch", Chain.HEAD, -0.6720, 0.5149),

    L_SHOULDER_PITCH("LShoulderPitch", Chain.LEFT_ARM, -2.0857, 2.0857),
    L_SHOULDER_ROLL("LShoulderRoll", Chain.LEFT_ARM, -0.3142, 1.3265),
    L_ELBOW_YAW("LElbowYaw", Chain.LEFT_ARM, -2.0857, 2.0857),
    L_ELBOW_ROLL("LElbowRoll", Chain.LEFT_ARM, -1.5446, -0.0349),
    L_WRIST_YAW("LWristYaw", Chain.LEFT_ARM, -1.8238, 1.8238),
    L_HAND("LHand", Chain.LEFT_ARM, 0, 1),

    L_HIP_YAW_PITCH("LHipYawPitch", Chain.LEFT_LEG, -1.145303, 0.740810),
    L_HIP_ROLL("LHipRoll", Chain.LEFT_LEG, -0.379472, 0.790477),
    L_HIP_PITCH("LHipPitch", Chain.LEFT_LEG, -1.535889, 0.484090),
    L_KNEE_PITCH("LKneePitch", Chain.LEFT_LEG, -0.092346, 2.112528),
    L_ANKLE_PITCH("LAnklePitch", Chain.LEFT_LEG, -1.189516, 0.922747),
    L_ANKLE_ROLL("LAnkleRoll", Chain.LEFT_LEG, -0.397880, 0.769001),

    R_HIP_YAW_PITCH("RHipYawPitch", Chain.RIGHT_LEG, -1.145303, 0.740810),
    R_HIP_ROLL("RHipRoll", Chain.RIGHT_LEG, -0.790477, 0.379472),
    R_HIP_PITCH("RHipPitch", Chain.RIGHT_LEG, -1.535889, 0.484090),
    R_KNEE_PITCH("RKneePitch", Chain.RIGHT_LEG, -0.103083, 2.120198),
    R_ANKLE_PITCH("RAnklePitch", Chain.RIGHT_LEG, -1.186448, 0.932056),
    R_ANKLE_ROLL("RAnkleRoll", Chain.RIGHT_LEG, -0.768992, 0.397935),

    R_SHOULDER_PITCH("RShoulderPitch", Chain.RIGHT_ARM, -2.0857, 2.0857),
    R_SHOULDER_ROLL("RShoulderRoll", Chain.RIGHT_ARM, -1.3265, 0.3142),
    R_ELBOW_YAW("RElbowYaw", Chain.RIGHT_ARM, -2.0857, 2.0857),
    R_ELBOW_ROLL("RElbowRoll", Chain.RIGHT_ARM, 0.0349, 1.5446),
    R_WRIST_YAW("RWristYaw", Chain.RIGHT_ARM, -1.8238, 1.8238),
    R_HAND("RHand", Chain.RIGHT_ARM, 0, 1);

    /** NAOqi's kinematic chains. */
    public enum Chain {
        HEAD("Head"), LEFT_ARM("LArm"), LEFT_LEG("LLeg"), RIGHT_LEG("RLeg"), RIGHT_ARM("RArm");

        private final String naoqiName;

        Chain(String naoqiName) {
            this.naoqiName = naoqiName;
        }

        public String naoqiName() {
            return naoqiName;
        }
    }

    /** The independently actuated joints: every joint but the coupled RHipYawPitch. */
    public static final int DEGREES_OF_FREEDOM = 25;

    private static final NaoJoint[] ALL = values();
    private static final Map<String, NaoJoint> BY_NAME = new HashMap<>();
    private static final String KNOWN_NAMES;

    static {
        StringJoiner names = new StringJoiner(", ");
        for (NaoJoint joint : ALL) {
            BY_NAME.put(joint.naoqiName, joint);
            names.add(joint.naoqiName);
        }
        KNOWN_NAMES = names.toString();
    }

    private final String naoqiName;
    private final Chain chain;
    private final double min;
    private final double max;

    NaoJoint(String naoqiName, Chain chain, double min, double max) {
        this.naoqiName = naoqiName;
        this.chain = chain;
        this.min = min;
        this.max = max;
    }

    /** The joint NAOqi calls {@code name} (case-sensitive, as in NAOqi). */
    public static NaoJoint byName(String name) {
        if (name == null) {
            throw new IllegalArgumentException("NAO joint name is null; NAOqi's joint names are " + KNOWN_NAMES);
        }
        NaoJoint joint = BY_NAME.get(name);
        if (joint == null) {
            throw new IllegalArgumentException("unknown NAO joint \"" + name + "\"; NAOqi's joint names are " + KNOWN_NAMES);
        }
        return joint;
    }

    /** The joint at {@code index} in NAOqi's "Body" order (0 = HeadYaw .. 25 = RHand). */
    public static NaoJoint at(int index) {
        if (index < 0 || index >= ALL.length) {
            throw new IllegalArgumentException("NAO joint index " + index + " is outside 0.." + (ALL.length - 1));
        }
        return ALL[index];
    }

    /** How many joint names NAOqi's "Body" chain has (26; see {@link #DEGREES_OF_FREEDOM}). */
    public static int count() {
        return ALL.length;
    }

    public String naoqiName() {
        return naoqiName;
    }

    public Chain chain() {
        return chain;
    }

    /** Lower limit: radians, or the hand's opening for LHand and RHand. */
    public double min() {
        return min;
    }

    /** Upper limit: radians, or the hand's opening for LHand and RHand. */
    public double max() {
        return max;
    }

    /** True for LHand and RHand, whose value is an opening in [0, 1], not an angle. */
    public boolean isHand() {
        return this == L_HAND || this == R_HAND;
    }

    /** True for RHipYawPitch, which follows LHipYawPitch (one motor drives both). */
    public boolean isCoupled() {
        return this == R_HIP_YAW_PITCH;
    }

    /** Whether {@code value} lies within the limits, both inclusive; NaN is refused, not answered. */
    public boolean isWithinLimits(double value) {
        requireNotNaN(value);
        return value >= min && value <= max;
    }

    /** {@code value} brought into the limits; NaN is refused. */
    public double clamp(double value) {
        requireNotNaN(value);
        return Math.max(min, Math.min(max, value));
    }

    /** Throws, naming the joint, the value and the range, unless {@code value} is within the limits. */
    public void checkWithinLimits(double value) {
        if (!isWithinLimits(value)) {
            throw new IllegalArgumentException(naoqiName + ": " + value + unit() + " is outside its range ["
                    + min + ", " + max + "]" + unit());
        }
    }

    private String unit() {
        return isHand() ? "" : " rad";
    }

    private void requireNotNaN(double value) {
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException(naoqiName + ": the value is NaN");
        }
    }
}
