package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's set_stiffness (§3.1.7, NAOqi's stiffnessInterpolation): one step, in which the real
 * effector gets STIFFNESS_INTERPOL with cs's stiffness and cs gets the pose.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=set_stiffness"})
public final class SetStiffness implements Behavior {
    private final NaoBody body;

    @Activate
    public SetStiffness(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        BodyEffectorCommand e = body.reCommand();
        e.cmd = BodyEffectorCommand.Cmd.STIFFNESS_INTERPOL;
        e.stiffness.copyFrom(body.commanded().stiffness);
        body.sendReCommand();
        body.sendStatus();
    }
}
