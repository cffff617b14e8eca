package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
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
        cs.sense();
        if (iteration == 0) {
            active = cs.latestSafeCol;
            torsoHold = cs.torso;
            if (active != null) {
                cs.taken(active);
            }
        }
        for (int a = 0; a < 2; a++) {
            for (int j = 0; j < VelmaCs.N; j++) {
                cs.tau[a][j] = -Gains.SAFE_DAMPING[j] * cs.dq[a][j];
            }
        }
        cs.collision.repulsion(cs.kinematics, Gains.RELAX_ACTIVATION, Gains.RELAX_GAIN, cs.tau[0], cs.tau[1]);
        cs.torsoTau = Gains.TORSO_STIFFNESS * (torsoHold - cs.torso) - Gains.TORSO_DAMPING * cs.torsoVelocity;
        cs.saturate(Gains.SAFE_TORQUE_FRACTION);
        cs.moveHead();
        cs.send(false);
        if (active != null && cs.collision.minDistance() > 0.75 * Gains.RELAX_ACTIVATION) {
            cs.ended(active, Motion.Phase.DONE, MotionLog.OUT_OF_COLLISION);
        }
    }

    @Override
    public void terminate() {
        cs.ended(active, Motion.Phase.ABORTED, cs.leavingReason());
        active = null;
    }
}
