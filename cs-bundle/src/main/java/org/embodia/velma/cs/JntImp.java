package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.LwrStatus;
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
        BodyStatus s = cs.status().get();
        TaskCommand command = iteration == 0 ? cs.latestJointCommand() : cs.jointCommand();
        if (iteration == 0) {
            active = null;
        }
        if (command != null && command != active) {
            plan(command, s);
        }
        t += VelmaCs.DT;
        double worst = 0;
        BodyCommand c = cs.command().message();
        for (int a = 0; a < 2; a++) {
            LwrStatus arm = VelmaCs.arm(s, a);
            double[] tau = VelmaCs.torques(c, a);
            for (int j = 0; j < VelmaCs.N; j++) {
                int k = a * VelmaCs.N + j;
                tau[j] = scale * Gains.JOINT_STIFFNESS[j] * (trajectory.position(k, t) - arm.q[j])
                        + Gains.boundedDamping(Gains.JOINT_DAMPING[j] * (trajectory.velocity(k, t) - arm.dq[j]), Velma.LWR_TORQUE_LIMITS[j]);
                worst = Math.max(worst, Math.abs(trajectory.goal(k) - arm.q[j]));
            }
        }
        c.torsoTorque = scale * Gains.TORSO_STIFFNESS * (trajectory.position(TORSO, t) - s.torso.position)
                + Gains.boundedDamping(Gains.TORSO_DAMPING * (trajectory.velocity(TORSO, t) - s.torso.velocity), Velma.TORSO_TORQUE_LIMIT);
        worst = Math.max(worst, Math.abs(trajectory.goal(TORSO) - s.torso.position));
        HeadMotion.follow(cs, c);
        c.exitSafeState = false;
        cs.command().send();
        cs.settle(active, worst < TOLERANCE, t, trajectory.duration());
    }

    private void plan(TaskCommand c, BodyStatus s) {
        boolean fromMeasured = active == null;
        if (active != null) {
            cs.ended(active, Motion.Phase.ABORTED, MotionLog.REPLACED);
        }
        for (int a = 0; a < 2; a++) {
            double[] target = a == 0 ? c.right : c.left;
            LwrStatus arm = VelmaCs.arm(s, a);
            for (int j = 0; j < VelmaCs.N; j++) {
                int k = a * VelmaCs.N + j;
                double from = fromMeasured ? arm.q[j] : trajectory.position(k, t);
                double velocity = fromMeasured ? arm.dq[j] : trajectory.velocity(k, t);
                trajectory.set(k, from, velocity, target == null ? (fromMeasured ? from : trajectory.goal(k)) : target[j]);
            }
        }
        double from = fromMeasured ? s.torso.position : trajectory.position(TORSO, t);
        double velocity = fromMeasured ? s.torso.velocity : trajectory.velocity(TORSO, t);
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
