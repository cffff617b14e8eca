package org.embodia.velma.model;

import java.util.ArrayList;
import java.util.List;

import org.embodia.velma.api.Velma;

/**
 * Velma's geometry (world frame: x forward, y left, z up).
 *
 * <p>Each arm is a KUKA LWR 4+ with the standard Denavit–Hartenberg parameters below: link lengths
 * d1 = 0.3105 m (base to shoulder), d3 = 0.4 m (upper arm), d5 = 0.39 m (forearm), d7 = 0.078 m
 * (flange), twists alternating ±π/2. The lengths and the joint axes they imply (z, −y, z, y, z, −y, z)
 * agree with the public LWR description {@code kuka_lwr.urdf.xacro} of CentroEPiaggio/kuka-lwr
 * (0.11 + 0.2005, 0.2 + 0.2, 0.2 + 0.19, 0.078 m), as do the link masses (2 kg, the wrist 0.2 kg).
 * Where the arms sit on the torso, the head and the torso column are Embodia's simulated Velma, not
 * measurements of the real robot.
 */
public final class VelmaModel {
    /** Denavit–Hartenberg d (m) and α (rad) of LWR joints 1..7; a and the θ offsets are zero. */
    public static final double[] DH_D = {0.3105, 0, 0.4, 0, 0.39, 0, 0.078};
    public static final double[] DH_ALPHA = {Math.PI / 2, -Math.PI / 2, -Math.PI / 2, Math.PI / 2, Math.PI / 2, -Math.PI / 2, 0};

    /** The tool (gripper) point beyond the flange, along the flange's z (m): the controlled end effector. */
    public static final double TOOL_LENGTH = 0.15;

    /** Arm mounts in the torso frame: at ∓ARM_MOUNT_Y, height ARM_MOUNT_Z, first joint axis pointing outwards. */
    public static final double ARM_MOUNT_Y = 0.23;
    public static final double ARM_MOUNT_Z = 1.2;

    /** The head pan joint above the torso joint, and the tilt joint above the pan joint (m). */
    public static final double HEAD_PAN_Z = 1.45;
    public static final double HEAD_TILT_Z = 0.1;

    /** Masses (kg) of the bodies each LWR joint moves, joints 1..7. */
    public static final double[] LWR_LINK_MASS = {2, 2, 2, 2, 2, 0.2, 0.2};
    /** Where the centre of mass of each of those bodies lies along the straight arm, from the arm's base (m). */
    public static final double[] LWR_LINK_COM = {0.24, 0.38, 0.64, 0.78, 1.03, 1.16, 1.18};
    public static final double LWR_LINK_RADIUS = 0.07;

    public static final double TORSO_MASS = 30;
    public static final double HEAD_PAN_MASS = 0.5;
    public static final double HEAD_TILT_MASS = 1.5;

    /** Capsules (m): torso column in the torso frame, from z0 to z1; the head in the tilt frame. */
    public static final double TORSO_COLUMN_Z0 = 0.35;
    public static final double TORSO_COLUMN_Z1 = 1.05;
    public static final double TORSO_COLUMN_RADIUS = 0.17;
    public static final double HEAD_RADIUS = 0.12;
    public static final double HEAD_X = 0.05;
    public static final double HEAD_Z0 = 0.02;
    public static final double HEAD_Z1 = 0.17;
    public static final double UPPER_ARM_RADIUS = 0.075;
    public static final double FOREARM_RADIUS = 0.07;
    public static final double HAND_RADIUS = 0.07;

    /** Self collision: closer than this (m) between capsule surfaces is a collision (cs's inSelfCollision). */
    public static final double COLLISION_DISTANCE = 0.02;

    /** Rest posture: arms hanging down beside the torso, elbows bent so the hands point forwards. */
    public static final double[] REST_RIGHT = {Math.PI / 2, Math.PI / 2, -Math.PI / 2, 0.5, 0, 0, 0};
    public static final double[] REST_LEFT = {Math.PI / 2, -Math.PI / 2, -Math.PI / 2, 0.5, 0, 0, 0};

