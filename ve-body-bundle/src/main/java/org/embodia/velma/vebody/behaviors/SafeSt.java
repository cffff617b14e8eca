package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's safe_st: Passes the real effectors' status up to cs while some of them are not ready. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe_st"})
public final class SafeSt implements Behavior {
    private final VeBody body;

    @Activate
    public SafeSt(@Reference VeBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.passStatusUp(true);
    }
}
