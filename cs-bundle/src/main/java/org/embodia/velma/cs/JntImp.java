package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.Motion;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * cs's jnt_imp: joint impedance of both arms and the torso along a minimum-jerk trajectory to the
 * command's targets, τ = K·(q_ref − q) + D·(q̇_ref − q̇), the damping term bounded below the torque limits. A newer joint command re-plans from the
 * current reference. The motion is done when the trajectory is over and every joint is within
 * {@link #TOLERANCE} of its target.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VelmaCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=jnt_imp"})
public final class JntImp implements Behavior {
    /** How close every joint must come to its target (rad). */
    public static final double TOLERANCE = 0.01;
    private static final int TORSO = 2 * VelmaCs.N;

    private final VelmaCs cs;
    private final JointTrajectory trajectory = new JointTrajectory(2 * VelmaCs.N + 1);
    private TaskCommand active;
    private double t;
    private double scale = 1;

    @Activate
    public JntImp(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.sense();
        TaskCommand c = iteration == 0 ? cs.latestJnt : cs.jnt;
        if (iteration == 0) {
            active = null;
        }
        if (c != null && c != active) {
            plan(c);
        }
        t += VelmaCs.DT;
        double worst = 0;
        for (int a = 0; a < 2; a++) {
            for (int j = 0; j < VelmaCs.N; j++) {
                int k = a * VelmaCs.N + j;
                cs.tau[a][j] = scale * Gains.JOINT_STIFFNESS[j] * (trajectory.position(k, t) - cs.q[a][j])
                        + Gains.boundedDamping(Gains.JOINT_DAMPING[j] * (trajectory.velocity(k, t) - cs.dq[a][j]), Velma.LWR_TORQUE_LIMITS[j]);
                worst = Math.max(worst, Math.abs(trajectory.goal(k) - cs.q[a][j]));
            }
        }
        cs.torsoTau = scale * Gains.TORSO_STIFFNESS * (trajectory.position(TORSO, t) - cs.torso)
                + Gains.boundedDamping(Gains.TORSO_DAMPING * (trajectory.velocity(TORSO, t) - cs.torsoVelocity), Velma.TORSO_TORQUE_LIMIT);
        worst = Math.max(worst, Math.abs(trajectory.goal(TORSO) - cs.torso));
        cs.moveHead();
        cs.send(false);
        cs.settle(active, worst < TOLERANCE, t, trajectory.duration());
    }

    private void plan(TaskCommand c) {
        boolean fromMeasured = active == null;
        if (active != null) {
            cs.ended(active, Motion.Phase.ABORTED, MotionLog.REPLACED);
        }
        for (int a = 0; a < 2; a++) {
            double[] target = a == 0 ? c.right : c.left;
            for (int j = 0; j < VelmaCs.N; j++) {
                int k = a * VelmaCs.N + j;
                double from = fromMeasured ? cs.q[a][j] : trajectory.position(k, t);
                double velocity = fromMeasured ? cs.dq[a][j] : trajectory.velocity(k, t);
                trajectory.set(k, from, velocity, target == null ? (fromMeasured ? from : trajectory.goal(k)) : target[j]);
            }
        }
        double from = fromMeasured ? cs.torso : trajectory.position(TORSO, t);
        double velocity = fromMeasured ? cs.torsoVelocity : trajectory.velocity(TORSO, t);
        trajectory.set(TORSO, from, velocity, c.hasTorso ? c.torso : (fromMeasured ? from : trajectory.goal(TORSO)));
        trajectory.setDuration(c.seconds);
        scale = c.stiffnessScale;
        t = 0;
        active = c;
        cs.taken(c);
    }

    @Override
    public void terminate() {
        cs.ended(active, Motion.Phase.ABORTED, cs.leavingReason());
        active = null;
    }
}