    /** Ready posture: forearms forward at chest height, out of self collision. */
    public static final double[] READY_RIGHT = {1.2, 1.3, -1.57, 1.3, 0, 0, 0};
    public static final double[] READY_LEFT = {1.2, -1.3, -1.57, 1.3, 0, 0, 0};

    /** Both arms swung forward and inwards so the forearms cross: in self collision, for demos and tests (the same for either arm). */
    public static final double[] CROSSED = {0, -2.0, 0, 1.0, 0, 0, 0};

    private VelmaModel() {
    }

    /**
     * One moving body and the revolute joint that moves it, in world coordinates for a joint state.
     *
     * @param parent the index of the body it hangs from, -1 for the ground
     */
    public record Body(String name, int parent, double mass, double[] centre, double[] anchor, double[] axis, double lower, double upper) {
    }

    /** Index of the torso, the first bodies of the right and left arm, the head pan and tilt in {@link #bodies}. */
    public static final int BODY_TORSO = 0;
    public static final int BODY_RIGHT_ARM = 1;
    public static final int BODY_LEFT_ARM = 8;
    public static final int BODY_HEAD_PAN = 15;
    public static final int BODY_HEAD_TILT = 16;

    /**
     * Velma's 17 moving bodies for the state {@code k} was last updated with: the torso, right arm
     * joints 1..7, left arm joints 1..7, head pan, head tilt; for building a simulation.
     */
    public static List<Body> bodies(VelmaKinematics k) {
        VelmaKinematics straight = new VelmaKinematics();
        double[] zero = new double[Velma.LWR_JOINTS];
        straight.update(0, zero, zero, 0, 0);
        List<Body> out = new ArrayList<>();
        double[] t = k.torso();
        out.add(new Body("torso", -1, TORSO_MASS, point(t, 0, 0, 0.8), point(t, 0, 0, 0), column(t, 2), -Velma.TORSO_LIMIT, Velma.TORSO_LIMIT));
        for (Arm arm : Arm.values()) {
            String side = arm == Arm.RIGHT ? "right" : "left";
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                double[] joint = k.frame(arm, j);
                double[] centreAtZero = point(straight.frame(arm, 0), 0, 0, LWR_LINK_COM[j]);
                double[] local = new double[16];
                Frames.invert(straight.frame(arm, j + 1), local);
                double[] c = point(local, centreAtZero[0], centreAtZero[1], centreAtZero[2]);
                out.add(new Body(side + " arm " + (j + 1), j == 0 ? BODY_TORSO : out.size() - 1, LWR_LINK_MASS[j],
                        point(k.frame(arm, j + 1), c[0], c[1], c[2]), point(joint, 0, 0, 0), column(joint, 2), -Velma.LWR_LIMITS[j],
                        Velma.LWR_LIMITS[j]));
            }
        }
        double[] pan = k.headPan();
        double[] tilt = k.headTilt();
        out.add(new Body("head pan", BODY_TORSO, HEAD_PAN_MASS, point(pan, 0, 0, 0.05), point(pan, 0, 0, 0), column(pan, 2),
                -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT));
        out.add(new Body("head tilt", BODY_HEAD_PAN, HEAD_TILT_MASS, point(tilt, HEAD_X, 0, 0.09), point(tilt, 0, 0, 0), column(tilt, 1),
                Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX));
        return out;
    }

    private static double[] point(double[] frame, double x, double y, double z) {
        double[] p = new double[3];
        Frames.apply(frame, x, y, z, p, 0);
        return p;
    }

    private static double[] column(double[] frame, int c) {
        return new double[] {frame[c], frame[4 + c], frame[8 + c]};
    }

    /** Whether an arm posture is finite and inside the LWR's joint limits. */
    public static boolean withinLimits(double[] q) {
        if (q.length != Velma.LWR_JOINTS) {
            return false;
        }
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            if (!(Math.abs(q[j]) <= Velma.LWR_LIMITS[j])) {
                return false;
            }
        }
        return true;
    }
}
