package org.embodia.velma.api;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.WireMessage;

/** What ve_body passes up to cs in safe_st, safe_st_ok and transp_st: every real effector's status, and its own mode. */
public final class BodyStatus implements Message<BodyStatus>, WireMessage<BodyStatus> {
    public final LwrStatus rightArm = new LwrStatus();
    public final LwrStatus leftArm = new LwrStatus();
    public final DriveStatus torso = new DriveStatus();
    public final DriveStatus headPan = new DriveStatus();
    public final DriveStatus headTilt = new DriveStatus();
    /** Whether ve_body is in one of its safe states: cs's veBodyInSafeState. */
    public boolean safeMode = true;

    /** The bytes of {@link #write}: both arms, the three drives, safe mode. */
    public static final int WIRE_SIZE = 2 * LwrStatus.WIRE_SIZE + 3 * DriveStatus.WIRE_SIZE + 1;

    @Override
    public int wireSize() {
        return WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        rightArm.write(out);
        leftArm.write(out);
        torso.write(out);
        headPan.write(out);
        headTilt.write(out);
        WireMessage.putBoolean(out, safeMode);
    }

    @Override
    public void read(ByteBuffer in) {
        rightArm.read(in);
        leftArm.read(in);
        torso.read(in);
        headPan.read(in);
        headTilt.read(in);
        safeMode = WireMessage.getBoolean(in);
    }

    @Override
    public void copyFrom(BodyStatus s) {
        rightArm.copyFrom(s.rightArm);
        leftArm.copyFrom(s.leftArm);
        torso.copyFrom(s.torso);
        headPan.copyFrom(s.headPan);
        headTilt.copyFrom(s.headTilt);
        safeMode = s.safeMode;
    }

    @Override
    public String toString() {
        return "BodyStatus[safeMode=" + safeMode + ", right=" + rightArm + ", left=" + leftArm + ", torso=" + torso + ", headPan=" + headPan
                + ", headTilt=" + headTilt + "]";
    }
}
