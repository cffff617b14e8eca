package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's transp_st: Passes the status up in transparent mode. */
@Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=transp_st"})
public final class TranspSt extends StatusUp {
    @Activate
    public TranspSt(@Reference VeBody body) {
        super(body, false);
    }
}
