package org.embodia.bench.velma;

import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;

import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.CartImp;
import org.embodia.velma.cs.JntImp;
import org.embodia.velma.cs.TaskInterface;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaView;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaKinematics;

/**
 * How closely cs's impedance controllers follow their references: the velma-sim system in one process,
 * wired and ordered as the core agent's configuration, on the simulator's clock at manual pace, runs the
 * demo's two moves — jnt_imp from the start posture to the ready posture (torso 0.2 rad, 3 s), then
 * cart_imp of both tool points by (0.1, ±0.05, 0.1) m (2 s) — and compares each physics step's true
 * state (the simulated devices' status) with the minimum-jerk reference cs follows, planned from what cs
 * measured when it took the command. Prints, per move: the largest and RMS tracking error over the
 * planned duration, the overshoot beyond the goal along the motion, the settling times into the motion's
 * tolerance and into a tight band, when cs reported the motion done, and the largest torque sent as a
 * fraction of its joint's limit; last, one JSON line.
 */
public final class TrackingBench {
    private static final double DT = Velma.PERIOD_SECONDS;
    private static final int N = Velma.LWR_JOINTS;
    /** How long after its planned duration a move is watched (s). */
    private static final double AFTER = 2;
    /** A joint moving less than this is left out of the overshoot (rad). */
    private static final double MOVING = 0.05;

    private final VelmaSystem velma = new VelmaSystem();
    private final TaskInterface task;
    /** The truth: what the simulated devices report after each physics step, and the torques the arms get. */
    private final InputBuffer<LwrStatus> right = new InputBuffer<>("right", LwrStatus.class, LwrStatus::new);
    private final InputBuffer<LwrStatus> left = new InputBuffer<>("left", LwrStatus.class, LwrStatus::new);
    private final InputBuffer<DriveStatus> torso = new InputBuffer<>("torso", DriveStatus.class, DriveStatus::new);
    private final InputBuffer<LwrCommand> rightTorque = new InputBuffer<>("rightTorque", LwrCommand.class, LwrCommand::new);
    private final InputBuffer<LwrCommand> leftTorque = new InputBuffer<>("leftTorque", LwrCommand.class, LwrCommand::new);
    private final VelmaKinematics kinematics = new VelmaKinematics();

    TrackingBench() throws Exception {
        VelmaSystem.connect(velma.output("core/a.lwr_r/re:status"), right);
        VelmaSystem.connect(velma.output("core/a.lwr_l/re:status"), left);
        VelmaSystem.connect(velma.output("core/a.ethercat/re:torso_status"), torso);
        VelmaSystem.connect(velma.output("core/a.body/ve:lwr_r_command"), rightTorque);
        VelmaSystem.connect(velma.output("core/a.body/ve:lwr_l_command"), leftTorque);

        task = new TaskInterface(velma.cs);
        velma.sim.attach(velma::cycle);
    }


    /** One physics step and control cycle; then the truth it left. */
    private void tick() {
        velma.sim.advance(1);
        for (InputBuffer<?> in : new InputBuffer<?>[] {right, left, torso, rightTorque, leftTorque}) {
            in.receive();
        }
    }

    private void until(String what, BooleanSupplier condition, int maxTicks) {
        for (int i = 0; i < maxTicks && !condition.getAsBoolean(); i++) {
            tick();
        }
        if (!condition.getAsBoolean()) {
            throw new IllegalStateException(what + ": not within " + maxTicks + " cycles (cs " + velma.csFsm.currentState() + ", ve_body "
                    + velma.veBodyFsm.currentState() + ")");
        }
    }

    /** What one move's run measured. */
    record Figures(String move, String unit, double maxError, double rmsError, double overshoot, double settleTolerance, double settleTight,
            double done, double torqueFraction) {
    }

    /** Ticks until {@code m} is taken; the cycles from then on are numbered from 1, as cs's reference is. */
    private void awaitTaken(Motion m) {
        until(m.kind() + " taken", () -> task.motion(m.id()).phase() != Motion.Phase.PENDING, 100);
        if (task.motion(m.id()).phase() != Motion.Phase.ACTIVE) {
            throw new IllegalStateException(m.kind() + " not taken: " + task.motion(m.id()));
        }
    }

