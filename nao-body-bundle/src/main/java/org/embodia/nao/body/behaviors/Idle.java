package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's idle (§3.1.2): estimates the pose and sends it to cs; sends nothing to the real
 * effector. A valid command from cs ends idle at the check of the step it arrives in (its terminal
 * condition), and the behaviour it selects runs in idle's place in that step; an invalid one leaves
 * idle current, and idle sends cs the reason.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    private final NaoBody body;

    @Activate
    public Idle(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        body.acceptOrReject();
        body.sendStatus();
    }
}
