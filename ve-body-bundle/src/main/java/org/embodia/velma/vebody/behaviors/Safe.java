package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * ve_body's safe: damps every joint on its own: τ = −D·q̇ per LWR joint, the torso damped, the head holding its
 * position; the drives are brought up, and the head homed, on the way.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe"})
public final class Safe implements Behavior {
    /** Damping of the torso in safe mode (N·m·s/rad). */
    public static final double TORSO_SAFE_DAMPING = 20;
    /** The fraction of a torque limit safe mode's damping may use. */
    static final double SAFE_TORQUE_FRACTION = 0.95;

    private final VeBody body;

    @Activate
    public Safe(@Reference VeBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        sendSafeCommands(body);
    }

    /** Safe's transition function; transp's too, for a command from cs that is missing or invalid. */
    static void sendSafeCommands(VeBody body) {
        damp(body.rightArmStatus().get(), body.rightArmCommand());
        damp(body.leftArmStatus().get(), body.leftArmCommand());
        DriveStatus t = body.torsoStatus().get();
        body.torso().torque(t, bounded(-TORSO_SAFE_DAMPING * t.velocity, Velma.TORSO_TORQUE_LIMIT), body.torsoCommand().message());
        body.torsoCommand().send();
        DriveSetpoints.hold(body.headPan(), body.headPanStatus(), body.headPanCommand(), -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT);
        DriveSetpoints.hold(body.headTilt(), body.headTiltStatus(), body.headTiltCommand(), Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX);
    }

    /**
     * Safe mode's own torques obey the limits it enforces on cs: a joint moving fast would otherwise
     * ask for more damping than a real effector may receive; an unreadable velocity damps nothing.
     */
    static double bounded(double torque, double limit) {
        if (!Double.isFinite(torque)) {
            return 0;
        }
        double max = SAFE_TORQUE_FRACTION * limit;
        return Math.max(-max, Math.min(max, torque));
    }

    private static void damp(LwrStatus status, OutputBuffer<LwrCommand> out) {
        double[] tau = out.message().torque;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            tau[j] = bounded(-Velma.SAFE_DAMPING[j] * status.dq[j], Velma.LWR_TORQUE_LIMITS[j]);
        }
        out.send();
    }
}
