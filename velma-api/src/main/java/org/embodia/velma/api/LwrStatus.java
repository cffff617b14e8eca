package org.embodia.velma.api;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/** What one KUKA LWR reports every FRI cycle. */
public final class LwrStatus implements Message<LwrStatus>, WireMessage<LwrStatus> {
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

    /** The bytes of {@link #write}: three joint vectors, power, two flags and three enums. */
    public static final int WIRE_SIZE = 3 * Velma.LWR_JOINTS * 8 + 4 + 2 + 3;
    private static final ControlMode[] CONTROL_MODES = ControlMode.values();
    private static final FriQuality[] QUALITIES = FriQuality.values();
    private static final FriState[] STATES = FriState.values();

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        WireMessage.putDoubles(out, q);
        WireMessage.putDoubles(out, dq);
        WireMessage.putDoubles(out, torque);
        out.putInt(power);
        WireMessage.putBoolean(out, error);
        WireMessage.putBoolean(out, warning);
        out.put((byte) controlMode.ordinal());
        out.put((byte) quality.ordinal());
        out.put((byte) state.ordinal());
    }

    @Override
    public void read(ByteBuffer in) {
        WireMessage.getDoubles(in, q);
        WireMessage.getDoubles(in, dq);
        WireMessage.getDoubles(in, torque);
        power = in.getInt();
        error = WireMessage.getBoolean(in);
        warning = WireMessage.getBoolean(in);
        // Unknown values read as the ones that keep ve_body in safe mode (not ok, not in command state).
        controlMode = WireMessage.getOrdinal(in, CONTROL_MODES, ControlMode.POSITION);
        quality = WireMessage.getOrdinal(in, QUALITIES, FriQuality.BAD);
        state = WireMessage.getOrdinal(in, STATES, FriState.MONITOR);
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
