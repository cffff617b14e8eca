package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's safe_st_ok: Passes the status up while every real effector is ready, still in safe mode. */
@Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe_st_ok"})
public final class SafeStOk extends StatusUp {
    @Activate
    public SafeStOk(@Reference VeBody body) {
        super(body, true);
    }
}
