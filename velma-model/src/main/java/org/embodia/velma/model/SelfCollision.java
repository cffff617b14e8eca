package org.embodia.velma.model;

import org.embodia.velma.api.Velma;

/**
 * Self-collision of Velma with one capsule per link: each arm's upper arm, forearm and hand, the
 * torso column and the head. Pairs that can touch are checked: arm against arm, forearms and hands
 * against torso and head, upper arms against the head. {@link #update} and {@link #repulsion}
 * allocate nothing; one thread uses an instance.
 */
public final class SelfCollision {
    /** Capsules by index. */
    public static final int R_UPPER = 0;
    public static final int R_FORE = 1;
    public static final int R_HAND = 2;
    public static final int L_UPPER = 3;
    public static final int L_FORE = 4;
    public static final int L_HAND = 5;
    public static final int TORSO = 6;
    public static final int HEAD = 7;
    private static final String[] NAMES = {"right upper arm", "right forearm", "right hand", "left upper arm", "left forearm", "left hand",
        "torso", "head"};
    private static final double[] RADIUS = {VelmaModel.UPPER_ARM_RADIUS, VelmaModel.FOREARM_RADIUS, VelmaModel.HAND_RADIUS,
        VelmaModel.UPPER_ARM_RADIUS, VelmaModel.FOREARM_RADIUS, VelmaModel.HAND_RADIUS, VelmaModel.TORSO_COLUMN_RADIUS, VelmaModel.HEAD_RADIUS};
    /** The arm frame each arm capsule starts and ends at, and the last joint that moves it. */
    private static final int[] FROM_FRAME = {1, 3, 5};
    private static final int[] TO_FRAME = {3, 5, 8};
    private static final int[] LAST_JOINT = {3, 5, 7};
    private static final int[][] PAIRS = {
        {R_UPPER, L_UPPER}, {R_UPPER, L_FORE}, {R_UPPER, L_HAND}, {R_FORE, L_UPPER}, {R_FORE, L_FORE}, {R_FORE, L_HAND},
        {R_HAND, L_UPPER}, {R_HAND, L_FORE}, {R_HAND, L_HAND},
        {R_FORE, TORSO}, {R_FORE, HEAD}, {R_HAND, TORSO}, {R_HAND, HEAD}, {L_FORE, TORSO}, {L_FORE, HEAD}, {L_HAND, TORSO}, {L_HAND, HEAD},
        {R_UPPER, HEAD}, {L_UPPER, HEAD}};

    private static final Arm[] ARMS = Arm.values();

    private final double[][] segments = new double[8][6];
    private final double[] distance = new double[PAIRS.length];
    /** Per pair: the closest point on the first capsule's axis, then on the second's. */
    private final double[][] closest = new double[PAIRS.length][6];
    private final double[] jp = new double[3 * Velma.LWR_JOINTS];
    private int nearest;

    /** Capsule axes and pair distances for the kinematics' current state. */
    public void update(VelmaKinematics k) {
        for (Arm arm : ARMS) {
            for (int c = 0; c < 3; c++) {
                double[] s = segments[arm.ordinal() * 3 + c];
                double[] a = k.frame(arm, FROM_FRAME[c]);
                double[] b = k.frame(arm, TO_FRAME[c]);
                s[0] = a[3];
                s[1] = a[7];
                s[2] = a[11];
                s[3] = b[3];
                s[4] = b[7];
                s[5] = b[11];
            }
        }
        Frames.apply(k.torso(), 0, 0, VelmaModel.TORSO_COLUMN_Z0, segments[TORSO], 0);
        Frames.apply(k.torso(), 0, 0, VelmaModel.TORSO_COLUMN_Z1, segments[TORSO], 3);
        Frames.apply(k.headTilt(), VelmaModel.HEAD_X, 0, VelmaModel.HEAD_Z0, segments[HEAD], 0);
        Frames.apply(k.headTilt(), VelmaModel.HEAD_X, 0, VelmaModel.HEAD_Z1, segments[HEAD], 3);
        nearest = 0;
        for (int p = 0; p < PAIRS.length; p++) {
            double axes = Segments.closestPoints(segments[PAIRS[p][0]], segments[PAIRS[p][1]], closest[p]);
            distance[p] = axes - RADIUS[PAIRS[p][0]] - RADIUS[PAIRS[p][1]];
            if (distance[p] < distance[nearest]) {
                nearest = p;
            }
        }
    }

