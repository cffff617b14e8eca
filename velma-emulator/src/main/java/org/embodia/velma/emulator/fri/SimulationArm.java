package org.embodia.velma.emulator.fri;

import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.sim.SimulatedLwr;

/**
 * An arm of {@code VelmaSimulation} behind an FRI peer: the peer's state decides power and brakes, its
 * commanded torques reach the physics at the next tick, and it reports the state of the tick just done.
 * Used inside the simulation's tick (an attached cycle), where the arm may be commanded.
 */
public final class SimulationArm implements PeerArm {
    private final SimulatedLwr arm;
    private final LwrStatus status = new LwrStatus();

    public SimulationArm(SimulatedLwr arm) {
        this.arm = arm;
    }

    @Override
    public void drive(boolean powered, float[] added) {
        arm.drive(powered, added);
        arm.status(status);
    }

    @Override
    public double position(int joint) {
        return status.q[joint];
    }

    @Override
    public double torque(int joint) {
        return status.torque[joint];
    }

    /** The stand-alone model's diagonal: FRI's mass matrix is information for the remote side, not used by Velma's controller. */
    @Override
    public double inertia(int joint) {
        return FriArm.INERTIA[joint];
    }
}
