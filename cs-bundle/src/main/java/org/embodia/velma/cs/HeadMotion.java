package org.embodia.velma.cs;

import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.Motion;

/**
 * The head's part of every behaviour's transition function: idle holds the head where it is; the others move it
 * along the task's head motion, or hold the set-point it had when cs left idle. Over cs's memory: s^(i+1) starts as a
 * copy of s^i and only these functions write the head's part, once per iteration, so they read and write it there.
 */
final class HeadMotion {
    /** How close the head must come to a head command's target (rad). */
    static final double TOLERANCE = 0.02;

    private HeadMotion() {
    }

    /** Idle's: the head where it is, a head motion dropped. */
    static void hold(VelmaCs cs, BodyCommand c) {
        CsMemory h = cs.nextMemory();
        BodyStatus s = cs.status().get();
        h.headSetpoint[0] = s.headPan.position;
        h.headSetpoint[1] = s.headTilt.position;
        h.headMoving = false;
        cs.dropHeadCommand();
        c.headPan = h.headSetpoint[0];
        c.headTilt = h.headSetpoint[1];
    }

    /** Every other behaviour's: the head follows its motion, which a pending head command replaces. */
    static void follow(VelmaCs cs, BodyCommand c) {
        CsMemory h = cs.nextMemory();
        BodyStatus s = cs.status().get();
        double pan = s.headPan.position;
        double tilt = s.headTilt.position;
        if (!h.headMoving) {
            h.headMoving = true;
            plan(h, pan, tilt, pan, tilt, VelmaCs.DT);
            h.headTime = VelmaCs.DT;
        }
        TaskCommand head = cs.headCommand();
        MotionLog log = cs.log();
        if (head != null && log.phase(head.id) == Motion.Phase.PENDING) {
            plan(h, h.headSetpoint[0], h.headSetpoint[1], head.pan, head.tilt, head.seconds);
            log.set(head.id, Motion.Phase.ACTIVE, 0);
        }
        h.headTime = Math.min(h.headTime + VelmaCs.DT, h.headDuration);
        double p = MinimumJerk.position(h.headTime, h.headDuration);
        for (int k = 0; k < 2; k++) {
            h.headSetpoint[k] = h.headFrom[k] + (h.headTo[k] - h.headFrom[k]) * p;
        }
        if (head != null && log.phase(head.id) == Motion.Phase.ACTIVE && h.headTime >= h.headDuration
                && Math.abs(pan - head.pan) < TOLERANCE && Math.abs(tilt - head.tilt) < TOLERANCE) {
            log.set(head.id, Motion.Phase.DONE, MotionLog.REACHED);
        }
        c.headPan = h.headSetpoint[0];
        c.headTilt = h.headSetpoint[1];
    }

    private static void plan(CsMemory h, double pan, double tilt, double toPan, double toTilt, double seconds) {
        h.headFrom[0] = pan;
        h.headFrom[1] = tilt;
        h.headTo[0] = toPan;
        h.headTo[1] = toTilt;
        h.headDuration = seconds;
        h.headTime = 0;
    }
}
