package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.Motion;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * cs's safe_col, [VELMA-STRUCT]'s relax: every pair of link capsules closer than the activation distance
 * is pushed apart through the links' Jacobians, with the safe behaviour's damping; the torso holds.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VelmaCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe_col"})
public final class SafeCol implements Behavior {
    private final VelmaCs cs;
    private TaskCommand active;
    private double torsoHold;

    @Activate
    public SafeCol(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        BodyStatus s = cs.status().get();
        if (iteration == 0) {
            active = cs.latestSafeColCommand();
            torsoHold = s.torso.position;
            if (active != null) {
                cs.taken(active);
            }
        }
        BodyCommand c = cs.command().message();
        Gains.damp(s, c, Gains.SAFE_DAMPING);
        cs.collision().repulsion(cs.kinematics(), Gains.RELAX_ACTIVATION, Gains.RELAX_GAIN, c.rightArm.torque, c.leftArm.torque);
        c.torsoTorque = Gains.TORSO_STIFFNESS * (torsoHold - s.torso.position) - Gains.TORSO_DAMPING * s.torso.velocity;
        Gains.saturate(c, Gains.SAFE_TORQUE_FRACTION);
        HeadMotion.follow(cs, c);
        c.exitSafeState = false;
        cs.command().send();
        if (active != null && cs.collision().minDistance() > 0.75 * Gains.RELAX_ACTIVATION) {
            cs.ended(active, Motion.Phase.DONE, MotionLog.OUT_OF_COLLISION);
        }
    }

    @Override
    public void terminate() {
        cs.ended(active, Motion.Phase.ABORTED, cs.leavingReason());
        active = null;
    }
}
