package org.embodia.velma.vebody;

import java.util.HashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DeterminismFault;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;

/**
 * One CiA 402 drive as its master brings it up and keeps it up: the engine runs the FSM
 * {@value #FSM} over the drive's statusword, and its states' behaviours fill the command to send — the
 * power-up sequence, homing for a drive with an incremental encoder, the wanted cyclic mode, fault resets.
 * Until the drive is enabled in that mode, and homed when it needs homing, its set-points are harmless: no
 * torque, and its own position. One per drive: a fault reset's edge depends on what was sent before.
 * Each cycle the FSM runs to completion over the new statusword, so the controlword sent is always the one the
 * drive's present state accepts, and each state's behaviour runs once a cycle. Allocation-free once built. Should the FSM stop on a determinism fault, the drive is sent Disable voltage
 * for good, and so reports not ok.
 */
public final class Cia402Drive {
    static final String FSM = "velma.cia402";
    /** Controlword bit 4 in homing mode: its rising edge, while operation is enabled, starts homing. */
    static final int HOMING_START = 0x10;
    /** The most iterations one cycle takes: the check that leads to unknown, and unknown's to the state the drive shows. */
    static final int SETTLE_STEPS = 2;
    /** The one state whose initial conditions lead to a state the statusword need not show. */
    private static final String UNKNOWN = "unknown";

    private final boolean needsHoming;
    private final FsmExecutor fsm;
    /** What this cycle's step reads and fills. */
    private DriveStatus status = new DriveStatus();
    private DriveCommand out = new DriveCommand();
    private int wantedMode;
    private double torque;
    private double position;

    /** @param needsHoming whether the drive's encoder is incremental, so it must be homed after power-up */
    Cia402Drive(FsmDefinition definition, boolean needsHoming) {
        this.needsHoming = needsHoming;
        Behavior disableVoltage = i -> idle(DriveCommand.DISABLE_VOLTAGE);
        Map<String, Behavior> behaviors = new HashMap<>();
        behaviors.put("unknown", disableVoltage);
        behaviors.put("not_ready_to_switch_on", disableVoltage);
        behaviors.put("switch_on_disabled", i -> idle(DriveCommand.SHUTDOWN));
        behaviors.put("ready_to_switch_on", i -> idle(DriveCommand.SWITCH_ON));
        behaviors.put("switched_on", i -> idle(DriveCommand.ENABLE_OPERATION));
        behaviors.put("homing", i -> homing());
        behaviors.put("operation_enabled", i -> operationEnabled());
        behaviors.put("quick_stop_active", disableVoltage);
        behaviors.put("fault_reaction_active", disableVoltage);
        // Only a rising edge of bit 7 resets a fault; every other state's controlword has it clear, so i0 rises.
        behaviors.put("fault", i -> idle(i % 2 == 0 ? DriveCommand.FAULT_RESET : DriveCommand.DISABLE_VOLTAGE));
        fsm = FsmExecutor.create(definition, behaviors, predicates());
    }

    private Predicates predicates() {
        return Predicates.builder()
                .add("swNotReadyToSwitchOn", () -> (status.statusWord & 0x4F) == 0x00)
                .add("swSwitchOnDisabled", () -> (status.statusWord & 0x4F) == 0x40)
                .add("swReadyToSwitchOn", () -> (status.statusWord & 0x6F) == 0x21)
                .add("swSwitchedOn", () -> (status.statusWord & 0x6F) == 0x23)
                .add("swOperationEnabled", () -> (status.statusWord & 0x6F) == 0x27)
                .add("swQuickStopActive", () -> (status.statusWord & 0x6F) == 0x07)
                .add("swFaultReactionActive", () -> (status.statusWord & 0x4F) == 0x0F)
                .add("swFault", () -> (status.statusWord & 0x4F) == 0x08)
                .add("swUndefined", this::undefined)
                .add("homingNeeded", this::homingNeeded)
                .build();
    }

    /** Bits 0–3, 5 and 6 in a pattern none of CiA 402's states has. */
    private boolean undefined() {
        int low = status.statusWord & 0x4F;
        int withQuickStop = status.statusWord & 0x6F;
        return low != 0x00 && low != 0x40 && low != 0x0F && low != 0x08 && withQuickStop != 0x21 && withQuickStop != 0x23
                && withQuickStop != 0x27 && withQuickStop != 0x07;
    }

    private boolean homingNeeded() {
        return needsHoming && !status.homed;
    }

    /** Fills {@code command} for a drive wanted in cyclic torque mode with {@code torque}. */
    public void torque(DriveStatus driveStatus, double torque, DriveCommand command) {
        step(driveStatus, DriveCommand.MODE_CYCLIC_TORQUE, torque, driveStatus.position, command);
    }

    /** Fills {@code command} for a drive wanted in cyclic position mode at {@code position}. */
    public void position(DriveStatus driveStatus, double position, DriveCommand command) {
        step(driveStatus, DriveCommand.MODE_CYCLIC_POSITION, 0, position, command);
    }

    private void step(DriveStatus driveStatus, int mode, double wantedTorque, double wantedPosition, DriveCommand command) {
        status = driveStatus;
        out = command;
        wantedMode = mode;
        torque = wantedTorque;
        position = wantedPosition;
        // Run to completion: a step checks the current state on the new statusword and runs the state it
        // lasts in, or the one σ selects: the state the statusword shows, or unknown when CiA 402 does not
        // allow that state next. Unknown, unless the statusword is undefined, leads on to the state shown in a
        // second step. Stepping on once the state shown has run would run its behaviour twice in a cycle, and
        // lose a fault reset's rising edge.
        for (int n = 0; n < SETTLE_STEPS; n++) {
            if (!fsm.step()) {
                idle(DriveCommand.DISABLE_VOLTAGE);
                return;
            }
            if (!fsm.lastEnded() || !UNKNOWN.equals(fsm.currentState()) || undefined()) {
                return;
            }
        }
    }

    /** The FSM's current state. */
    String state() {
        return fsm.currentState();
    }

    /** What stopped the FSM, or null while it runs. */
    DeterminismFault fault() {
        return fsm.fault();
    }

    /** A state on the way up: its controlword, the mode to come, set-points that move nothing. */
    private void idle(int controlWord) {
        out.controlWord = controlWord;
        // An incremental encoder's position means nothing before homing, so homing comes first.
        out.mode = homingNeeded() ? DriveCommand.MODE_HOMING : wantedMode;
        out.targetTorque = 0;
        out.targetPosition = status.position;
    }

    /** Bit 4 rises once the drive shows homing mode, as it takes the mode and the controlword in the same cycle. */
    private void homing() {
        idle(status.mode == DriveCommand.MODE_HOMING ? DriveCommand.ENABLE_OPERATION | HOMING_START : DriveCommand.ENABLE_OPERATION);
        out.mode = DriveCommand.MODE_HOMING;
    }

    /** The set-points reach the motor only once the drive runs the wanted mode; before, they must not move it. */
    private void operationEnabled() {
        out.controlWord = DriveCommand.ENABLE_OPERATION;
        out.mode = wantedMode;
        boolean live = status.mode == wantedMode;
        out.targetTorque = live ? torque : 0;
        out.targetPosition = live ? position : status.position;
    }
}
