package org.embodia.velma.model;

import org.embodia.velma.api.Velma;

/**
 * Forward kinematics and Jacobians of Velma for one joint state, in storage made once: {@link #update}
 * and the Jacobians allocate nothing, so the control loop may call them every cycle. One thread uses
 * an instance; the frames it returns are its own storage, valid until the next update, not to be changed.
 */
public final class VelmaKinematics {
    private static final int N = Velma.LWR_JOINTS;

    private final double[] torso = new double[16];
    private final double[] pan = new double[16];
    private final double[] tilt = new double[16];
    /** Per arm: frame 0 is the arm's base, 1..7 the DH frames after each joint; 8 the tool. */
    private final double[][][] frames = new double[2][N + 2][16];
    private final double[][] mounts = new double[2][16];
    private final double[] local = new double[16];
    private final double[] q = new double[2 * N + 3];

    public VelmaKinematics() {
        Frames.translateRotate(0, -VelmaModel.ARM_MOUNT_Y, VelmaModel.ARM_MOUNT_Z, 1, 0, 0, Math.PI / 2, mounts[Arm.RIGHT.ordinal()]);
        Frames.translateRotate(0, VelmaModel.ARM_MOUNT_Y, VelmaModel.ARM_MOUNT_Z, 1, 0, 0, -Math.PI / 2, mounts[Arm.LEFT.ordinal()]);
        update(0, VelmaModel.REST_RIGHT, VelmaModel.REST_LEFT, 0, 0);
    }

    /** Computes every frame for this joint state (rad). */
    public void update(double torsoAngle, double[] right, double[] left, double headPan, double headTilt) {
        Frames.translateRotate(0, 0, 0, 0, 0, 1, torsoAngle, torso);
        arm(Arm.RIGHT, right);
        arm(Arm.LEFT, left);
        Frames.translateRotate(0, 0, VelmaModel.HEAD_PAN_Z, 0, 0, 1, headPan, local);
        Frames.multiply(torso, local, pan);
        Frames.translateRotate(0, 0, VelmaModel.HEAD_TILT_Z, 0, 1, 0, headTilt, local);
        Frames.multiply(pan, local, tilt);
        q[2 * N] = torsoAngle;
        q[2 * N + 1] = headPan;
        q[2 * N + 2] = headTilt;
        System.arraycopy(right, 0, q, 0, N);
        System.arraycopy(left, 0, q, N, N);
    }

    private void arm(Arm arm, double[] joints) {
        double[][] f = frames[arm.ordinal()];
        Frames.multiply(torso, mounts[arm.ordinal()], f[0]);
        for (int j = 0; j < N; j++) {
            Frames.dh(joints[j], VelmaModel.DH_D[j], 0, VelmaModel.DH_ALPHA[j], local);
            Frames.multiply(f[j], local, f[j + 1]);
        }
        Frames.translateRotate(0, 0, VelmaModel.TOOL_LENGTH, 1, 0, 0, 0, local);
        Frames.multiply(f[N], local, f[N + 1]);
    }

    /** The torso frame (rotated by the torso joint about z). */
    public double[] torso() {
        return torso;
    }

    public double[] headPan() {
        return pan;
    }

    /** The head frame after the tilt joint. */
    public double[] headTilt() {
        return tilt;
    }

    /** Frame {@code k} of an arm: 0 its base, 1..7 after joints 1..7 (DH), 8 the tool. */
    public double[] frame(Arm arm, int k) {
        return frames[arm.ordinal()][k];
    }

    /** The end effector: the tool point {@link VelmaModel#TOOL_LENGTH} beyond the flange. */
    public double[] endEffector(Arm arm) {
        return frames[arm.ordinal()][N + 1];
    }

    /**
     * The geometric Jacobian of the end effector, 6×7 row-major (linear rows x, y, z, then angular),
     * in the world frame, with respect to the arm's joints.
     */
    public void jacobian(Arm arm, double[] out) {
        double[] e = endEffector(arm);
        double[][] f = frames[arm.ordinal()];
        for (int j = 0; j < N; j++) {
            double[] a = f[j];
            double zx = a[2];
            double zy = a[6];
            double zz = a[10];
            double rx = e[3] - a[3];
            double ry = e[7] - a[7];
            double rz = e[11] - a[11];
            out[j] = zy * rz - zz * ry;
            out[N + j] = zz * rx - zx * rz;
            out[2 * N + j] = zx * ry - zy * rx;
            out[3 * N + j] = zx;
            out[4 * N + j] = zy;
            out[5 * N + j] = zz;
        }
    }

    /**
     * The linear Jacobian (3×7 row-major) of the world point p, rigidly attached after joint
     * {@code lastJoint} (1..7) of the arm; the columns of later joints are zero.
     */
    public void pointJacobian(Arm arm, int lastJoint, double px, double py, double pz, double[] out) {
        double[][] f = frames[arm.ordinal()];
        for (int j = 0; j < N; j++) {
            if (j >= lastJoint) {
                out[j] = 0;
                out[N + j] = 0;
                out[2 * N + j] = 0;
                continue;
            }
            double[] a = f[j];
            double rx = px - a[3];
            double ry = py - a[7];
            double rz = pz - a[11];
            out[j] = a[6] * rz - a[10] * ry;
            out[N + j] = a[10] * rx - a[2] * rz;
            out[2 * N + j] = a[2] * ry - a[6] * rx;
        }
    }

    /** The joint state of the last update: right arm 0..6, left arm 7..13, torso, head pan, head tilt. */
    public double joint(int index) {
        return q[index];
    }
}
