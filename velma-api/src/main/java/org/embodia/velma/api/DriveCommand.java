package org.embodia.velma.api;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/** A command to one EtherCAT drive (CiA 402): controlword, mode and set-points. */
public final class DriveCommand implements Message<DriveCommand>, WireMessage<DriveCommand> {
    /** CiA 402 controlwords. */
    public static final int SHUTDOWN = 0x06;
    public static final int SWITCH_ON = 0x07;
    public static final int ENABLE_OPERATION = 0x0F;
    public static final int DISABLE_VOLTAGE = 0x00;
    public static final int FAULT_RESET = 0x80;
    /** Modes of operation. */
    public static final int MODE_HOMING = 6;
    public static final int MODE_CYCLIC_POSITION = 8;
    public static final int MODE_CYCLIC_TORQUE = 10;

    public int controlWord;
    public int mode = MODE_CYCLIC_TORQUE;
    public double targetTorque;
    public double targetPosition;

    /** The bytes of {@link #write}: controlword, mode, torque and position targets. */
    public static final int WIRE_SIZE = 4 + 4 + 2 * 8;

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        out.putInt(controlWord);
        out.putInt(mode);
        out.putDouble(targetTorque);
        out.putDouble(targetPosition);
    }

    @Override
    public void read(ByteBuffer in) {
        controlWord = in.getInt();
        mode = in.getInt();
        targetTorque = in.getDouble();
        targetPosition = in.getDouble();
    }

    @Override
    public void copyFrom(DriveCommand c) {
        controlWord = c.controlWord;
        mode = c.mode;
        targetTorque = c.targetTorque;
        targetPosition = c.targetPosition;
    }

    @Override
    public String toString() {
        return String.format("DriveCommand[controlword=0x%02x, mode=%d, torque=%.3f, position=%.4f]", controlWord, mode, targetTorque,
                targetPosition);
    }
}
