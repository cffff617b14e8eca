package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's safe_st: Passes the real effectors' status up to cs while some of them are not ready. */
@Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe_st"})
public final class SafeSt extends StatusUp {
    @Activate
    public SafeSt(@Reference VeBody body) {
        super(body, true);
    }
}
