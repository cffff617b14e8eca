package org.embodia.velma.api;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/** What one EtherCAT drive (CiA 402) reports: its statusword and position, velocity, torque. */
public final class DriveStatus implements Message<DriveStatus>, WireMessage<DriveStatus> {
    /** CiA 402 statusword bits: the low bits give the state of the drive's state machine. */
    public static final int READY_TO_SWITCH_ON = 0x01;
    public static final int SWITCHED_ON = 0x02;
    public static final int OPERATION_ENABLED = 0x04;
    public static final int FAULT = 0x08;
    public static final int VOLTAGE_ENABLED = 0x10;
    public static final int QUICK_STOP = 0x20;
    public static final int SWITCH_ON_DISABLED = 0x40;
    /** Manufacturer-independent "homing attained" bit of homing mode (bit 12). */
    public static final int HOMING_ATTAINED = 0x1000;

    public int statusWord;
    /** Modes of operation display (0x6061): {@link DriveCommand#MODE_HOMING}, cyclic position or torque. */
    public int mode;
    /** Whether the drive's position is referenced: homing attained since power-up, or an absolute encoder. */
    public boolean homed;
    public double position;
    public double velocity;
    public double torque;

    /** A valid drive status (allHwOk, docs/velma.md): operation enabled (statusword xxxx xxxx x01x 0111) and no fault. */
    public boolean ok() {
        return (statusWord & 0x6F) == 0x27;
    }

    /** The bytes of {@link #write}: statusword, mode, homed, position, velocity, torque. */
    public static final int WIRE_SIZE = 4 + 4 + 1 + 3 * 8;

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        out.putInt(statusWord);
        out.putInt(mode);
        WireMessage.putBoolean(out, homed);
        out.putDouble(position);
        out.putDouble(velocity);
        out.putDouble(torque);
    }

    @Override
    public void read(ByteBuffer in) {
        statusWord = in.getInt();
        mode = in.getInt();
        homed = WireMessage.getBoolean(in);
        position = in.getDouble();
        velocity = in.getDouble();
        torque = in.getDouble();
    }

    @Override
    public void copyFrom(DriveStatus s) {
        statusWord = s.statusWord;
        mode = s.mode;
        homed = s.homed;
        position = s.position;
        velocity = s.velocity;
        torque = s.torque;
    }

    @Override
    public String toString() {
        return String.format("DriveStatus[statusword=0x%04x, mode=%d, homed=%b, position=%.4f, velocity=%.4f, torque=%.3f]", statusWord, mode,
                homed, position, velocity, torque);
    }
}
