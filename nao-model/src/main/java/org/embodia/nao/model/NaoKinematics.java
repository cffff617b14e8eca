package org.embodia.nao.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NAO's forward kinematics: the 4×4 homogeneous transform of a chain's effector, a camera or a joint in the torso
 * frame (NAOqi's FRAME_TORSO: x forward, y to the left, z up, origin at the point Aldebaran calls Torso), computed
 * from the joint angles, as ALMotion's getTransform(name, FRAME_TORSO, useSensorValues) gives it.
 *
 * <p>Link lengths of NAO H25 V4/V5, which V6 keeps, from Aldebaran's "NAO - Links"
 * (doc.aldebaran.com/2-1/family/robots/links_robot.html; the H25 V3.3 page of the 2.5 documentation,
 * family/nao_h25/links_h25_v33.html, lists the same figures). The effectors' end transforms from "Effector &amp;
 * Chain definitions" (doc.aldebaran.com/2-8/family/nao_technical/bodyparts_naov6.html): Head at the neck joint, LArm
 * and RArm inside the hand at (HandOffsetX, 0, −HandOffsetZ) from the wrist, LLeg and RLeg FootHeight below the
 * ankle, Torso the origin. The cameras as {@link NaoCamera} places them in the Head frame.
 *
 * <p>Joint axes by NAOqi's sign convention ("H25 - Joints", doc.aldebaran.com/2-5/family/nao_h25/joints_h25.html):
 * all joint frames have the torso's orientation at the zero pose, and roll turns about x, pitch about y, yaw about z.
 * HipYawPitch turns about an axis at 45° in the y-z plane: (0, 1, −1)/√2 for the left hip and (0, 1, 1)/√2 for the
 * right one, as the ROS model made from Aldebaran's (ros-naoqi/nao_robot, nao_description's naoV50 nao.urdf) has them.
 * Those are mirror images, so the one motor that drives both with the same angle moves the legs symmetrically.
 *
 * <p>A joint's frame is the frame of the body part it turns, at the joint: the chain up to and including that joint's
 * rotation. The transform depends only on the angles of the joints on the way from the torso ({@link Frame#joints()}),
 * in that order; each reads its own sensor, RHipYawPitch included. The geometry holds for any angle, so only NaN and
 * infinite angles are refused: a measured angle may lie a little outside the range {@link NaoJoint} gives for commands.
 * The hands (LHand, RHand) are openings, not angles, and have no frame here. Frames are immutable and safe to share;
 * {@link Frame#transform(double[], double[])} allocates nothing.
 */
public final class NaoKinematics {
    /** Torso to HeadYaw, upwards, m. */
    public static final double NECK_OFFSET_Z = 0.1265;
    /** Torso to LShoulderPitch, to the left (RShoulderPitch: to the right), m. */
    public static final double SHOULDER_OFFSET_Y = 0.098;
    /** Torso to the shoulder pitch joints, upwards, m. */
    public static final double SHOULDER_OFFSET_Z = 0.100;
    /** Shoulder roll to ElbowYaw, forwards at the zero pose, m. */
    public static final double UPPER_ARM_LENGTH = 0.105;
    /** Shoulder roll to ElbowYaw, outwards, m. */
    public static final double ELBOW_OFFSET_Y = 0.015;
    /** ElbowRoll to WristYaw, m. */
    public static final double LOWER_ARM_LENGTH = 0.05595;
    /** WristYaw to the arm's effector, forwards, m. */
    public static final double HAND_OFFSET_X = 0.05775;
    /** WristYaw to the arm's effector, downwards, m. */
    public static final double HAND_OFFSET_Z = 0.01231;
    /** Torso to the hip joints, outwards, m. */
    public static final double HIP_OFFSET_Y = 0.050;
    /** Torso to the hip joints, downwards, m. */
    public static final double HIP_OFFSET_Z = 0.085;
    /** HipPitch to KneePitch, m. */
    public static final double THIGH_LENGTH = 0.100;
    /** KneePitch to AnklePitch, m. */
    public static final double TIBIA_LENGTH = 0.1029;
    /** AnkleRoll to the leg's effector on the sole, downwards, m. */
    public static final double FOOT_HEIGHT = 0.04519;

    private static final double HALF_SQRT2 = Math.sqrt(0.5);
    private static final Map<String, Frame> FRAMES;
    private static final List<String> NAMES;

    static {
        Map<String, Frame> frames = new LinkedHashMap<>();
        frames.put("Torso", new Frame("Torso", List.of(), List.of()));
        Builder head = new Builder(frames).move(0, 0, NECK_OFFSET_Z)
                .joint(NaoJoint.HEAD_YAW, 0, 0, 1).joint(NaoJoint.HEAD_PITCH, 0, 1, 0);
        head.effector("Head");
        for (NaoCamera camera : NaoCamera.values()) {
            head.copy().move(camera.x(), 0, camera.z()).tilt(0, 1, 0, camera.pitch()).effector(camera.naoqiName());
        }
        arm(frames, 1, NaoJoint.L_SHOULDER_PITCH, NaoJoint.L_SHOULDER_ROLL, NaoJoint.L_ELBOW_YAW, NaoJoint.L_ELBOW_ROLL,
                NaoJoint.L_WRIST_YAW).effector("LArm");
        arm(frames, -1, NaoJoint.R_SHOULDER_PITCH, NaoJoint.R_SHOULDER_ROLL, NaoJoint.R_ELBOW_YAW, NaoJoint.R_ELBOW_ROLL,
                NaoJoint.R_WRIST_YAW).effector("RArm");
        leg(frames, 1, NaoJoint.L_HIP_YAW_PITCH, NaoJoint.L_HIP_ROLL, NaoJoint.L_HIP_PITCH, NaoJoint.L_KNEE_PITCH,
                NaoJoint.L_ANKLE_PITCH, NaoJoint.L_ANKLE_ROLL).effector("LLeg");
        leg(frames, -1, NaoJoint.R_HIP_YAW_PITCH, NaoJoint.R_HIP_ROLL, NaoJoint.R_HIP_PITCH, NaoJoint.R_KNEE_PITCH,
                NaoJoint.R_ANKLE_PITCH, NaoJoint.R_ANKLE_ROLL).effector("RLeg");
        // The effectors and cameras first, then the joints in NAOqi's "Body" order.
        Map<String, Frame> ordered = new LinkedHashMap<>();
        frames.forEach((name, frame) -> {
            if (!isJoint(name)) {
                ordered.put(name, frame);
            }
        });
        for (NaoJoint joint : NaoJoint.values()) {
            Frame frame = frames.get(joint.naoqiName());
            if (frame != null) {
                ordered.put(joint.naoqiName(), frame);
            }
        }
        FRAMES = Collections.unmodifiableMap(ordered);
        NAMES = List.copyOf(ordered.keySet());
    }

    private NaoKinematics() {
    }

    /** {@code side} 1: the left arm; −1: the right one, its mirror image. Ends at the effector inside the hand. */
    private static Builder arm(Map<String, Frame> frames, int side, NaoJoint shoulderPitch, NaoJoint shoulderRoll,
            NaoJoint elbowYaw, NaoJoint elbowRoll, NaoJoint wristYaw) {
        return new Builder(frames).move(0, side * SHOULDER_OFFSET_Y, SHOULDER_OFFSET_Z)
                .joint(shoulderPitch, 0, 1, 0).joint(shoulderRoll, 0, 0, 1)
                .move(UPPER_ARM_LENGTH, side * ELBOW_OFFSET_Y, 0)
                .joint(elbowYaw, 1, 0, 0).joint(elbowRoll, 0, 0, 1)
                .move(LOWER_ARM_LENGTH, 0, 0)
                .joint(wristYaw, 1, 0, 0)
                .move(HAND_OFFSET_X, 0, -HAND_OFFSET_Z);
    }

    /** {@code side} 1: the left leg; −1: the right one, its mirror image. Ends at the effector on the sole. */
    private static Builder leg(Map<String, Frame> frames, int side, NaoJoint hipYawPitch, NaoJoint hipRoll,
            NaoJoint hipPitch, NaoJoint kneePitch, NaoJoint anklePitch, NaoJoint ankleRoll) {
        return new Builder(frames).move(0, side * HIP_OFFSET_Y, -HIP_OFFSET_Z)
                .joint(hipYawPitch, 0, HALF_SQRT2, -side * HALF_SQRT2).joint(hipRoll, 1, 0, 0).joint(hipPitch, 0, 1, 0)
                .move(0, 0, -THIGH_LENGTH)
                .joint(kneePitch, 0, 1, 0)
                .move(0, 0, -TIBIA_LENGTH)
                .joint(anklePitch, 0, 1, 0).joint(ankleRoll, 1, 0, 0)
                .move(0, 0, -FOOT_HEIGHT);
    }

    private static boolean isJoint(String name) {
        for (NaoJoint joint : NaoJoint.values()) {
            if (joint.naoqiName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The frame NAOqi calls {@code name} (case-sensitive): an effector (Torso, Head, LArm, RArm, LLeg, RLeg), a camera
     * (CameraTop, CameraBottom) or a joint other than the hands.
     *
     * @throws IllegalArgumentException naming the known frames, when there is no such frame
     */
    public static Frame frame(String name) {
        Frame frame = name == null ? null : FRAMES.get(name);
        if (frame == null) {
            throw new IllegalArgumentException("unknown NAO chain, camera or joint " + (name == null ? "null" : "\"" + name + "\"")
                    + "; the known ones are " + String.join(", ", NAMES));
        }
        return frame;
    }

    /** The names {@link #frame(String)} knows: the effectors and cameras, then the joints in NAOqi's "Body" order. */
    public static List<String> frameNames() {
        return NAMES;
    }

    /** One step along a chain: a translation, or a rotation about a unit axis by a joint's angle or a fixed angle. */
    private record Link(boolean rotation, double x, double y, double z, int angle, double fixed) {
    }

    /** Collects a chain's links; every joint added registers the joint's frame, {@link #effector} the chain's. */
    private static final class Builder {
        private final Map<String, Frame> frames;
        private final List<Link> links = new ArrayList<>();
        private final List<NaoJoint> joints = new ArrayList<>();

        Builder(Map<String, Frame> frames) {
            this.frames = frames;
        }

        Builder copy() {
            Builder b = new Builder(frames);
            b.links.addAll(links);
            b.joints.addAll(joints);
            return b;
        }

        Builder move(double x, double y, double z) {
            links.add(new Link(false, x, y, z, -1, 0));
            return this;
        }

        Builder joint(NaoJoint joint, double ax, double ay, double az) {
            links.add(new Link(true, ax, ay, az, joints.size(), 0));
            joints.add(joint);
            effector(joint.naoqiName());
            return this;
        }

        Builder tilt(double ax, double ay, double az, double angle) {
            links.add(new Link(true, ax, ay, az, -1, angle));
            return this;
        }

        Builder effector(String name) {
            frames.put(name, new Frame(name, links, joints));
            return this;
        }
    }

    /** A frame of NAO's body and how to compute its transform in the torso frame. */
    public static final class Frame {
        private final String name;
        private final Link[] links;
        private final NaoJoint[] joints;
        private final List<NaoJoint> jointList;
        /** NAOqi's names of the joints, for messages. */
        private final String jointNames;

        private Frame(String name, List<Link> links, List<NaoJoint> joints) {
            this.name = name;
            this.links = links.toArray(new Link[0]);
            this.joints = joints.toArray(new NaoJoint[0]);
            this.jointList = List.copyOf(joints);
            this.jointNames = joints.stream().map(NaoJoint::naoqiName).toList().toString();
        }

        /** NAOqi's name of the frame. */
        public String name() {
            return name;
        }

        /** The joints the transform depends on, from the torso outwards: the order of the angles it takes. */
        public List<NaoJoint> joints() {
            return jointList;
        }

        public int jointCount() {
            return joints.length;
        }

        /** The joint at {@code index} in {@link #joints()}. */
        public NaoJoint joint(int index) {
            return joints[index];
        }

        /** {@link #transform(double[], double[])} into a new array. */
        public double[] transform(double... angles) {
            double[] out = new double[16];
            transform(angles, out);
            return out;
        }

        /**
         * Writes the transform of this frame in the torso frame into {@code out}: 16 numbers, row by row, the rotation
         * in the upper left 3×3, the position (m) in the last column, (0, 0, 0, 1) below. Allocates nothing.
         *
         * @param angles the angles of {@link #joints()} in that order, rad
         * @throws IllegalArgumentException when the counts do not match or an angle is NaN or infinite; {@code out} is
         *         then left as it was
         */
        public void transform(double[] angles, double[] out) {
            if (angles == null || angles.length != joints.length) {
                throw new IllegalArgumentException(name + " takes " + joints.length + " angles (" + jointNames + "), got "
                        + (angles == null ? "null" : angles.length));
            }
            if (out == null || out.length != 16) {
                throw new IllegalArgumentException(name + ": the transform needs an array of 16, got "
                        + (out == null ? "null" : out.length));
            }
            for (int k = 0; k < angles.length; k++) {
                if (!Double.isFinite(angles[k])) {
                    throw new IllegalArgumentException(name + ": the angle of " + joints[k].naoqiName() + " is " + angles[k]
                            + "; it must be a finite number (rad)");
                }
            }
            for (int i = 0; i < 16; i++) {
                out[i] = i % 5 == 0 ? 1 : 0;
            }
            for (Link link : links) {
                if (link.rotation) {
                    rotate(out, link.x, link.y, link.z, link.angle >= 0 ? angles[link.angle] : link.fixed);
                } else {
                    // p += R t
                    out[3] += out[0] * link.x + out[1] * link.y + out[2] * link.z;
                    out[7] += out[4] * link.x + out[5] * link.y + out[6] * link.z;
                    out[11] += out[8] * link.x + out[9] * link.y + out[10] * link.z;
                }
            }
        }

        /** R = R·M, M the rotation about the unit axis (x, y, z) by {@code angle} (Rodrigues' formula). */
        private static void rotate(double[] t, double x, double y, double z, double angle) {
            double c = Math.cos(angle);
            double s = Math.sin(angle);
            double v = 1 - c;
            double m00 = x * x * v + c;
            double m01 = x * y * v - z * s;
            double m02 = x * z * v + y * s;
            double m10 = y * x * v + z * s;
            double m11 = y * y * v + c;
            double m12 = y * z * v - x * s;
            double m20 = z * x * v - y * s;
            double m21 = z * y * v + x * s;
            double m22 = z * z * v + c;
            for (int row = 0; row < 12; row += 4) {
                double r0 = t[row];
                double r1 = t[row + 1];
                double r2 = t[row + 2];
                t[row] = r0 * m00 + r1 * m10 + r2 * m20;
                t[row + 1] = r0 * m01 + r1 * m11 + r2 * m21;
                t[row + 2] = r0 * m02 + r1 * m12 + r2 * m22;
            }
        }

        @Override
        public String toString() {
            return name + jointNames;
        }
    }
}
