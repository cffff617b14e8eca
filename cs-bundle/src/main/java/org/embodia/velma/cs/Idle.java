package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.Velma;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * cs's idle: waits while ve_body is in safe mode, sending harmless damping torques, and asks ve_body
 * to leave safe mode (cmdExitSafeState) while a task's exit request is open.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VelmaCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    private final VelmaCs cs;

    @Activate
    public Idle(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        if (!cs.status().hasData()) {
            return;
        }
        BodyStatus s = cs.status().get();
        BodyCommand c = cs.command().message();
        Gains.damp(s, c, Velma.SAFE_DAMPING);
        c.torsoTorque = -Gains.TORSO_SAFE_DAMPING * s.torso.velocity;
        Gains.saturate(c, Gains.SAFE_TORQUE_FRACTION);
        HeadMotion.hold(cs, c);
        c.exitSafeState = cs.exitSafeWanted();
        cs.command().send();
    }
}
