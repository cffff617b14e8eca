package org.embodia.velma.cs;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.SelfCollision;
import org.embodia.velma.model.VelmaKinematics;
import org.osgi.service.component.annotations.Component;

/**
 * velma_core_cs, {@code core/a./cs} ([VELMA-BEH], [VELMA-STRUCT]): Velma's control subsystem. It reads the
 * body's status from velma_core_ve_body and the task interface's commands, checks self-collision
 * every iteration, and its behaviours (idle, safe, safe_col, jnt_imp, cart_imp; services of their
 * own) close the loop with the torques they command back to ve_body.
 *
 * <p>Task commands travel through a lock-free queue the loop drains at each iteration's end, so
 * the next iteration sees how many arrived (recvOneCmd) and of which kinds.
 */
@Component(service = {Subsystem.class, VelmaCs.class})
public final class VelmaCs implements Subsystem {
    public static final String NAME = "core/a./cs";
    static final int N = Velma.LWR_JOINTS;
    static final double DT = Velma.PERIOD_SECONDS;
    /** Iterations idle keeps asking ve_body to leave safe mode before giving up (5 s). */
    static final int EXIT_SAFE_ITERATIONS = 2500;
    static final double HEAD_TOLERANCE = 0.02;
    /** Beyond a motion's planned duration, how long it may take to settle within its tolerance (s). */
    static final double SETTLE_SECONDS = 5;

    final InputBuffer<BodyStatus> status = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    final OutputBuffer<BodyCommand> command = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    private final OutputBuffer<CsView> viewOut = new OutputBuffer<>("view", CsView.class, CsView::new);
    final InputBuffer<CsView> view = new InputBuffer<>("view", CsView.class, CsView::new);

    private final ConcurrentLinkedQueue<TaskCommand> mailbox = new ConcurrentLinkedQueue<>();
    final MotionLog log = new MotionLog();

    final VelmaKinematics kinematics = new VelmaKinematics();
    final SelfCollision collision = new SelfCollision();
    /** Measured joint positions and velocities: [arm][joint]. */
    final double[][] q = new double[2][N];
    final double[][] dq = new double[2][N];
    double torso;
    double torsoVelocity;
    double headPan;
    double headTilt;
    /** Torques this iteration's behaviour commands: [arm][joint], and the torso's. */
    final double[][] tau = new double[2][N];
    double torsoTau;

    /** Commands received for this iteration: motion commands counted, the last of each kind. */
    int motionCommands;
    TaskCommand jnt;
    TaskCommand cart;
    TaskCommand safeCol;
    /** The last motion command of each kind ever received: what a behaviour takes when it starts. */
    TaskCommand latestJnt;
    TaskCommand latestCart;
    TaskCommand latestSafeCol;
    /** Last iteration's commands, to mark those no behaviour took. */
    private TaskCommand prevJnt;
    private TaskCommand prevCart;
    private TaskCommand prevSafeCol;
    private int prevReason;

    private TaskCommand exitSafe;
    private int exitSafeIterations;
    private TaskCommand head;
    private final JointTrajectory headTrajectory = new JointTrajectory(2);
    private double headTime;
    private boolean headHeld;
    final double[] headSetpoint = new double[2];

    private long iteration;
    private boolean sensed;
    /** When the first iteration with the body's status ended (ms since the epoch): the control loop is up. */
    private long firstCycleMillis;

    public VelmaCs() {
        viewOut.connect(view);
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(status);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(command);
    }

    @Override
    public String fsm() {
        return "velma.cs";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("veBodyStatusValid", status::isNew)
                .add("veBodyInSafeState", () -> !status.hasData() || status.get().safeMode)
                .add("recvOneCmd", () -> motionCommands == 1)
                .add("recvCartImpCmd", () -> cart != null)
                .add("recvJntImpCmd", () -> jnt != null)
                .add("recvSafeColCmd", () -> safeCol != null)
                .add("inSelfCollision", () -> {
                    sense();
                    return collision.inSelfCollision();
                })
                .add("motorsReady", this::motorsReady)
                .build();
    }

    /** The torso and head drives are enabled, and homed. */
    boolean motorsReady() {
        if (!status.hasData()) {
            return false;
        }
        BodyStatus s = status.get();
        return ready(s.torso) && ready(s.headPan) && ready(s.headTilt);
    }

    private static boolean ready(DriveStatus d) {
        return d.ok() && d.homed;
    }

    /** Takes this iteration's measurements and updates the kinematics and self-collision distances, once per iteration. */
    void sense() {
        if (sensed) {
            return;
        }
        sensed = true;
        BodyStatus s = status.get();
        copy(s.rightArm, q[0], dq[0]);
        copy(s.leftArm, q[1], dq[1]);
        torso = s.torso.position;
        torsoVelocity = s.torso.velocity;
        headPan = s.headPan.position;
        headTilt = s.headTilt.position;
        kinematics.update(torso, q[0], q[1], headPan, headTilt);
        collision.update(kinematics);
    }

