package org.embodia.velma.sim;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.Velma;

/**
 * One EtherCAT servo drive with the CiA 402 device profile: its state machine driven by the
 * controlword, cyclic synchronous torque and position modes, and homing to a switch at joint angle 0.
 *
 * <p>The drive turns its joint only in Operation enabled; in every other state its brake holds the
 * joint. A command that is not finite, reaches {@link Velma#TORSO_TORQUE_LIMIT}, names an unknown
 * mode, or (once homed) sets a position target outside the joint's limits is counted and dropped,
 * and faults the drive; so do a following error and, when enabled, process data that stop coming
 * (the EtherCAT watchdog). A rising edge of Fault reset leaves the fault to Switch on disabled.
 *
 * <p>A drive with an incremental encoder reports its angle plus a power-up offset until homing finds
 * the switch; the touch probe then latches the reference, and from then on it reports the true angle.
 * Everything but {@link #invalidCommands()} runs on the simulation's clock thread; nothing here allocates.
 */
public final class SimulatedDrive {
    /** Controlword bit 4 in homing mode: start homing (on its rising edge). */
    static final int HOMING_OPERATION_START = 0x10;
    /** Statusword bits whose meaning depends on the mode. */
    static final int TARGET_REACHED = 0x400;
    /** Homing attained in homing mode; "drive follows the command value" in the cyclic modes. */
    static final int MODE_BIT_12 = 0x1000;
    /** Homing error in homing mode; following error in cyclic position mode. */
    static final int MODE_BIT_13 = 0x2000;

    /** Ticks of self-test before the drive reaches Switch on disabled. */
    static final int INIT_TICKS = 5;
    static final double HOMING_SPEED = 0.3;
    static final double FOLLOWING_ERROR_WINDOW = 0.5;
    static final int FOLLOWING_ERROR_TICKS = 100;
    static final int WATCHDOG_TICKS = 50;
    /** When homing counts as reached: close to the switch and at rest. */
    static final double HOME_TOLERANCE = 0.005;
    static final double HOME_REST_VELOCITY = 0.02;
    private static final double STOPPED_VELOCITY = 1e-3;
    /** A target that jumps gets no more feed-forward than this velocity (rad/s). */
    private static final double MAX_FEED_FORWARD_VELOCITY = 2;

    private enum Homing {
        NOT_STARTED,
        SEARCHING,
        SETTLING,
        ATTAINED,
        INTERRUPTED
    }

    private final VelmaPhysics physics;
    private final DriveSpec spec;
    private final int joint;
    private final DriveCommand received = new DriveCommand();
    private boolean commandReceived;
    private int controlWord;
    private int mode = DriveCommand.MODE_CYCLIC_TORQUE;
    private double targetTorque;
    private double targetPosition;
    private Cia402State state = Cia402State.NOT_READY_TO_SWITCH_ON;
    private DriveFault fault = DriveFault.NONE;
    private int initTicks;
    private int ticksWithoutCommand;
    private boolean homed;
    private Homing homing = Homing.NOT_STARTED;
    private boolean searchStartedOnSwitch;
    /** The position loop's target in true joint coordinates, for holding and homing. */
    private double loopTarget;
    private double integral;
    /** Whether the position loop ran in the tick before, so that its last target gives the target's velocity. */
    private boolean loopRunning;
    private double lastTarget;
    private boolean followingError;
    private int followingErrorTicks;
    private double applied;
    private volatile long invalidCommands;

    public SimulatedDrive(VelmaPhysics physics, DriveSpec spec) {
        this.physics = physics;
        this.spec = spec;
        this.joint = spec.joint();
        this.homed = spec.absoluteEncoder();
        physics.brake(joint);
    }

    /** The process data of one bus cycle; it takes effect at the next tick. */
    public void command(DriveCommand command) {
        received.copyFrom(command);
        commandReceived = true;
    }

    /** Before the physics steps: automatic transitions, the command, then the joint torque. */
    public void actuate() {
        double q = physics.angle(joint);
        double v = physics.rate(joint);
        if (state == Cia402State.NOT_READY_TO_SWITCH_ON && ++initTicks >= INIT_TICKS) {
            state = Cia402State.SWITCH_ON_DISABLED;
        } else if (state == Cia402State.FAULT_REACTION_ACTIVE) {
            state = Cia402State.FAULT;
        } else if (state == Cia402State.QUICK_STOP_ACTIVE && Math.abs(v) < STOPPED_VELOCITY) {
            state = Cia402State.SWITCH_ON_DISABLED;
        }
        if (commandReceived) {
            commandReceived = false;
            ticksWithoutCommand = 0;
            if (valid(received)) {
                accept(received, q);
            } else {
                // A single writer (the clock thread) increments it.
                invalidCommands++;
                fault(DriveFault.INVALID_COMMAND);
            }
        } else if (state == Cia402State.OPERATION_ENABLED && ++ticksWithoutCommand > WATCHDOG_TICKS) {
            fault(DriveFault.WATCHDOG);
        }
        double tau = 0;
        if (state == Cia402State.OPERATION_ENABLED) {
            physics.release(joint);
            tau = control(q, v);
        } else {
            physics.brake(joint);
            integral = 0;
            loopRunning = false;
            followingError = false;
            followingErrorTicks = 0;
        }
        applied = tau;
        physics.setTorque(joint, tau);
    }

