package org.embodia.nao.model;

import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * NAOqi's predefined postures (ALRobotPosture: Stand, StandInit, StandZero, Crouch, Sit, SitRelax,
 * LyingBelly, LyingBack) as joint values and their posture families.
 *
 * <p>The joint values are those SoftBank Robotics Research publishes for NAO's predefined postures
 * in qiBullet ({@code qibullet/robot_posture.py}, class {@code NaoPosture}), rounded to 0.1 mrad,
 * far below the joints' sensor resolution. One value is brought onto the documented limit: Sit's
 * RHipPitch is recorded as −1.53589 rad, 1 µrad beyond RHipPitch's stop at −1.535889 rad.
 * Families follow ALRobotPosture's NAOqi 2.8 description: StandInit keeps its knees slightly bent
 * but NAOqi files it under Standing like Stand and StandZero.
 */
public enum NaoPosture {
    STAND("Stand", PostureFamily.STANDING, new double[] {
        0, -0.17,
        1.4426, 0.2245, -1.2023, -0.4173, 0.1, 0.3,
        -0.17, 0.1191, 0.1274, -0.0923, 0.0874, -0.1108,
        -0.17, -0.1191, 0.1274, -0.0923, 0.0874, 0.1108,
        1.4426, -0.2245, 1.2023, 0.4173, 0.1, 0.3}),
    STAND_INIT("StandInit", PostureFamily.STANDING, new double[] {
        0, 0,
        1.4, 0.3, -1.39, -1.01, 0, 0.25,
        0, 0, -0.45, 0.7, -0.35, 0,
        0, 0, -0.45, 0.7, -0.35, 0,
        1.4, -0.3, 1.39, 1.01, 0, 0.25}),
    STAND_ZERO("StandZero", PostureFamily.STANDING, new double[] {
        0, 0,
        0, 0.0087, 0, -0.0349, 0, 0,
        0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0,
        0, -0.0087, 0, 0.0349, 0, 0}),
    CROUCH("Crouch", PostureFamily.CROUCHING, new double[] {
        0, 0.1,
        1.3969, 0.1596, -0.7917, -1.0737, 0.15, 0,
        -0.25, -0.08, -0.7, 2.11, -1.18, 0.077,
        -0.25, 0.08, -0.7, 2.11, -1.18, -0.077,
        1.3969, -0.1596, 0.7917, 1.0737, -0.15, 0}),
    SIT("Sit", PostureFamily.SITTING, new double[] {
        -0.0461, -0.0399,
        0.8819, 0.2595, -0.4521, -1.1905, -0.0169, 0.2892,
        -0.6074, 0.2731, -1.5324, 1.3898, 0.8391, -0.0122,
        -0.6074, -0.2592, -1.535889, 1.4021, 0.8483, 0.0231,
        0.9383, -0.3188, 0.5274, 1.2321, 0.0061, 0.2916}),
    SIT_RELAX("SitRelax", PostureFamily.SITTING, new double[] {
        -0.0246, 0.0184,
        2.0857, 0.0887, -2.0817, -0.1995, -0.95, 0.1384,
        -0.5215, 0.132, -1.1152, -0.0415, 0.922, 0,
        -0.5215, -0.2209, -1.06, -0.092, 0.922, 0,
        2.0857, -0.1546, 2.0755, 0.0431, 0.95, 0.1396}),
    LYING_BELLY("LyingBelly", PostureFamily.LYING_BELLY, new double[] {
        -0.688, -0.3073,
        -1.1655, 0.1338, -0.1669, -1.0827, -1.5939, 0.0124,
        -0.0214, 0.0798, 0.2992, -0.0923, 0.7424, -0.0122,
        -0.0214, -0.1656, 0.1242, -0.0905, 0.922, 0,
        -0.672, -0.4223, 0.7064, 1.5084, 1.626, 0.1716}),
    LYING_BACK("LyingBack", PostureFamily.LYING_BACK, new double[] {
        -0.0031, 0.1534,
        1.6778, 0.2149, -0.8804, -1.5316, 0.2469, 0.3032,
        -0.5108, 0.112, 0.3759, -0.0923, 0.8636, -0.0383,
        -0.5108, -0.0828, -0.4004, 1.7381, 0.6459, -0.2822,
        1.6933, -0.2433, 0.879, 1.5446, 0.1794, 0.3608});

    private static final Map<String, NaoPosture> BY_NAME = new HashMap<>();
    private static final String KNOWN_NAMES;

    static {
        StringJoiner names = new StringJoiner(", ");
        for (NaoPosture posture : values()) {
            BY_NAME.put(posture.naoqiName, posture);
            names.add(posture.naoqiName);
        }
        KNOWN_NAMES = names.toString();
    }

    private final String naoqiName;
    private final PostureFamily family;
    /** Indexed by {@link NaoJoint#ordinal()}, NAOqi's "Body" order. */
    private final double[] values;

    NaoPosture(String naoqiName, PostureFamily family, double[] values) {
        if (values.length != NaoJoint.count()) {
            throw new IllegalStateException(naoqiName + " has " + values.length + " joint values, NAO has " + NaoJoint.count());
        }
        this.naoqiName = naoqiName;
        this.family = family;
        this.values = values;
    }

    /** The posture ALRobotPosture calls {@code name} (case-sensitive, as in NAOqi). */
    public static NaoPosture byName(String name) {
        if (name == null) {
            throw new IllegalArgumentException("NAO posture name is null; the predefined postures are " + KNOWN_NAMES);
        }
        NaoPosture posture = BY_NAME.get(name);
        if (posture == null) {
            throw new IllegalArgumentException("unknown NAO posture \"" + name + "\"; the predefined postures are " + KNOWN_NAMES);
        }
        return posture;
    }

    public String naoqiName() {
        return naoqiName;
    }

    public PostureFamily family() {
        return family;
    }

    /** The posture's value of {@code joint}: radians, or the opening for the hands. */
    public double value(NaoJoint joint) {
        return values[joint.ordinal()];
    }

    /** Copies all joint values, in NAOqi's "Body" order, into {@code out} (at least 26 long). */
    public void copyValues(double[] out) {
        if (out.length < values.length) {
            throw new IllegalArgumentException("a posture has " + values.length + " joint values, the array holds " + out.length);
        }
        System.arraycopy(values, 0, out, 0, values.length);
    }
}