    private static void copy(LwrStatus s, double[] position, double[] velocity) {
        System.arraycopy(s.q, 0, position, 0, N);
        System.arraycopy(s.dq, 0, velocity, 0, N);
    }

    boolean veBodySafe() {
        return !status.hasData() || status.get().safeMode;
    }

    /** Sends this iteration's torques and head set-points; idle asks ve_body to leave safe mode when a task asked so. */
    void send(boolean exitSafeState) {
        BodyCommand c = command.message();
        System.arraycopy(tau[0], 0, c.rightArm.torque, 0, N);
        System.arraycopy(tau[1], 0, c.leftArm.torque, 0, N);
        c.torsoTorque = torsoTau;
        c.headPan = headSetpoint[0];
        c.headTilt = headSetpoint[1];
        c.exitSafeState = exitSafeState;
        command.send();
    }

    /** τ = −D·q̇ on every joint (idle's harmless command), the head where it is. */
    void damp(double[] damping, double torsoDamping) {
        for (int a = 0; a < 2; a++) {
            for (int j = 0; j < N; j++) {
                tau[a][j] = -damping[j] * dq[a][j];
            }
        }
        torsoTau = -torsoDamping * torsoVelocity;
    }

    /** Keeps each torque inside a fraction of its limit: for behaviours that must never trip ve_body's check. */
    void saturate(double fraction) {
        for (int a = 0; a < 2; a++) {
            for (int j = 0; j < N; j++) {
                double limit = fraction * Velma.LWR_TORQUE_LIMITS[j];
                tau[a][j] = Math.max(-limit, Math.min(limit, tau[a][j]));
            }
        }
        double limit = fraction * Velma.TORSO_TORQUE_LIMIT;
        torsoTau = Math.max(-limit, Math.min(limit, torsoTau));
    }

    /** Holds the head where it is (idle) and forgets a head motion. */
    void holdHead() {
        headSetpoint[0] = headPan;
        headSetpoint[1] = headTilt;
        headHeld = false;
        if (head != null) {
            ended(head, Motion.Phase.ABORTED, MotionLog.SAFE_MODE);
            head = null;
        }
    }

    /** The head follows its trajectory, or holds the set-point it had when cs left idle. */
    void moveHead() {
        if (!headHeld) {
            headHeld = true;
            headTrajectory.set(0, headPan, headPan);
            headTrajectory.set(1, headTilt, headTilt);
            headTrajectory.setDuration(DT);
            headTime = DT;
        }
        if (head != null && log.phase(head.id) == Motion.Phase.PENDING) {
            headTrajectory.set(0, headSetpoint[0], head.pan);
            headTrajectory.set(1, headSetpoint[1], head.tilt);
            headTrajectory.setDuration(head.seconds);
            headTime = 0;
            log.set(head.id, Motion.Phase.ACTIVE, 0);
        }
        headTime = Math.min(headTime + DT, headTrajectory.duration());
        headSetpoint[0] = headTrajectory.position(0, headTime);
        headSetpoint[1] = headTrajectory.position(1, headTime);
        if (head != null && log.phase(head.id) == Motion.Phase.ACTIVE && headTime >= headTrajectory.duration()
                && Math.abs(headPan - head.pan) < HEAD_TOLERANCE && Math.abs(headTilt - head.tilt) < HEAD_TOLERANCE) {
            log.set(head.id, Motion.Phase.DONE, MotionLog.REACHED);
        }
    }

    /** Whether idle should ask ve_body to leave safe mode now. */
    boolean exitSafeWanted() {
        return exitSafe != null && log.phase(exitSafe.id) == Motion.Phase.ACTIVE;
    }

    /** Marks a command taken by the behaviour now running it. */
    void taken(TaskCommand c) {
        log.set(c.id, Motion.Phase.ACTIVE, 0);
    }

    void ended(TaskCommand c, Motion.Phase phase, int reason) {
        if (c != null && log.phase(c.id) != Motion.Phase.DONE && log.phase(c.id) != Motion.Phase.ABORTED) {
            log.set(c.id, phase, reason);
        }
    }

    /**
     * Ends a running motion: DONE once its trajectory is over and it is {@code withinTolerance}, ABORTED
     * when it has not got there {@link #SETTLE_SECONDS} after.
     */
    void settle(TaskCommand c, boolean withinTolerance, double t, double duration) {
        if (c == null || log.phase(c.id) != Motion.Phase.ACTIVE) {
            return;
        }
        if (t >= duration && withinTolerance) {
            log.set(c.id, Motion.Phase.DONE, MotionLog.REACHED);
        } else if (t > duration + SETTLE_SECONDS) {
            log.set(c.id, Motion.Phase.ABORTED, MotionLog.TIMEOUT);
        }
    }

