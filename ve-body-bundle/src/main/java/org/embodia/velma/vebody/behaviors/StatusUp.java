package org.embodia.velma.vebody.behaviors;

import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.vebody.VeBody;

/** The status pass's transition function, shared by safe_st, safe_st_ok and transp_st: every real effector's status up to cs. */
abstract class StatusUp implements Behavior {
    private final VeBody body;
    /** What cs is told of ve_body's mode: safe in safe_st and safe_st_ok, not in transp_st. */
    private final boolean safeMode;

    StatusUp(VeBody body, boolean safeMode) {
        this.body = body;
        this.safeMode = safeMode;
    }

    @Override
    public final void step(int iteration) {
        BodyStatus s = body.status().message();
        s.rightArm.copyFrom(body.rightArmStatus().get());
        s.leftArm.copyFrom(body.leftArmStatus().get());
        s.torso.copyFrom(body.torsoStatus().get());
        s.headPan.copyFrom(body.headPanStatus().get());
        s.headTilt.copyFrom(body.headTiltStatus().get());
        s.safeMode = safeMode;
        body.status().send();
    }
}
