package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
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
        if (!cs.status.hasData()) {
            return;
        }
        cs.sense();
        cs.damp(Velma.SAFE_DAMPING, Gains.TORSO_SAFE_DAMPING);
        cs.saturate(Gains.SAFE_TORQUE_FRACTION);
        cs.holdHead();
        cs.send(cs.exitSafeWanted());
    }
}
