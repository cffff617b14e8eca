package org.embodia.velma.sim;

/** Why a simulated drive last entered its fault state. */
public enum DriveFault {
    NONE,
    /** A command not finite, with a torque reaching the limit, a position outside the joint's limits or an unknown mode. */
    INVALID_COMMAND,
    /** The position loop stayed too far from its target for too long. */
    FOLLOWING_ERROR,
    /** Operation enabled, and the process data stopped: the EtherCAT watchdog. */
    WATCHDOG
}
