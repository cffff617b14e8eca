package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's safe: Damps every joint on its own: τ = −D·q̇ per LWR joint, the torso damped, the head holding its position. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe"})
public final class Safe implements Behavior {
    private final VeBody body;

    @Activate
    public Safe(@Reference VeBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.sendSafeCommands();
    }
}
