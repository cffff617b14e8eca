package org.embodia.velma.api;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/** What cs commands ve_body: arm and torso torques, head positions, and whether to leave safe mode. */
public final class BodyCommand implements Message<BodyCommand>, WireMessage<BodyCommand> {
    public final LwrCommand rightArm = new LwrCommand();
    public final LwrCommand leftArm = new LwrCommand();
    public double torsoTorque;
    public double headPan;
    public double headTilt;
    /** [VELMA-BEH]'s cmdExitSafeState. */
    public boolean exitSafeState;

    /** allCmdOk (docs/velma.md): both arms' and the torso's torques finite and below their limits. */
    public boolean valid() {
        return rightArm.valid() && leftArm.valid() && Math.abs(torsoTorque) < Velma.TORSO_TORQUE_LIMIT;
    }

    /** Whether the head positions are finite and within the head's limits (not part of allCmdOk: an invalid one is not passed on). */
    public boolean headValid() {
        return headPan >= -Velma.HEAD_PAN_LIMIT && headPan <= Velma.HEAD_PAN_LIMIT && headTilt >= Velma.HEAD_TILT_MIN
                && headTilt <= Velma.HEAD_TILT_MAX;
    }

    /** The bytes of {@link #write}: both arms, torso torque, head targets, exit safe state. */
    public static final int WIRE_SIZE = 2 * LwrCommand.WIRE_SIZE + 3 * 8 + 1;

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        rightArm.write(out);
        leftArm.write(out);
        out.putDouble(torsoTorque);
        out.putDouble(headPan);
        out.putDouble(headTilt);
        WireMessage.putBoolean(out, exitSafeState);
    }

    @Override
    public void read(ByteBuffer in) {
        rightArm.read(in);
        leftArm.read(in);
        torsoTorque = in.getDouble();
        headPan = in.getDouble();
        headTilt = in.getDouble();
        exitSafeState = WireMessage.getBoolean(in);
    }

    @Override
    public void copyFrom(BodyCommand c) {
        rightArm.copyFrom(c.rightArm);
        leftArm.copyFrom(c.leftArm);
        torsoTorque = c.torsoTorque;
        headPan = c.headPan;
        headTilt = c.headTilt;
        exitSafeState = c.exitSafeState;
    }

    @Override
    public String toString() {
        return "BodyCommand[exitSafeState=" + exitSafeState + ", right=" + rightArm + ", left=" + leftArm + ", torsoTorque=" + torsoTorque
                + ", headPan=" + headPan + ", headTilt=" + headTilt + "]";
    }
}
