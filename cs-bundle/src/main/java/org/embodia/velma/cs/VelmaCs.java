package org.embodia.velma.cs;

import java.util.concurrent.ConcurrentLinkedQueue;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.ControlSubsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.AllHwOk;
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
 * velma_core_cs, {@code core/a./cs} ([VELMA-BEH], [VELMA-STRUCT]): Velma's control subsystem. It declares its buffers
 * (the body's status from velma_core_ve_body in, the command to it out), its memory (the head's motion, which every
 * behaviour continues) and its predicates; it keeps the body's kinematics and self-collision distances, computed from
 * the status once per iteration, and takes the task interface's commands. Its behaviours (idle, safe, safe_col,
 * jnt_imp, cart_imp; services of their own) hold the transition functions that fill the command.
 *
 * <p>Task commands travel through a lock-free queue the loop drains at each iteration's end, so
 * the next iteration sees how many arrived (recvOneCmd) and of which kinds; what became of each is written to a
 * {@link MotionLog} the task interface reads.
 */
@Component(service = {Subsystem.class, VelmaCs.class})
public final class VelmaCs extends ControlSubsystem<CsMemory> {
    public static final String NAME = "core/a./cs";
    static final int N = Velma.LWR_JOINTS;
    static final double DT = Velma.PERIOD_SECONDS;
    /** Iterations idle keeps asking ve_body to leave safe mode before giving up (5 s). */
    static final int EXIT_SAFE_ITERATIONS = 2500;
    /** Beyond a motion's planned duration, how long it may take to settle within its tolerance (s). */
    static final double SETTLE_SECONDS = 5;

    private final InputBuffer<BodyStatus> status = input("status", BodyStatus.class, BodyStatus::new);
    private final OutputBuffer<BodyCommand> command = output("command", BodyCommand.class, BodyCommand::new);
    /** The task interface's view: cs's own channel to it, not a buffer of the agent, so not declared. */
    private final OutputBuffer<CsView> viewOut = new OutputBuffer<>("view", CsView.class, CsView::new);
    private final InputBuffer<CsView> view = new InputBuffer<>("view", CsView.class, CsView::new);

    private final ConcurrentLinkedQueue<TaskCommand> mailbox = new ConcurrentLinkedQueue<>();
    private final MotionLog log = new MotionLog();

    private final VelmaKinematics kinematics = new VelmaKinematics();
    private final SelfCollision collision = new SelfCollision();

    /** Commands received for this iteration: motion commands counted, the last of each kind. */
    private int motionCommands;
    private TaskCommand jnt;
    private TaskCommand cart;
    private TaskCommand safeCol;
    /** The last motion command of each kind ever received: what a behaviour takes when it starts. */
    private TaskCommand latestJnt;
    private TaskCommand latestCart;
    private TaskCommand latestSafeCol;
    /** Last iteration's commands, to mark those no behaviour took. */
    private TaskCommand prevJnt;
    private TaskCommand prevCart;
    private TaskCommand prevSafeCol;
    private int prevReason;

    private TaskCommand exitSafe;
    private int exitSafeIterations;
    private TaskCommand head;

    private long iteration;
    private boolean sensed;
    /** When the first iteration with the body's status ended (ms since the epoch): the control loop is up. */
    private long firstCycleMillis;
    /** Whether ve_body reported safe mode in the last iteration with its status; it starts in safe mode. */
    private boolean wasSafe = true;
    /** The parts of allHwOk that did not hold in the iteration ve_body last entered safe mode ({@link AllHwOk}). */
    private int failingWhenSafe;

    public VelmaCs() {
        super(NAME, "velma.cs", CsMemory::new);
        viewOut.connect(view);
    }

    @Override
    protected void predicates(Predicates.Builder predicates) {
        predicates.add("veBodyStatusValid", status::isNew)
                .add("veBodyInSafeState", this::veBodySafe)
                .add("recvOneCmd", () -> motionCommands == 1)
                .add("recvCartImpCmd", () -> cart != null)
                .add("recvJntImpCmd", () -> jnt != null)
                .add("recvSafeColCmd", () -> safeCol != null)
                .add("inSelfCollision", () -> collision().inSelfCollision())
                .add("motorsReady", this::motorsReady);
    }

    /** The buffer {@code status}: the body's status from velma_core_ve_body. */
    InputBuffer<BodyStatus> status() {
        return status;
    }

    /** The buffer {@code command}: what the behaviour running fills and sends to velma_core_ve_body. */
    OutputBuffer<BodyCommand> command() {
        return command;
    }

