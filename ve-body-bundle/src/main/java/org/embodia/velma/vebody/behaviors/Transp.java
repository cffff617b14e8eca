package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** ve_body's transp: Passes cs's command down to the real effectors if it is valid; otherwise damps, as in safe. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=transp"})
public final class Transp implements Behavior {
    private final VeBody body;

    @Activate
    public Transp(@Reference VeBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.passCommandDown();
    }
}
