package org.embodia.velma.sim;

import org.embodia.api.buffer.Message;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrStatus;

/**
 * The whole simulated robot after one tick, for readers off the clock thread (tests, the shell): the
 * true joint state, what every device reports, its FRI or CiA 402 state and its invalid-command count.
 */
public final class SimulationState implements Message<SimulationState> {
    /** Device indices of {@link #invalidCommands}. */
    public static final int RIGHT_ARM = 0;
    public static final int LEFT_ARM = 1;
    public static final int TORSO = 2;
    public static final int HEAD_PAN = 3;
    public static final int HEAD_TILT = 4;

    /** Ticks completed. */
    public long tick;
    /** True joint angles (rad), velocities (rad/s) and drive torques (N·m) by physics joint (the order of {@code VelmaModel.bodies}). */
    public final double[] position = new double[VelmaPhysics.JOINTS];
    public final double[] velocity = new double[VelmaPhysics.JOINTS];
    public final double[] torque = new double[VelmaPhysics.JOINTS];
    public final LwrStatus rightArm = new LwrStatus();
    public final LwrStatus leftArm = new LwrStatus();
    public final DriveStatus torso = new DriveStatus();
    public final DriveStatus headPan = new DriveStatus();
    public final DriveStatus headTilt = new DriveStatus();
    /** The CiA 402 state and the last fault of each drive. */
    public Cia402State torsoState = Cia402State.NOT_READY_TO_SWITCH_ON;
    public Cia402State headPanState = Cia402State.NOT_READY_TO_SWITCH_ON;
    public Cia402State headTiltState = Cia402State.NOT_READY_TO_SWITCH_ON;
    public DriveFault torsoFault = DriveFault.NONE;
    public DriveFault headPanFault = DriveFault.NONE;
    public DriveFault headTiltFault = DriveFault.NONE;
    /** Invalid commands each device received, by device index. */
    public final long[] invalidCommands = new long[5];

    @Override
    public void copyFrom(SimulationState s) {
        tick = s.tick;
        System.arraycopy(s.position, 0, position, 0, position.length);
        System.arraycopy(s.velocity, 0, velocity, 0, velocity.length);
        System.arraycopy(s.torque, 0, torque, 0, torque.length);
        rightArm.copyFrom(s.rightArm);
        leftArm.copyFrom(s.leftArm);
        torso.copyFrom(s.torso);
        headPan.copyFrom(s.headPan);
        headTilt.copyFrom(s.headTilt);
        torsoState = s.torsoState;
        headPanState = s.headPanState;
        headTiltState = s.headTiltState;
        torsoFault = s.torsoFault;
        headPanFault = s.headPanFault;
        headTiltFault = s.headTiltFault;
        System.arraycopy(s.invalidCommands, 0, invalidCommands, 0, invalidCommands.length);
    }
}
