package org.embodia.velma.api;

import java.util.Arrays;

import org.embodia.api.buffer.Message;

/** What one KUKA LWR reports every FRI cycle. */
public final class LwrStatus implements Message<LwrStatus> {
    /** Measured joint positions (rad), velocities (rad/s) and torques (N·m). */
    public final double[] q = new double[Velma.LWR_JOINTS];
    public final double[] dq = new double[Velma.LWR_JOINTS];
    public final double[] torque = new double[Velma.LWR_JOINTS];
    /** Drives powered, one bit per joint. */
    public int power;
    public boolean error;
    public boolean warning;
    public ControlMode controlMode = ControlMode.POSITION;
    public FriQuality quality = FriQuality.BAD;
    public FriState state = FriState.MONITOR;

    /**
     * The LWR part of allHwOk (docs/velma.md): power on for all joints, no error, no warning,
     * joint impedance control, FRI quality above UNACCEPTABLE. The FRI state is checked apart ({@code *LwrInCmdState}).
     */
    public boolean ok() {
        return power == (1 << Velma.LWR_JOINTS) - 1 && !error && !warning && controlMode == ControlMode.JOINT_IMPEDANCE
                && quality.compareTo(FriQuality.UNACCEPTABLE) > 0;
    }

    public boolean inCommandState() {
        return state == FriState.COMMAND;
    }

    @Override
    public void copyFrom(LwrStatus s) {
        System.arraycopy(s.q, 0, q, 0, Velma.LWR_JOINTS);
        System.arraycopy(s.dq, 0, dq, 0, Velma.LWR_JOINTS);
        System.arraycopy(s.torque, 0, torque, 0, Velma.LWR_JOINTS);
        power = s.power;
        error = s.error;
        warning = s.warning;
        controlMode = s.controlMode;
        quality = s.quality;
        state = s.state;
    }

    @Override
    public String toString() {
        return "LwrStatus[q=" + Arrays.toString(q) + ", dq=" + Arrays.toString(dq) + ", power=" + Integer.toBinaryString(power) + ", error="
                + error + ", warning=" + warning + ", " + controlMode + ", " + quality + ", " + state + "]";
    }
}
