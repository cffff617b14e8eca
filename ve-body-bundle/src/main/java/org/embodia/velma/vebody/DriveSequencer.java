package org.embodia.velma.vebody;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;

/**
 * Brings one CiA 402 drive up and keeps it up. Each iteration it fills the command to send from the
 * drive's last status: the power-up sequence one step at a time, a fault reset, homing for a drive
 * with an incremental encoder, then the wanted cyclic mode. Until the drive is enabled in that mode,
 * and homed when it needs homing, its set-points are harmless: no torque, and its own position.
 * One per drive, as a fault reset's edge depends on what was sent before. Allocation-free.
 */
final class DriveSequencer {
    /** Controlword bit 4 in homing mode: its rising edge, while operation is enabled, starts homing. */
    static final int HOMING_START = 0x10;

    /** The states of the CiA 402 drive state machine, as the statusword shows them. */
    enum State {
        NOT_READY_TO_SWITCH_ON, SWITCH_ON_DISABLED, READY_TO_SWITCH_ON, SWITCHED_ON, OPERATION_ENABLED, QUICK_STOP_ACTIVE,
        FAULT_REACTION_ACTIVE, FAULT,
        /** A bit pattern CiA 402 does not define. */
        UNDEFINED;

        /** Decodes bits 0–3, 5 and 6 of a statusword (CiA 402, statusword 0x6041). */
        static State of(int statusWord) {
            int low = statusWord & 0x4F;
            int lowWithQuickStop = statusWord & 0x6F;
            if (low == 0x00) {
                return NOT_READY_TO_SWITCH_ON;
            } else if (low == 0x40) {
                return SWITCH_ON_DISABLED;
            } else if (lowWithQuickStop == 0x21) {
                return READY_TO_SWITCH_ON;
            } else if (lowWithQuickStop == 0x23) {
                return SWITCHED_ON;
            } else if (lowWithQuickStop == 0x27) {
                return OPERATION_ENABLED;
            } else if (lowWithQuickStop == 0x07) {
                return QUICK_STOP_ACTIVE;
            } else if (low == 0x0F) {
                return FAULT_REACTION_ACTIVE;
            } else if (low == 0x08) {
                return FAULT;
            }
            return UNDEFINED;
        }
    }

    private final boolean needsHoming;
    private int lastControlWord = DriveCommand.DISABLE_VOLTAGE;

    /** @param needsHoming whether the drive's encoder is incremental, so it must be homed after power-up */
    DriveSequencer(boolean needsHoming) {
        this.needsHoming = needsHoming;
    }

    /** Fills {@code out} for a drive wanted in cyclic torque mode with {@code torque}. */
    void torque(DriveStatus status, double torque, DriveCommand out) {
        fill(status, DriveCommand.MODE_CYCLIC_TORQUE, torque, status.position, out);
    }

    /** Fills {@code out} for a drive wanted in cyclic position mode at {@code position}. */
    void position(DriveStatus status, double position, DriveCommand out) {
        fill(status, DriveCommand.MODE_CYCLIC_POSITION, 0, position, out);
    }

    private void fill(DriveStatus status, int mode, double torque, double position, DriveCommand out) {
        State state = State.of(status.statusWord);
        // An incremental encoder's position means nothing before homing, so homing comes first.
        boolean homing = needsHoming && !status.homed;
        out.mode = homing ? DriveCommand.MODE_HOMING : mode;
        out.controlWord = controlWord(state, homing && status.mode == DriveCommand.MODE_HOMING);
        // The set-points reach the motor only once the drive runs the wanted mode; before, they must not move it.
        boolean live = state == State.OPERATION_ENABLED && !homing && status.mode == mode;
        out.targetTorque = live ? torque : 0;
        out.targetPosition = live ? position : status.position;
        lastControlWord = out.controlWord;
    }

    private int controlWord(State state, boolean inHomingMode) {
        return switch (state) {
            case SWITCH_ON_DISABLED -> DriveCommand.SHUTDOWN;
            case READY_TO_SWITCH_ON -> DriveCommand.SWITCH_ON;
            case SWITCHED_ON -> DriveCommand.ENABLE_OPERATION;
            // Enable operation got the drive here, so bit 4 rises once it shows homing mode, and stays up until homed.
            case OPERATION_ENABLED -> inHomingMode ? DriveCommand.ENABLE_OPERATION | HOMING_START : DriveCommand.ENABLE_OPERATION;
            // Only a rising edge of bit 7 resets a fault: alternate for as long as the fault stays.
            case FAULT -> lastControlWord == DriveCommand.FAULT_RESET ? DriveCommand.DISABLE_VOLTAGE : DriveCommand.FAULT_RESET;
            // Not ready to switch on and Fault reaction active end on their own; Disable voltage takes Quick stop
            // active to Switch on disabled, where the sequence starts again.
            case NOT_READY_TO_SWITCH_ON, QUICK_STOP_ACTIVE, FAULT_REACTION_ACTIVE, UNDEFINED -> DriveCommand.DISABLE_VOLTAGE;
        };
    }
}
