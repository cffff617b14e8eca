package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** cs's safe: joint impedance about the posture where it began, with very low stiffness and high damping. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VelmaCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=safe"})
public final class Safe implements Behavior {
    private final VelmaCs cs;
    private final double[][] hold = new double[2][VelmaCs.N];
    private double torsoHold;

    @Activate
    public Safe(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.sense();
        if (iteration == 0) {
            System.arraycopy(cs.q[0], 0, hold[0], 0, VelmaCs.N);
            System.arraycopy(cs.q[1], 0, hold[1], 0, VelmaCs.N);
            torsoHold = cs.torso;
        }
        for (int a = 0; a < 2; a++) {
            for (int j = 0; j < VelmaCs.N; j++) {
                cs.tau[a][j] = Gains.SAFE_STIFFNESS[j] * (hold[a][j] - cs.q[a][j]) - Gains.SAFE_DAMPING[j] * cs.dq[a][j];
            }
        }
        cs.torsoTau = Gains.TORSO_SAFE_STIFFNESS * (torsoHold - cs.torso) - Gains.TORSO_SAFE_DAMPING * cs.torsoVelocity;
        cs.saturate(Gains.SAFE_TORQUE_FRACTION);
        cs.moveHead();
        cs.send(false);
    }
}
