package org.embodia.velma.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.Frames;
import org.embodia.velma.model.VelmaKinematics;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * cs's cart_imp: Cartesian impedance of each end effector along a minimum-jerk Cartesian trajectory,
 * τ = Jᵀ·(K·e + D·(ẋ_ref − J·q̇)) with the LWR Jacobian, plus joint damping and a weak pull to the
 * posture the motion began in for the arm's redundancy, the damping terms bounded below the torque limits;
 * the torso holds. Done when the trajectory is
 * over and each tool point is within {@link #POSITION_TOLERANCE} and {@link #ORIENTATION_TOLERANCE}.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + VelmaCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=cart_imp"})
public final class CartImp implements Behavior {
    public static final double POSITION_TOLERANCE = 0.01;
    public static final double ORIENTATION_TOLERANCE = 0.05;
    private static final Arm[] ARMS = Arm.values();
    private static final int N = VelmaCs.N;

    private final VelmaCs cs;
    private final CartesianTrajectory[] trajectories = {new CartesianTrajectory(), new CartesianTrajectory()};
    private final double[][] posture = new double[2][N];
    private final double[] reference = new double[16];
    private final double[] twist = new double[6];
    private final double[] error = new double[6];
    private final double[] damping = new double[6];
    private final double[] jacobian = new double[6 * N];
    private final double[] goal = new double[16];
    private double torsoHold;
    private TaskCommand active;
    private double t;

    @Activate
    public CartImp(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        BodyStatus s = cs.status().get();
        VelmaKinematics kinematics = cs.kinematics();
        TaskCommand command = iteration == 0 ? cs.latestCartesianCommand() : cs.cartesianCommand();
        if (iteration == 0) {
            active = null;
            torsoHold = s.torso.position;
        }
        if (command != null && command != active) {
            plan(command, s, kinematics);
        }
        BodyCommand c = cs.command().message();
        t += VelmaCs.DT;
        double worstPosition = 0;
        double worstOrientation = 0;
        for (Arm arm : ARMS) {
            int a = arm.ordinal();
            LwrStatus measured = VelmaCs.arm(s, a);
            double[] tau = VelmaCs.torques(c, a);
            double[] tool = kinematics.endEffector(arm);
            trajectories[a].sample(t, reference, twist);
            kinematics.jacobian(arm, jacobian);
            for (int r = 0; r < 3; r++) {
                error[r] = reference[r * 4 + 3] - tool[r * 4 + 3];
            }
            Frames.rotationError(tool, reference, error, 3);
            for (int r = 0; r < 6; r++) {
                double v = 0;
                for (int j = 0; j < N; j++) {
                    v += jacobian[r * N + j] * measured.dq[j];
                }
                boolean linear = r < 3;
                error[r] = (linear ? Gains.CART_STIFFNESS : Gains.CART_ROT_STIFFNESS) * error[r];
                damping[r] = (linear ? Gains.CART_DAMPING : Gains.CART_ROT_DAMPING) * (twist[r] - v);
            }
            for (int j = 0; j < N; j++) {
                double stiffness = Gains.NULL_STIFFNESS * (posture[a][j] - measured.q[j]);
                double damped = -Gains.NULL_DAMPING[j] * measured.dq[j];
                for (int r = 0; r < 6; r++) {
                    stiffness += jacobian[r * N + j] * error[r];
                    damped += jacobian[r * N + j] * damping[r];
                }
                tau[j] = stiffness + Gains.boundedDamping(damped, Velma.LWR_TORQUE_LIMITS[j]);
            }
            double[] g = trajectories[a].goal();
            double dx = g[3] - tool[3];
            double dy = g[7] - tool[7];
            double dz = g[11] - tool[11];
            worstPosition = Math.max(worstPosition, Math.sqrt(dx * dx + dy * dy + dz * dz));
            Frames.rotationError(tool, g, twist, 0);
            worstOrientation = Math.max(worstOrientation, Math.sqrt(twist[0] * twist[0] + twist[1] * twist[1] + twist[2] * twist[2]));
        }
        c.torsoTorque = Gains.TORSO_STIFFNESS * (torsoHold - s.torso.position)
                + Gains.boundedDamping(-Gains.TORSO_DAMPING * s.torso.velocity, Velma.TORSO_TORQUE_LIMIT);
        HeadMotion.follow(cs, c);
        c.exitSafeState = false;
        cs.command().send();
        cs.settle(active, worstPosition < POSITION_TOLERANCE && worstOrientation < ORIENTATION_TOLERANCE, t, trajectories[0].duration());
    }

    private void plan(TaskCommand c, BodyStatus s, VelmaKinematics kinematics) {
        boolean fromMeasured = active == null;
        if (active != null) {
            cs.ended(active, Motion.Phase.ABORTED, MotionLog.REPLACED);
        }
        for (Arm arm : ARMS) {
            int a = arm.ordinal();
            double[] target = arm == Arm.RIGHT ? c.right : c.left;
            boolean keep = arm == Arm.RIGHT ? c.keepRightOrientation : c.keepLeftOrientation;
            double[] from;
            if (fromMeasured) {
                from = kinematics.endEffector(arm);
                System.arraycopy(VelmaCs.arm(s, a).q, 0, posture[a], 0, N);
            } else {
                trajectories[a].sample(t, reference, twist);
                from = reference;
            }
            if (target == null) {
                System.arraycopy(fromMeasured ? from : trajectories[a].goal(), 0, goal, 0, 16);
            } else {
                System.arraycopy(target, 0, goal, 0, 16);
                if (keep) {
                    for (int r = 0; r < 3; r++) {
                        System.arraycopy(from, r * 4, goal, r * 4, 3);
                    }
                }
            }
            trajectories[a].plan(from, goal, c.seconds);
        }
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