    /**
     * The axis of a capsule ({@link #R_UPPER} .. {@link #HEAD}) after the last {@link #update}: both ends' x, y, z (m),
     * copied into {@code out}.
     *
     * @since 1.1
     */
    public void segment(int capsule, double[] out) {
        System.arraycopy(segments[capsule], 0, out, 0, 6);
    }

    /**
     * The capsules' count, names and radii (m).
     *
     * @since 1.1
     */
    public static int capsules() {
        return NAMES.length;
    }

    /** @since 1.1 */
    public static String capsuleName(int capsule) {
        return NAMES[capsule];
    }

    /** @since 1.1 */
    public static double radius(int capsule) {
        return RADIUS[capsule];
    }

    /** The smallest distance between capsule surfaces (m), negative when they overlap. */
    public double minDistance() {
        return distance[nearest];
    }

    /** Whether two capsules are closer than {@link VelmaModel#COLLISION_DISTANCE}: cs's inSelfCollision. */
    public boolean inSelfCollision() {
        return distance[nearest] < VelmaModel.COLLISION_DISTANCE;
    }

    /** The two links of the nearest pair, e.g. "right hand / left forearm"; for messages, not the loop. */
    public String nearestPair() {
        return pairName(nearest);
    }

    /** The index of the nearest pair. */
    public int nearest() {
        return nearest;
    }

    public static String pairName(int pair) {
        return NAMES[PAIRS[pair][0]] + " / " + NAMES[PAIRS[pair][1]];
    }

    public int pairs() {
        return PAIRS.length;
    }

    public double distance(int pair) {
        return distance[pair];
    }

    /**
     * Adds to the arms' joint torques a repulsion for every pair closer than {@code activation} (m):
     * a force of {@code gain}·(activation − distance) N pushing the closest points apart, mapped
     * through the point Jacobians of the arm links involved (the torso and head do not yield).
     */
    public void repulsion(VelmaKinematics k, double activation, double gain, double[] tauRight, double[] tauLeft) {
        for (int p = 0; p < PAIRS.length; p++) {
            if (distance[p] >= activation) {
                continue;
            }
            double[] c = closest[p];
            double nx = c[0] - c[3];
            double ny = c[1] - c[4];
            double nz = c[2] - c[5];
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len < 1e-6) {
                // Crossing axes: push apart across both, along the common normal of their directions.
                double[] a = segments[PAIRS[p][0]];
                double[] b = segments[PAIRS[p][1]];
                double ax = a[3] - a[0];
                double ay = a[4] - a[1];
                double az = a[5] - a[2];
                double bx = b[3] - b[0];
                double by = b[4] - b[1];
                double bz = b[5] - b[2];
                nx = ay * bz - az * by;
                ny = az * bx - ax * bz;
                nz = ax * by - ay * bx;
                len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (len < 1e-12) {
                    continue;
                }
            }
            double f = gain * (activation - distance[p]) / len;
            push(k, PAIRS[p][0], c, 0, f * nx, f * ny, f * nz, tauRight, tauLeft);
            push(k, PAIRS[p][1], c, 3, -f * nx, -f * ny, -f * nz, tauRight, tauLeft);
        }
    }

    private void push(VelmaKinematics k, int capsule, double[] points, int offset, double fx, double fy, double fz, double[] tauRight,
            double[] tauLeft) {
        if (capsule >= TORSO) {
            return;
        }
        Arm arm = capsule < L_UPPER ? Arm.RIGHT : Arm.LEFT;
        double[] tau = arm == Arm.RIGHT ? tauRight : tauLeft;
        k.pointJacobian(arm, LAST_JOINT[capsule % 3], points[offset], points[offset + 1], points[offset + 2], jp);
        int n = Velma.LWR_JOINTS;
        for (int j = 0; j < n; j++) {
            tau[j] += jp[j] * fx + jp[n + j] * fy + jp[2 * n + j] * fz;
        }
    }
}
