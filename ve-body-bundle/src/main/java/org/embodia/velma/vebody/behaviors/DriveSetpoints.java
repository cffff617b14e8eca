package org.embodia.velma.vebody.behaviors;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.vebody.Cia402Drive;

/** The head's position set-points, which safe and transp both send through the head's drive machines. */
final class DriveSetpoints {
    private DriveSetpoints() {
    }

    /** Holds the drive where its status says it is. */
    static void hold(Cia402Drive drive, InputBuffer<DriveStatus> status, OutputBuffer<DriveCommand> out, double lower, double upper) {
        move(drive, status, status.get().position, out, lower, upper);
    }

    /**
     * A position set-point, kept inside the joint's limits: a joint resting on its mechanical stop
     * may read a hair beyond it, and holding it there would be an over-limit command.
     */
    static void move(Cia402Drive drive, InputBuffer<DriveStatus> status, double position, OutputBuffer<DriveCommand> out, double lower,
            double upper) {
        DriveCommand c = out.message();
        drive.position(status.get(), position, c);
        c.targetPosition = Math.max(lower, Math.min(upper, c.targetPosition));
        out.send();
    }
}
