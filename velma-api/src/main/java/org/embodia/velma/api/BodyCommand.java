package org.embodia.velma.api;

import org.embodia.api.buffer.Message;

/** What cs commands ve_body: arm and torso torques, head positions, and whether to leave safe mode. */
public final class BodyCommand implements Message<BodyCommand> {
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
