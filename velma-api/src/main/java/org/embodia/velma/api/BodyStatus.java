package org.embodia.velma.api;

import org.embodia.api.buffer.Message;

/** What ve_body passes up to cs in safe_st, safe_st_ok and transp_st: every real effector's status, and its own mode. */
public final class BodyStatus implements Message<BodyStatus> {
    public final LwrStatus rightArm = new LwrStatus();
    public final LwrStatus leftArm = new LwrStatus();
    public final DriveStatus torso = new DriveStatus();
    public final DriveStatus headPan = new DriveStatus();
    public final DriveStatus headTilt = new DriveStatus();
    /** Whether ve_body is in one of its safe states: cs's veBodyInSafeState. */
    public boolean safeMode = true;

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
