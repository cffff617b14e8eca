package org.embodia.velma.vebody.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.vebody.VeBody;
import org.osgi.service.component.annotations.Component;

/**
 * ve_body's idle: waits for the real effectors' status and sends nothing (the spec's dash), so no
 * command reaches a real effector before its status has been seen; the effectors keep themselves safe.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VeBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    @Override
    public void step(int iteration) {
        // deliberately empty: see the class comment
    }
}
