package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.LwrStatus;
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
        BodyStatus s = cs.status().get();
        if (iteration == 0) {
            System.arraycopy(s.rightArm.q, 0, hold[0], 0, VelmaCs.N);
            System.arraycopy(s.leftArm.q, 0, hold[1], 0, VelmaCs.N);
            torsoHold = s.torso.position;
        }
        BodyCommand c = cs.command().message();
        for (int a = 0; a < 2; a++) {
            LwrStatus arm = VelmaCs.arm(s, a);
            double[] tau = VelmaCs.torques(c, a);
            for (int j = 0; j < VelmaCs.N; j++) {
                tau[j] = Gains.SAFE_STIFFNESS[j] * (hold[a][j] - arm.q[j]) - Gains.SAFE_DAMPING[j] * arm.dq[j];
            }
        }
        c.torsoTorque = Gains.TORSO_SAFE_STIFFNESS * (torsoHold - s.torso.position) - Gains.TORSO_SAFE_DAMPING * s.torso.velocity;
        Gains.saturate(c, Gains.SAFE_TORQUE_FRACTION);
        HeadMotion.follow(cs, c);
        c.exitSafeState = false;
        cs.command().send();
    }
}