    private boolean valid(DriveCommand c) {
        if (!(Math.abs(c.targetTorque) < Velma.TORSO_TORQUE_LIMIT) || !Double.isFinite(c.targetPosition)) {
            return false;
        }
        return switch (c.mode) {
            case DriveCommand.MODE_CYCLIC_TORQUE, DriveCommand.MODE_HOMING -> true;
            case DriveCommand.MODE_CYCLIC_POSITION -> !homed || (c.targetPosition >= spec.lower() && c.targetPosition <= spec.upper());
            default -> false;
        };
    }

    private void accept(DriveCommand c, double q) {
        int rising = c.controlWord & ~controlWord;
        controlWord = c.controlWord;
        targetTorque = c.targetTorque;
        targetPosition = c.targetPosition;
        if (c.mode != mode) {
            mode = c.mode;
            stopHoming();
            loopTarget = q;
            integral = 0;
            loopRunning = false;
        }
        transition(controlWord, rising, q);
        if (state == Cia402State.OPERATION_ENABLED && mode == DriveCommand.MODE_HOMING) {
            if ((rising & HOMING_OPERATION_START) != 0) {
                startHoming(q);
            } else if ((controlWord & HOMING_OPERATION_START) == 0) {
                stopHoming();
            }
        }
    }

    /** The CiA 402 device control: the command the controlword's bits 0..3 encode, and the transition it causes. */
    private void transition(int cw, int rising, double q) {
        if (state == Cia402State.FAULT) {
            if ((rising & DriveCommand.FAULT_RESET) != 0) {
                state = Cia402State.SWITCH_ON_DISABLED;
                fault = DriveFault.NONE;
            }
            return;
        }
        if (state == Cia402State.NOT_READY_TO_SWITCH_ON || state == Cia402State.FAULT_REACTION_ACTIVE) {
            return;
        }
        boolean disableVoltage = (cw & 0x02) == 0;
        boolean quickStop = !disableVoltage && (cw & 0x04) == 0;
        boolean shutdown = !disableVoltage && !quickStop && (cw & 0x01) == 0;
        boolean switchOn = !disableVoltage && !quickStop && !shutdown && (cw & 0x08) == 0;
        boolean enableOperation = !disableVoltage && !quickStop && !shutdown && !switchOn;
        Cia402State next = switch (state) {
            case SWITCH_ON_DISABLED -> shutdown ? Cia402State.READY_TO_SWITCH_ON : state;
            case READY_TO_SWITCH_ON -> disableVoltage || quickStop ? Cia402State.SWITCH_ON_DISABLED
                    : switchOn ? Cia402State.SWITCHED_ON
                    : enableOperation ? Cia402State.OPERATION_ENABLED
                    : state;
            case SWITCHED_ON -> disableVoltage || quickStop ? Cia402State.SWITCH_ON_DISABLED
                    : shutdown ? Cia402State.READY_TO_SWITCH_ON
                    : enableOperation ? Cia402State.OPERATION_ENABLED
                    : state;
            case OPERATION_ENABLED -> disableVoltage ? Cia402State.SWITCH_ON_DISABLED
                    : quickStop ? Cia402State.QUICK_STOP_ACTIVE
                    : shutdown ? Cia402State.READY_TO_SWITCH_ON
                    : switchOn ? Cia402State.SWITCHED_ON
                    : state;
            case QUICK_STOP_ACTIVE -> disableVoltage ? Cia402State.SWITCH_ON_DISABLED : state;
            default -> state;
        };
        if (next == Cia402State.OPERATION_ENABLED && state != Cia402State.OPERATION_ENABLED) {
            // Enabling holds the joint where it is rather than jumping to a stale target.
            loopTarget = q;
            integral = 0;
        }
        if (next != Cia402State.OPERATION_ENABLED) {
            stopHoming();
        }
        state = next;
    }

