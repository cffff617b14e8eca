package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's idle (§3.1.2): estimates the pose and sends it to cs; sends nothing to the real
 * effector. A new command from cs is checked here: a valid one ends idle (its terminal condition)
 * and selects its behaviour, a rejected one stays here with its reason sent to cs.
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
