package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.Velma;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * ve_body's transp: passes cs's command down to the real effectors if it is new and valid, the torso's torque and
 * the head's targets through their drive machines; otherwise damps, as safe does.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=transp"})
public final class Transp implements Behavior {
    private final VeBody body;

    @Activate
    public Transp(@Reference VeBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        BodyCommand c = body.command().get();
        if (!body.command().isNew() || !c.valid()) {
            Safe.sendSafeCommands(body);
            return;
        }
        body.rightArmCommand().write(c.rightArm);
        body.leftArmCommand().write(c.leftArm);
        body.torso().torque(body.torsoStatus().get(), c.torsoTorque, body.torsoCommand().message());
        body.torsoCommand().send();
        if (c.headValid()) {
            DriveSetpoints.move(body.headPan(), body.headPanStatus(), c.headPan, body.headPanCommand(), -Velma.HEAD_PAN_LIMIT,
                    Velma.HEAD_PAN_LIMIT);
            DriveSetpoints.move(body.headTilt(), body.headTiltStatus(), c.headTilt, body.headTiltCommand(), Velma.HEAD_TILT_MIN,
                    Velma.HEAD_TILT_MAX);
        } else {
            DriveSetpoints.hold(body.headPan(), body.headPanStatus(), body.headPanCommand(), -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT);
            DriveSetpoints.hold(body.headTilt(), body.headTiltStatus(), body.headTiltCommand(), Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX);
        }
    }
}
