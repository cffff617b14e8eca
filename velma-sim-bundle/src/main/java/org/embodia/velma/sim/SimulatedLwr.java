package org.embodia.velma.sim;

import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;

/**
 * One KUKA LWR with its KRC as FRI shows it. It starts in MONITOR with its brakes on; its FRI
 * quality rises to PERFECT over the first {@value #PERFECT_AFTER_TICKS} ticks; then, after
 * {@value #START_AFTER_COMMANDS} consecutive valid commands (as Velma's KRL script does before
 * friStart), it powers its joints and enters COMMAND with joint impedance control. There, with
 * the stiffness at zero as Velma runs it, each joint gets the commanded torque plus the arm's own
 * gravity compensation and internal damping.
 *
 * <p>More than {@value #COMMAND_TIMEOUT_TICKS} ticks without a command, or an invalid one (not
 * finite, or reaching {@link Velma#LWR_TORQUE_LIMITS}), and it does what the real arm does: error,
 * MONITOR, brakes on, power off, until the error is acknowledged ({@link #requestErrorReset()}). An
 * invalid command is never applied, in no part, and every one is counted.
 *
 * <p>Everything but {@link #requestErrorReset()} and {@link #invalidCommands()} runs on the
 * simulation's clock thread; nothing here allocates.
 */
public final class SimulatedLwr {
    /** The quality steps BAD, UNACCEPTABLE, GOOD, then PERFECT from this tick on (100 ms). */
    static final int PERFECT_AFTER_TICKS = 50;
    static final int START_AFTER_COMMANDS = 50;
    static final int COMMAND_TIMEOUT_TICKS = 10;
    /** The LWR controller's own joint damping in joint impedance mode (N·m·s/rad). */
    static final double INTERNAL_DAMPING = 0.1;
    static final int ALL_POWERED = (1 << Velma.LWR_JOINTS) - 1;
    private static final FriQuality[] QUALITIES = FriQuality.values();

    private final VelmaPhysics physics;
    private final int firstJoint;
    private final double[] received = new double[Velma.LWR_JOINTS];
    private final double[] commanded = new double[Velma.LWR_JOINTS];
    private final double[] applied = new double[Velma.LWR_JOINTS];
    private boolean commandReceived;
    private boolean receivedValid;
    private int validStreak;
    private int ticksWithoutCommand;
    private long ticks;
    private FriState state = FriState.MONITOR;
    private FriQuality quality = FriQuality.BAD;
    private ControlMode controlMode = ControlMode.POSITION;
    private int power;
    private boolean error;
    private boolean gravityCompensation = true;
    private volatile boolean resetRequested;
    private volatile long invalidCommands;
    /** Set once a KRC model elsewhere (an FRI peer) drives the arm: then its FRI state is that model's. */
    private boolean krcDriven;
    private boolean krcCommand;

    /** The arm whose joints are {@code firstJoint .. firstJoint + 6} of the physics. */
    public SimulatedLwr(VelmaPhysics physics, int firstJoint) {
        this.physics = physics;
        this.firstJoint = firstJoint;
        brakes();
    }

    /** A command as FRI delivers it; it takes effect at the next tick. An invalid one is counted and dropped. */
    public void command(LwrCommand command) {
        commandReceived = true;
        receivedValid = command.valid();
        if (receivedValid) {
            System.arraycopy(command.torque, 0, received, 0, Velma.LWR_JOINTS);
        } else {
            invalidCommands++;
        }
    }

    /**
     * The arm as an FRI peer drives it, the peer running the KRC's FRI state machine itself: in COMMAND
     * the arm applies {@code torque} (N·m, over the gravity compensation) from the next tick on, in MONITOR
     * its brakes hold it. From the first call on, {@link #command} is not to be used.
     */
    public void drive(boolean command, float[] torque) {
        krcDriven = true;
        krcCommand = command;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            commanded[j] = command ? torque[j] : 0;
        }
    }

    /** The operator's acknowledgement on the KRC: clears the error at the next tick. Any thread. */
    public void requestErrorReset() {
        resetRequested = true;
    }

    /** Before the physics steps: FRI's state machine, then the joint torques. */
    public void actuate() {
        if (krcDriven) {
            followKrc();
        } else {
            runFri();
        }
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            int joint = firstJoint + j;
            double tau = 0;
            if (state == FriState.COMMAND) {
                tau = commanded[j] - INTERNAL_DAMPING * physics.rate(joint);
                if (gravityCompensation) {
                    tau -= physics.gravityTorque(joint);
                }
            }
            applied[j] = tau;
            physics.setTorque(joint, tau);
        }
    }

    private void followKrc() {
        quality = FriQuality.PERFECT;
        if (krcCommand && state == FriState.MONITOR) {
            start();
        } else if (!krcCommand && state == FriState.COMMAND) {
            state = FriState.MONITOR;
            power = 0;
            brakes();
        }
    }

    /** The KRC's FRI state machine as this arm runs it for the simulation's own effectors. */
    private void runFri() {
        ticks++;
        quality = QUALITIES[(int) Math.min(QUALITIES.length - 1, ticks * (QUALITIES.length - 1) / PERFECT_AFTER_TICKS)];
        if (resetRequested) {
            resetRequested = false;
            error = false;
        }
        if (commandReceived) {
            commandReceived = false;
            ticksWithoutCommand = 0;
            if (receivedValid) {
                System.arraycopy(received, 0, commanded, 0, Velma.LWR_JOINTS);
                validStreak++;
            } else {
                validStreak = 0;
                if (state == FriState.COMMAND) {
                    stop();
                }
            }
        } else {
            ticksWithoutCommand++;
            validStreak = 0;
            if (state == FriState.COMMAND && ticksWithoutCommand > COMMAND_TIMEOUT_TICKS) {
                stop();
            }
        }
        if (state == FriState.MONITOR && !error && quality == FriQuality.PERFECT && validStreak >= START_AFTER_COMMANDS) {
            start();
        }
    }

    /** friStart: drives powered, brakes released, commands applied. */
    private void start() {
        state = FriState.COMMAND;
        controlMode = ControlMode.JOINT_IMPEDANCE;
        power = ALL_POWERED;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            physics.release(firstJoint + j);
        }
    }

    /** The KRC stops the arm: error, MONITOR, power off, brakes on. */
    private void stop() {
        error = true;
        state = FriState.MONITOR;
        power = 0;
        validStreak = 0;
        brakes();
    }

    private void brakes() {
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            physics.brake(firstJoint + j);
        }
    }

    /** After the physics stepped: what the arm reports over FRI. */
    public void status(LwrStatus out) {
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            out.q[j] = physics.angle(firstJoint + j);
            out.dq[j] = physics.rate(firstJoint + j);
            out.torque[j] = applied[j];
        }
        out.power = power;
        out.error = error;
        out.warning = false;
        out.controlMode = controlMode;
        out.quality = quality;
        out.state = state;
    }

    /** Turns the arm's gravity compensation off, to show what it does. */
    void compensateGravity(boolean on) {
        gravityCompensation = on;
    }

    public FriState state() {
        return state;
    }

    public FriQuality quality() {
        return quality;
    }

    public boolean error() {
        return error;
    }

    public int power() {
        return power;
    }

    /** Every invalid command it has received: none of them reached a joint. Any thread. */
    public long invalidCommands() {
        return invalidCommands;
    }
}