    /** The measurements of arm {@code a} (0 right, 1 left) in {@code s}. */
    static LwrStatus arm(BodyStatus s, int a) {
        return a == 0 ? s.rightArm : s.leftArm;
    }

    /** The torques for arm {@code a} (0 right, 1 left) in {@code c}. */
    static double[] torques(BodyCommand c, int a) {
        return a == 0 ? c.rightArm.torque : c.leftArm.torque;
    }

    /** The body's kinematics at this iteration's measurements. */
    VelmaKinematics kinematics() {
        sense();
        return kinematics;
    }

    /** The self-collision distances at this iteration's measurements. */
    SelfCollision collision() {
        sense();
        return collision;
    }

    /** This iteration's joint impedance command, if one arrived. */
    TaskCommand jointCommand() {
        return jnt;
    }

    /** This iteration's Cartesian impedance command, if one arrived. */
    TaskCommand cartesianCommand() {
        return cart;
    }

    /** The last joint impedance command received: what jnt_imp takes when it starts. */
    TaskCommand latestJointCommand() {
        return latestJnt;
    }

    /** The last Cartesian impedance command received: what cart_imp takes when it starts. */
    TaskCommand latestCartesianCommand() {
        return latestCart;
    }

    /** The last safe_col command received: what safe_col takes when it starts. */
    TaskCommand latestSafeColCommand() {
        return latestSafeCol;
    }

    /** The head's command, pending, running or over; null after idle dropped it. */
    TaskCommand headCommand() {
        return head;
    }

    /** Idle drops a head motion: ve_body is in safe mode. */
    void dropHeadCommand() {
        if (head != null) {
            ended(head, Motion.Phase.ABORTED, MotionLog.SAFE_MODE);
            head = null;
        }
    }

    /** What became of each command, for the task interface. */
    MotionLog log() {
        return log;
    }

    /** The task interface's view, published once per iteration. */
    InputBuffer<CsView> view() {
        return view;
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

    /** Updates the kinematics and self-collision distances from this iteration's measurements, once per iteration. */
    private void sense() {
        if (sensed) {
            return;
        }
        sensed = true;
        BodyStatus s = status.get();
        kinematics.update(s.torso.position, s.rightArm.q, s.leftArm.q, s.headPan.position, s.headTilt.position);
        collision.update(kinematics);
    }

    boolean veBodySafe() {
        return !status.hasData() || status.get().safeMode;
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
        if (collision().inSelfCollision()) {
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
    protected void iterationEnded() {
        if (status.hasData()) {
            if (firstCycleMillis == 0) {
                firstCycleMillis = System.currentTimeMillis();
            }
            publishView();
        }
        notTaken(prevJnt);
        notTaken(prevCart);
        notTaken(prevSafeCol);
        prevJnt = jnt;
        prevCart = cart;
        prevSafeCol = safeCol;
        prevReason = motionCommands > 1 ? MotionLog.SEVERAL
                : status.hasData() && collision().inSelfCollision() ? MotionLog.SELF_COLLISION
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
        if ((c.kind == TaskCommand.Kind.JNT_IMP || c.kind == TaskCommand.Kind.CART_IMP) && status.hasData() && collision().inSelfCollision()) {
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
        BodyStatus s = status.get();
        CsView v = viewOut.message();
        v.iteration = iteration + 1;
        v.veBodySafe = veBodySafe();
        v.motorsReady = motorsReady();
        // ve_body's status pass ran before cs in this cycle: the statuses here are those its switch to safe mode read.
        int failing = AllHwOk.failing(s.rightArm, s.leftArm, s.torso, s.headPan, s.headTilt);
        if (v.veBodySafe && !wasSafe) {
            failingWhenSafe = failing;
        }
        wasSafe = v.veBodySafe;
        v.hardwareFailing = failing;
        v.hardwareFailingWhenSafe = failingWhenSafe;
        System.arraycopy(s.rightArm.q, 0, v.right, 0, N);
        System.arraycopy(s.leftArm.q, 0, v.left, 0, N);
        v.torso = s.torso.position;
        v.headPan = s.headPan.position;
        v.headTilt = s.headTilt.position;
        System.arraycopy(kinematics().endEffector(Arm.RIGHT), 0, v.rightTool, 0, 16);
        System.arraycopy(kinematics.endEffector(Arm.LEFT), 0, v.leftTool, 0, 16);
        v.minDistance = collision.minDistance();
        v.nearestPair = collision.nearest();
        v.firstCycleMillis = firstCycleMillis;
        viewOut.send();
    }
}