    /** Why a running motion ends when its state is left now. */
    int leavingReason() {
        if (collision.inSelfCollision()) {
            return MotionLog.SELF_COLLISION;
        }
        if (veBodySafe() || !status.isNew()) {
            return MotionLog.SAFE_MODE;
        }
        return motionCommands > 0 ? MotionLog.REPLACED : MotionLog.FAILED;
    }

    /** Queues a validated command for the loop; any thread. */
    void submit(TaskCommand c) {
        log.set(c.id, Motion.Phase.PENDING, 0);
        mailbox.add(c);
    }

    /**
     * After each iteration: publishes the view, settles last iteration's commands no behaviour took,
     * then drains the mailbox for the next iteration.
     */
    @Override
    public void endIteration() {
        if (status.hasData()) {
            if (firstCycleMillis == 0) {
                firstCycleMillis = System.currentTimeMillis();
            }
            sense();
            publishView();
        }
        notTaken(prevJnt);
        notTaken(prevCart);
        notTaken(prevSafeCol);
        prevJnt = jnt;
        prevCart = cart;
        prevSafeCol = safeCol;
        prevReason = motionCommands > 1 ? MotionLog.SEVERAL
                : status.hasData() && collision.inSelfCollision() ? MotionLog.SELF_COLLISION
                        : veBodySafe() ? MotionLog.SAFE_MODE : !motorsReady() ? MotionLog.MOTORS_NOT_READY : MotionLog.NOT_TAKEN;
        settleExitSafe();
        motionCommands = 0;
        jnt = null;
        cart = null;
        safeCol = null;
        TaskCommand c;
        while ((c = mailbox.poll()) != null) {
            receive(c);
        }
        iteration++;
        sensed = false;
    }

    private void notTaken(TaskCommand c) {
        if (c != null && log.phase(c.id) == Motion.Phase.PENDING) {
            log.set(c.id, Motion.Phase.ABORTED, prevReason);
        }
    }

    private void receive(TaskCommand c) {
        if ((c.kind == TaskCommand.Kind.JNT_IMP || c.kind == TaskCommand.Kind.CART_IMP) && status.hasData() && collision.inSelfCollision()) {
            // velma.cs has no transition for a joint or Cartesian command in self collision (the spec's hole, which
            // `./embodia check velma.cs` reports; docs/fsm-definitions.md): such a command is refused here rather
            // than stopping the FSM.
            log.set(c.id, Motion.Phase.ABORTED, MotionLog.SELF_COLLISION);
            return;
        }
        switch (c.kind) {
            case JNT_IMP -> {
                jnt = c;
                latestJnt = c;
            }
            case CART_IMP -> {
                cart = c;
                latestCart = c;
            }
            case SAFE_COL -> {
                safeCol = c;
                latestSafeCol = c;
            }
            case HEAD -> {
                if (head != null) {
                    ended(head, Motion.Phase.ABORTED, MotionLog.REPLACED);
                }
                head = c;
            }
            case EXIT_SAFE -> {
                if (exitSafe != null) {
                    ended(exitSafe, Motion.Phase.ABORTED, MotionLog.REPLACED);
                }
                exitSafe = c;
                exitSafeIterations = 0;
                log.set(c.id, Motion.Phase.ACTIVE, 0);
            }
        }
        if (c.kind.motion()) {
            motionCommands++;
        }
    }

    private void settleExitSafe() {
        if (exitSafe == null || log.phase(exitSafe.id) != Motion.Phase.ACTIVE) {
            return;
        }
        if (status.hasData() && !status.get().safeMode) {
            log.set(exitSafe.id, Motion.Phase.DONE, exitSafeIterations == 0 ? MotionLog.ALREADY : MotionLog.REACHED);
        } else if (++exitSafeIterations > EXIT_SAFE_ITERATIONS) {
            log.set(exitSafe.id, Motion.Phase.ABORTED, MotionLog.STAYED_SAFE);
        }
    }

    private void publishView() {
        CsView v = viewOut.message();
        v.iteration = iteration + 1;
        v.veBodySafe = veBodySafe();
        v.motorsReady = motorsReady();
        System.arraycopy(q[0], 0, v.right, 0, N);
        System.arraycopy(q[1], 0, v.left, 0, N);
        v.torso = torso;
        v.headPan = headPan;
        v.headTilt = headTilt;
        System.arraycopy(kinematics.endEffector(Arm.RIGHT), 0, v.rightTool, 0, 16);
        System.arraycopy(kinematics.endEffector(Arm.LEFT), 0, v.leftTool, 0, 16);
        v.minDistance = collision.minDistance();
        v.nearestPair = collision.nearest();
        v.firstCycleMillis = firstCycleMillis;
        viewOut.send();
    }
}
