package org.embodia.nao.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

class NaoKinematicsTest {
    private static final double EPS = 1e-12;

    /** The transform of {@code name} with every joint at 0. */
    private static double[] zero(String name) {
        NaoKinematics.Frame frame = NaoKinematics.frame(name);
        return frame.transform(new double[frame.jointCount()]);
    }

    /** The transform of {@code name} with the named joints at the given angles, the others at 0. */
    private static double[] at(String name, Object... jointsAndAngles) {
        NaoKinematics.Frame frame = NaoKinematics.frame(name);
        double[] angles = new double[frame.jointCount()];
        for (int i = 0; i < jointsAndAngles.length; i += 2) {
            int k = frame.joints().indexOf(NaoJoint.byName((String) jointsAndAngles[i]));
            assertTrue(k >= 0, jointsAndAngles[i] + " is not on the way to " + name);
            angles[k] = (Double) jointsAndAngles[i + 1];
        }
        return frame.transform(angles);
    }

    private static void assertPosition(double x, double y, double z, double[] t) {
        assertEquals(x, t[3], EPS, "x");
        assertEquals(y, t[7], EPS, "y");
        assertEquals(z, t[11], EPS, "z");
    }

    private static void assertRotation(double[] expected, double[] t) {
        double[] r = {t[0], t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10]};
        assertArrayEquals(expected, r, EPS, () -> "rotation " + Arrays.toString(r));
    }

    private static double[] rotZ(double a) {
        return new double[] {Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1};
    }

    private static double[] rotY(double a) {
        return new double[] {Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)};
    }

    private static final double[] IDENTITY = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    @Test
    void theFramesAreNaoqisEffectorsCamerasAndJoints() {
        List<String> names = NaoKinematics.frameNames();
        assertEquals(List.of("Torso", "Head", "CameraTop", "CameraBottom", "LArm", "RArm", "LLeg", "RLeg"),
                names.subList(0, 8));
        for (NaoJoint joint : NaoJoint.values()) {
            assertEquals(!joint.isHand(), names.contains(joint.naoqiName()), joint.naoqiName());
        }
        assertEquals(8 + NaoJoint.count() - 2, names.size());
        assertEquals(List.of(NaoJoint.HEAD_YAW, NaoJoint.HEAD_PITCH), NaoKinematics.frame("CameraBottom").joints());
        assertEquals(List.of(NaoJoint.L_SHOULDER_PITCH, NaoJoint.L_SHOULDER_ROLL, NaoJoint.L_ELBOW_YAW,
                NaoJoint.L_ELBOW_ROLL, NaoJoint.L_WRIST_YAW), NaoKinematics.frame("LArm").joints());
        assertEquals(List.of(NaoJoint.R_HIP_YAW_PITCH, NaoJoint.R_HIP_ROLL, NaoJoint.R_HIP_PITCH),
                NaoKinematics.frame("RHipPitch").joints());
        assertEquals(0, NaoKinematics.frame("Torso").jointCount());
    }

    @Test
    void atTheZeroPoseTheEffectorsAreWhereTheLinksPagePutsThem() {
        double[] torso = zero("Torso");
        assertRotation(IDENTITY, torso);
        assertPosition(0, 0, 0, torso);
        assertArrayEquals(new double[] {0, 0, 0, 1}, Arrays.copyOfRange(torso, 12, 16));

        double[] head = zero("Head");
        assertRotation(IDENTITY, head);
        assertPosition(0, 0, 0.1265, head);

        double[] top = zero("CameraTop");
        assertPosition(0.05871, 0, 0.1265 + 0.06364, top);
        assertRotation(rotY(0.0209), top);
        double[] bottom = zero("CameraBottom");
        assertPosition(0.05071, 0, 0.1265 + 0.01774, bottom);
        assertRotation(rotY(0.6929), bottom);

        double handX = 0.105 + 0.05595 + 0.05775;
        double handZ = 0.100 - 0.01231;
        assertPosition(handX, 0.098 + 0.015, handZ, zero("LArm"));
        assertPosition(handX, -(0.098 + 0.015), handZ, zero("RArm"));
        assertRotation(IDENTITY, zero("LArm"));

        double footZ = -(0.085 + 0.1 + 0.1029 + 0.04519);
        assertPosition(0, 0.05, footZ, zero("LLeg"));
        assertPosition(0, -0.05, footZ, zero("RLeg"));
        assertRotation(IDENTITY, zero("RLeg"));
        assertPosition(0, 0.05, -0.085 - 0.1, zero("LKneePitch"));
    }

    @Test
    void headYawTurnsTheHeadAndItsCameras() {
        assertRotation(rotZ(0.5), at("Head", "HeadYaw", 0.5));
        double[] top = at("CameraTop", "HeadYaw", Math.PI / 2);
        assertPosition(0, 0.05871, 0.1265 + 0.06364, top);
        // The camera's optical direction (its x axis, the first column) now points along +y, tilted down by 0.0209.
        assertEquals(0, top[0], EPS);
        assertEquals(Math.cos(0.0209), top[4], EPS);
        assertEquals(-Math.sin(0.0209), top[8], EPS);
        // HeadPitch is positive downwards: pitched by 0.3, the top camera looks 0.3 + 0.0209 below the horizon.
        double[] down = at("CameraTop", "HeadPitch", 0.3);
        assertEquals(-Math.sin(0.3 + 0.0209), down[8], EPS);
    }

    @Test
    void everyTransformIsProperRigidAtRandomPosesWithinTheLimits() {
        Random random = new Random(1);
        for (int trial = 0; trial < 200; trial++) {
            for (String name : NaoKinematics.frameNames()) {
                NaoKinematics.Frame frame = NaoKinematics.frame(name);
                double[] angles = new double[frame.jointCount()];
                for (int k = 0; k < angles.length; k++) {
                    NaoJoint joint = frame.joint(k);
                    angles[k] = joint.min() + random.nextDouble() * (joint.max() - joint.min());
                }
                double[] t = frame.transform(angles);
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        double dot = t[4 * i] * t[4 * j] + t[4 * i + 1] * t[4 * j + 1] + t[4 * i + 2] * t[4 * j + 2];
                        assertEquals(i == j ? 1 : 0, dot, 1e-12, name + ": (R Rᵀ)[" + i + "][" + j + "]");
                    }
                }
                double det = t[0] * (t[5] * t[10] - t[6] * t[9]) - t[1] * (t[4] * t[10] - t[6] * t[8])
                        + t[2] * (t[4] * t[9] - t[5] * t[8]);
                assertEquals(1, det, 1e-12, name + ": det R");
                assertArrayEquals(new double[] {0, 0, 0, 1}, Arrays.copyOfRange(t, 12, 16), name);
            }
        }
    }

    /** The elbow (the frame of ElbowYaw) by hand: shoulder + Ry(pitch)·Rz(roll)·(UpperArmLength, ±ElbowOffsetY, 0). */
    @Test
    void theElbowIsWhereHandTrigonometryPutsIt() {
        double[][] poses = {{0, 0}, {-Math.PI / 2, 0.3}, {1.2, 1.0}, {-0.7, -0.25}, {2.0, 0.9}};
        for (double[] pose : poses) {
            double pitch = pose[0];
            double roll = pose[1];
            double a = 0.105 * Math.cos(roll) - 0.015 * Math.sin(roll);
            double b = 0.105 * Math.sin(roll) + 0.015 * Math.cos(roll);
            double[] elbow = at("LElbowYaw", "LShoulderPitch", pitch, "LShoulderRoll", roll);
            assertPosition(a * Math.cos(pitch), 0.098 + b, 0.100 - a * Math.sin(pitch), elbow);
            // The right arm with the roll mirrored: the mirror image.
            double[] right = at("RElbowYaw", "RShoulderPitch", pitch, "RShoulderRoll", -roll);
            assertPosition(a * Math.cos(pitch), -(0.098 + b), 0.100 - a * Math.sin(pitch), right);
        }
        // The arm raised straight up (ShoulderPitch −π/2): the wrist 105 + 55.95 mm above the shoulder, 15 mm outwards.
        assertPosition(0, 0.098 + 0.015, 0.100 + 0.105 + 0.05595, at("LWristYaw", "LShoulderPitch", -Math.PI / 2));
    }

    /** A squat: HipPitch −a, KneePitch 2a, AnklePitch −a keeps the sole flat, the ankle (Thigh − Tibia)·sin a ahead. */
    @Test
    void aSquatKeepsTheFootFlatUnderTheHip() {
        for (double a : new double[] {0.2, 0.5, 0.9}) {
            double[] foot = at("LLeg", "LHipPitch", -a, "LKneePitch", 2 * a, "LAnklePitch", -a);
            assertRotation(IDENTITY, foot);
            assertPosition((0.1 - 0.1029) * Math.sin(a), 0.05, -0.085 - (0.1 + 0.1029) * Math.cos(a) - 0.04519, foot);
            double[] knee = at("LKneePitch", "LHipPitch", -a);
            assertPosition(0.1 * Math.sin(a), 0.05, -0.085 - 0.1 * Math.cos(a), knee);
        }
    }

    /**
     * The right side is the mirror image of the left (y → −y) with the roll and yaw angles negated and the pitch
     * angles kept, HipYawPitch included: one motor drives both hips with the same angle, symmetrically.
     */
    @Test
    void theRightSideMirrorsTheLeft() {
        Random random = new Random(7);
        for (String[] pair : new String[][] {{"LArm", "RArm"}, {"LLeg", "RLeg"}}) {
            NaoKinematics.Frame left = NaoKinematics.frame(pair[0]);
            NaoKinematics.Frame right = NaoKinematics.frame(pair[1]);
            for (int trial = 0; trial < 50; trial++) {
                double[] l = new double[left.jointCount()];
                double[] r = new double[l.length];
                for (int k = 0; k < l.length; k++) {
                    l[k] = random.nextDouble() * 2 - 1;
                    String name = left.joint(k).naoqiName();
                    boolean kept = name.endsWith("Pitch");
                    r[k] = kept ? l[k] : -l[k];
                }
                double[] tl = left.transform(l);
                double[] tr = right.transform(r);
                // M·T·M with M = diag(1, −1, 1, 1): the entries of row 1 or column 1, but not both, change sign.
                for (int i = 0; i < 4; i++) {
                    for (int j = 0; j < 4; j++) {
                        double sign = (i == 1) != (j == 1) ? -1 : 1;
                        assertEquals(sign * tl[4 * i + j], tr[4 * i + j], EPS, pair[1] + "[" + i + "][" + j + "]");
                    }
                }
            }
        }
    }

    @Test
    void aJointsFrameIsItsChainUpToIt() {
        double[] wrist = at("LWristYaw", "LShoulderPitch", 0.4, "LElbowYaw", -1.0, "LElbowRoll", -0.8, "LWristYaw", 0.6);
        double[] hand = at("LArm", "LShoulderPitch", 0.4, "LElbowYaw", -1.0, "LElbowRoll", -0.8, "LWristYaw", 0.6);
        for (int i : new int[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
            assertEquals(wrist[i], hand[i], EPS);
        }
        // The hand sits (HandOffsetX, 0, −HandOffsetZ) from the wrist, in the wrist's frame.
        for (int row = 0; row < 3; row++) {
            assertEquals(wrist[4 * row + 3] + wrist[4 * row] * 0.05775 - wrist[4 * row + 2] * 0.01231, hand[4 * row + 3], EPS);
        }
    }

    @Test
    void badNamesAndAnglesAreClearErrorsAndLeaveTheOutputAlone() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> NaoKinematics.frame("Nose"));
        assertTrue(unknown.getMessage().startsWith("unknown NAO chain, camera or joint \"Nose\"; the known ones are Torso,"
                + " Head, CameraTop, CameraBottom, LArm, RArm, LLeg, RLeg, HeadYaw, HeadPitch, LShoulderPitch"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NaoKinematics.frame("LHand"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NaoKinematics.frame(null)).getMessage()
                .startsWith("unknown NAO chain, camera or joint null; the known ones are Torso"));

        NaoKinematics.Frame head = NaoKinematics.frame("Head");
        double[] out = new double[16];
        Arrays.fill(out, 7);
        assertEquals("Head: the angle of HeadPitch is NaN; it must be a finite number (rad)",
                assertThrows(IllegalArgumentException.class, () -> head.transform(new double[] {0.1, Double.NaN}, out)).getMessage());
        assertEquals("Head: the angle of HeadYaw is Infinity; it must be a finite number (rad)",
                assertThrows(IllegalArgumentException.class, () -> head.transform(new double[] {Double.POSITIVE_INFINITY, 0}, out)).getMessage());
        assertEquals("Head takes 2 angles ([HeadYaw, HeadPitch]), got 3",
                assertThrows(IllegalArgumentException.class, () -> head.transform(new double[3], out)).getMessage());
        assertEquals("Head: the transform needs an array of 16, got 9",
                assertThrows(IllegalArgumentException.class, () -> head.transform(new double[2], new double[9])).getMessage());
        double[] untouched = new double[16];
        Arrays.fill(untouched, 7);
        assertArrayEquals(untouched, out);
    }

    @Test
    void transformAllocatesNothing() {
        NaoKinematics.Frame leg = NaoKinematics.frame("RLeg");
        double[] angles = {-0.3, 0.1, -0.4, 0.8, -0.4, -0.1};
        double[] out = new double[16];
        double[] sum = {0};
        Runnable step = () -> {
            angles[0] += 1e-9;
            leg.transform(angles, out);
            sum[0] += out[11];
        };
        assertEquals(0, Allocations.warmUpThenLeastOfTenRounds(100_000, 100_000, step), "bytes allocated by 100k transforms");
        assertTrue(Double.isFinite(sum[0]));
    }
}
