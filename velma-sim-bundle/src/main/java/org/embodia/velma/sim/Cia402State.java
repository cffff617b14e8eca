package org.embodia.velma.sim;

import org.embodia.velma.api.DriveStatus;

/** The states of the CiA 402 drive state machine, each with the statusword bits 0..3, 5 and 6 that show it. */
public enum Cia402State {
    NOT_READY_TO_SWITCH_ON(0),
    SWITCH_ON_DISABLED(DriveStatus.SWITCH_ON_DISABLED),
    READY_TO_SWITCH_ON(DriveStatus.QUICK_STOP | DriveStatus.READY_TO_SWITCH_ON),
    SWITCHED_ON(DriveStatus.QUICK_STOP | DriveStatus.SWITCHED_ON | DriveStatus.READY_TO_SWITCH_ON),
    OPERATION_ENABLED(DriveStatus.QUICK_STOP | DriveStatus.OPERATION_ENABLED | DriveStatus.SWITCHED_ON | DriveStatus.READY_TO_SWITCH_ON),
    /** Quick stop active: bit 5 (quick stop) low. */
    QUICK_STOP_ACTIVE(DriveStatus.OPERATION_ENABLED | DriveStatus.SWITCHED_ON | DriveStatus.READY_TO_SWITCH_ON),
    FAULT_REACTION_ACTIVE(DriveStatus.FAULT | DriveStatus.OPERATION_ENABLED | DriveStatus.SWITCHED_ON | DriveStatus.READY_TO_SWITCH_ON),
    FAULT(DriveStatus.FAULT);

    private final int bits;

    Cia402State(int bits) {
        this.bits = bits;
    }

    /** The statusword bits of this state. */
    public int statusBits() {
        return bits;
    }
}