    /** Transition 13: any state to Fault reaction active, then Fault. */
    private void fault(DriveFault reason) {
        if (state == Cia402State.FAULT || state == Cia402State.FAULT_REACTION_ACTIVE) {
            return;
        }
        state = Cia402State.FAULT_REACTION_ACTIVE;
        fault = reason;
        stopHoming();
    }

    private void startHoming(double q) {
        if (spec.absoluteEncoder()) {
            homing = Homing.ATTAINED;
            loopTarget = q;
            return;
        }
        // The home switch is active on the positive side: move towards where it changes.
        searchStartedOnSwitch = q > 0;
        homing = Homing.SEARCHING;
        loopTarget = q;
    }

    private void stopHoming() {
        if (homing == Homing.SEARCHING || homing == Homing.SETTLING) {
            homing = Homing.INTERRUPTED;
        }
    }

    private double control(double q, double v) {
        switch (mode) {
            case DriveCommand.MODE_CYCLIC_TORQUE:
                followingError = false;
                loopRunning = false;
                return clamp(targetTorque, spec.maxTorque());
            case DriveCommand.MODE_CYCLIC_POSITION:
                return positionLoop(targetPosition - offset(), q, v);
            default:
                home(q, v);
                return positionLoop(loopTarget, q, v);
        }
    }

    private void home(double q, double v) {
        if (homing == Homing.SEARCHING) {
            if ((q > 0) != searchStartedOnSwitch) {
                // The switch's edge: the touch probe latches the reference, and the drive stops on the switch.
                homed = true;
                homing = Homing.SETTLING;
                loopTarget = 0;
            } else {
                loopTarget += (searchStartedOnSwitch ? -HOMING_SPEED : HOMING_SPEED) * VelmaPhysics.DT;
            }
        }
        if (homing == Homing.SETTLING && Math.abs(q) < HOME_TOLERANCE && Math.abs(v) < HOME_REST_VELOCITY) {
            homing = Homing.ATTAINED;
        }
    }

    /**
     * A PID position loop in true joint coordinates with velocity feed-forward from the target's
     * motion and the motor's torque limit, checking the following error.
     */
    private double positionLoop(double target, double q, double v) {
        double targetVelocity = loopRunning ? clamp((target - lastTarget) / VelmaPhysics.DT, MAX_FEED_FORWARD_VELOCITY) : 0;
        lastTarget = target;
        loopRunning = true;
        double e = target - q;
        double integralLimit = spec.ki() > 0 ? 0.5 * spec.maxTorque() / spec.ki() : 0;
        integral = clamp(integral + e * VelmaPhysics.DT, integralLimit);
        followingError = Math.abs(e) > FOLLOWING_ERROR_WINDOW;
        followingErrorTicks = followingError ? followingErrorTicks + 1 : 0;
        if (followingErrorTicks > FOLLOWING_ERROR_TICKS) {
            fault(DriveFault.FOLLOWING_ERROR);
            return 0;
        }
        return clamp(spec.kp() * e + spec.ki() * integral + spec.kd() * (targetVelocity - v), spec.maxTorque());
    }

    private static double clamp(double value, double limit) {
        return Math.max(-limit, Math.min(limit, value));
    }

    private double offset() {
        return homed ? 0 : spec.encoderOffset();
    }

    /** After the physics stepped: what the drive reports in its process data. */
    public void status(DriveStatus out) {
        int word = state.statusBits();
        if (state != Cia402State.NOT_READY_TO_SWITCH_ON) {
            word |= DriveStatus.VOLTAGE_ENABLED;
        }
        if (state == Cia402State.OPERATION_ENABLED) {
            word |= modeBits();
        }
        out.statusWord = word;
        out.mode = mode;
        out.homed = homed;
        out.position = physics.angle(joint) + offset();
        out.velocity = physics.rate(joint);
        out.torque = applied;
    }

    private int modeBits() {
        if (mode != DriveCommand.MODE_HOMING) {
            return MODE_BIT_12 | (mode == DriveCommand.MODE_CYCLIC_POSITION && followingError ? MODE_BIT_13 : 0);
        }
        return switch (homing) {
            case SEARCHING -> 0;
            case SETTLING -> MODE_BIT_12;
            case ATTAINED -> MODE_BIT_12 | TARGET_REACHED;
            default -> TARGET_REACHED;
        };
    }

    public String name() {
        return spec.name();
    }

    public Cia402State state() {
        return state;
    }

    public DriveFault fault() {
        return fault;
    }

    public boolean homed() {
        return homed;
    }

    /** Every invalid command it has received: none of them reached the joint. Any thread. */
    public long invalidCommands() {
        return invalidCommands;
    }
}
