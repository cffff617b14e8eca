package org.embodia.velma.emulator.fri;

import org.embodia.velma.api.Velma;

/**
 * A stand-alone model of one LWR for the FRI peer, kept apart from {@code VelmaSimulation}'s tick so
 * that the peer runs without the physics: each joint a rotating inertia with gravity compensated, the
 * controller's own damping, brakes while the drives are off, and stops at the joint limits.
 */
final class FriArm implements PeerArm {
    /** Joint inertias seen by the drives (kg·m²), heavier near the base. */
    static final double[] INERTIA = {1.2, 1.2, 0.6, 0.6, 0.2, 0.1, 0.05};
    /** The controller's damping in joint impedance mode with stiffness zero (N·m·s/rad). */
    static final double DAMPING = 0.5;

    final double[] q = new double[Velma.LWR_JOINTS];
    final double[] dq = new double[Velma.LWR_JOINTS];
    final double[] torque = new double[Velma.LWR_JOINTS];

    FriArm(double[] initial) {
        System.arraycopy(initial, 0, q, 0, Velma.LWR_JOINTS);
    }

    /** One FRI cycle: {@code added} are the commanded joint torques, applied only when {@code powered}. */
    @Override
    public void drive(boolean powered, float[] added) {
        double dt = SimulatedFriPeer.PERIOD;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            if (!powered) {
                dq[j] = 0;
                torque[j] = 0;
                continue;
            }
            torque[j] = added[j];
            dq[j] += (added[j] - DAMPING * dq[j]) / INERTIA[j] * dt;
            q[j] += dq[j] * dt;
            double limit = Velma.LWR_LIMITS[j];
            if (Math.abs(q[j]) >= limit) {
                q[j] = Math.copySign(limit, q[j]);
                dq[j] = 0;
            }
        }
    }

    @Override
    public double position(int joint) {
        return q[joint];
    }

    @Override
    public double torque(int joint) {
        return torque[joint];
    }

    @Override
    public double inertia(int joint) {
        return INERTIA[joint];
    }
}