    Figures jointMove(double seconds) {
        double[] goal = new double[2 * N + 1];
        System.arraycopy(READY_RIGHT, 0, goal, 0, N);
        System.arraycopy(READY_LEFT, 0, goal, N, N);
        goal[2 * N] = 0.2;
        Motion m = task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, seconds, 1));
        awaitTaken(m);
        VelmaView v = task.view();
        double[] start = new double[2 * N + 1];
        System.arraycopy(v.right(), 0, start, 0, N);
        System.arraycopy(v.left(), 0, start, N, N);
        start[2 * N] = v.torso();
        double[] q = new double[2 * N + 1];
        Tracker t = new Tracker(seconds, JntImp.TOLERANCE, 0.001);
        for (int n = 1; n * DT <= seconds + AFTER + 1e-9; n++) {
            if (n > 1) {
                tick();
            }
            truth(q);
            double s = minimumJerk(n * DT, seconds);
            double error = 0;
            double toGoal = 0;
            double beyond = 0;
            for (int k = 0; k < q.length; k++) {
                double travel = goal[k] - start[k];
                error = Math.max(error, Math.abs(start[k] + travel * s - q[k]));
                toGoal = Math.max(toGoal, Math.abs(goal[k] - q[k]));
                if (Math.abs(travel) > MOVING) {
                    beyond = Math.max(beyond, (q[k] - goal[k]) * Math.signum(travel));
                }
            }
            t.sample(n, error, toGoal, beyond, torqueFraction(), task.motion(m.id()));
        }
        return t.figures("jnt_imp", "mrad", 1e3);
    }

    Figures cartesianMove(double seconds) {
        VelmaView v = task.view();
        double[] r = v.rightTool();
        double[] l = v.leftTool();
        Pose rightGoal = Pose.position(r[0] + 0.1, r[1] + 0.05, r[2] + 0.1);
        Pose leftGoal = Pose.position(l[0] + 0.1, l[1] - 0.05, l[2] + 0.1);
        Motion m = task.cartesianImpedance(new CartesianImpedanceCommand(rightGoal, leftGoal, seconds));
        awaitTaken(m);
        v = task.view();
        double[][] start = {{v.rightTool()[0], v.rightTool()[1], v.rightTool()[2]}, {v.leftTool()[0], v.leftTool()[1], v.leftTool()[2]}};
        double[][] goal = {{rightGoal.x(), rightGoal.y(), rightGoal.z()}, {leftGoal.x(), leftGoal.y(), leftGoal.z()}};
        double[] q = new double[2 * N + 1];
        double[] qr = new double[N];
        double[] ql = new double[N];
        Tracker t = new Tracker(seconds, CartImp.POSITION_TOLERANCE, 0.001);
        for (int n = 1; n * DT <= seconds + AFTER + 1e-9; n++) {
            if (n > 1) {
                tick();
            }
            truth(q);
            System.arraycopy(q, 0, qr, 0, N);
            System.arraycopy(q, N, ql, 0, N);
            kinematics.update(q[2 * N], qr, ql, 0, 0);
            double s = minimumJerk(n * DT, seconds);
            double error = 0;
            double toGoal = 0;
            double beyond = 0;
            for (Arm arm : Arm.values()) {
                int a = arm.ordinal();
                double[] tool = kinematics.endEffector(arm);
                double e2 = 0;
                double g2 = 0;
                double along = 0;
                double length = 0;
                for (int i = 0; i < 3; i++) {
                    double p = tool[i * 4 + 3];
                    double travel = goal[a][i] - start[a][i];
                    double e = start[a][i] + travel * s - p;
                    e2 += e * e;
                    g2 += (goal[a][i] - p) * (goal[a][i] - p);
                    along += (p - goal[a][i]) * travel;
                    length += travel * travel;
                }
                error = Math.max(error, Math.sqrt(e2));
                toGoal = Math.max(toGoal, Math.sqrt(g2));
                beyond = Math.max(beyond, along / Math.sqrt(length));
            }
            t.sample(n, error, toGoal, beyond, torqueFraction(), task.motion(m.id()));
        }
        return t.figures("cart_imp", "mm", 1e3);
    }

    /** The true joint positions: right arm, left arm, torso. */
    private void truth(double[] q) {
        System.arraycopy(right.get().q, 0, q, 0, N);
        System.arraycopy(left.get().q, 0, q, N, N);
        q[2 * N] = torso.get().position;
    }

    private double torqueFraction() {
        double f = 0;
        for (int j = 0; j < N; j++) {
            f = Math.max(f, Math.abs(rightTorque.get().torque[j]) / Velma.LWR_TORQUE_LIMITS[j]);
            f = Math.max(f, Math.abs(leftTorque.get().torque[j]) / Velma.LWR_TORQUE_LIMITS[j]);
        }
        return f;
    }

    private static double minimumJerk(double t, double duration) {
        if (t >= duration) {
            return 1;
        }
        double x = t / duration;
        return x * x * x * (10 - 15 * x + 6 * x * x);
    }

    /** Accumulates one move's figures cycle by cycle. */
    private static final class Tracker {
        private final double seconds;
        private final double tolerance;
        private final double tight;
        private double maxError;
        private double sumSquares;
        private int samples;
        private double overshoot;
        private int last;
        private int lastOutsideTolerance;
        private int lastOutsideTight;
        private int done = -1;
        private double torque;

        Tracker(double seconds, double tolerance, double tight) {
            this.seconds = seconds;
            this.tolerance = tolerance;
            this.tight = tight;
        }

        void sample(int n, double error, double toGoal, double beyond, double torqueFraction, Motion motion) {
            if (n * DT <= seconds + 1e-9) {
                maxError = Math.max(maxError, error);
                sumSquares += error * error;
                samples++;
            }
            overshoot = Math.max(overshoot, beyond);
            if (toGoal >= tolerance) {
                lastOutsideTolerance = n;
            }
            if (toGoal >= tight) {
                lastOutsideTight = n;
            }
            if (done < 0 && motion.phase() == Motion.Phase.DONE) {
                done = n;
            } else if (motion.phase() == Motion.Phase.ABORTED) {
                throw new IllegalStateException("the move was aborted: " + motion.detail());
            }
            torque = Math.max(torque, torqueFraction);
            last = n;
        }

        /** When the move entered the band about its goal for good; NaN if it was still outside at the end. */
        private double settled(int lastOutside) {
            return lastOutside == last ? Double.NaN : (lastOutside + 1) * DT;
        }

        Figures figures(String move, String unit, double scale) {
            return new Figures(move, unit, scale * maxError, scale * Math.sqrt(sumSquares / samples), scale * overshoot,
                    settled(lastOutsideTolerance), settled(lastOutsideTight), done < 0 ? Double.NaN : done * DT, torque);
        }
    }

    void run() {
        until("ve_body in safe mode", () -> velma.veBodyFsm.currentState().startsWith("safe"), 100);
        task.exitSafeMode();
        until("ve_body transparent", () -> velma.veBodyFsm.currentState().startsWith("transp"), 2000);
        until("drives ready", () -> task.view().motorsReady(), 10_000);
        until("cs safe", () -> "safe".equals(velma.csFsm.currentState()), 100);
    }

    public static void main(String[] args) throws Exception {
        TrackingBench bench = new TrackingBench();
        bench.run();
        List<Figures> figures = List.of(bench.jointMove(3), bench.cartesianMove(2));
        bench.velma.close();
        System.out.printf(Locale.ROOT, "%-9s %12s %12s %12s %14s %13s %8s %9s%n", "move", "max error", "RMS error", "overshoot",
                "settle (tol.)", "settle (1e-3)", "done", "τ/limit");
        StringBuilder json = new StringBuilder("{");
        for (Figures f : figures) {
            System.out.printf(Locale.ROOT, "%-9s %9.2f %-2s %9.2f %-2s %9.2f %-2s %12.3f s %11.3f s %6.3f s %9.2f%n", f.move(), f.maxError(),
                    f.unit(), f.rmsError(), f.unit(), f.overshoot(), f.unit(), f.settleTolerance(), f.settleTight(), f.done(),
                    f.torqueFraction());
            json.append(json.length() > 1 ? ", " : "").append(String.format(Locale.ROOT,
                    "\"%s\": {\"max_%s\": %.3f, \"rms_%s\": %.3f, \"overshoot_%s\": %.3f, \"settle_tolerance_s\": %.3f, \"settle_tight_s\": %.3f,"
                            + " \"done_s\": %.3f, \"torque_fraction\": %.3f}",
                    f.move(), f.unit(), f.maxError(), f.unit(), f.rmsError(), f.unit(), f.overshoot(), f.settleTolerance(), f.settleTight(),
                    f.done(), f.torqueFraction()));
        }
        System.out.println(json.append('}'));
    }
}
