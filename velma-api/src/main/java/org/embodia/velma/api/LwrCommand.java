package org.embodia.velma.api;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/**
 * A joint impedance command to one KUKA LWR over FRI: the torque added to the arm's own impedance
 * controller (Velma commands torques, with the arm's stiffness set to zero).
 */
public final class LwrCommand implements Message<LwrCommand>, WireMessage<LwrCommand> {
    public final double[] torque = new double[Velma.LWR_JOINTS];

    /** rLwrCmdOk / lLwrCmdOk, the arms' part of allCmdOk (docs/velma.md): every torque finite and below its joint's limit. */
    public boolean valid() {
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            if (!(Math.abs(torque[j]) < Velma.LWR_TORQUE_LIMITS[j])) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of {@link #write}: the joint torques. */
    public static final int WIRE_SIZE = Velma.LWR_JOINTS * 8;

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        WireMessage.putDoubles(out, torque);
    }

    @Override
    public void read(ByteBuffer in) {
        WireMessage.getDoubles(in, torque);
    }

    @Override
    public void copyFrom(LwrCommand c) {
        System.arraycopy(c.torque, 0, torque, 0, Velma.LWR_JOINTS);
    }

    @Override
    public String toString() {
        return "LwrCommand[torque=" + Arrays.toString(torque) + "]";
    }
}
