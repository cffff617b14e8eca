package org.embodia.velma.api;

/** The control strategy of a KUKA LWR's own controller. */
public enum ControlMode {
    POSITION,
    JOINT_IMPEDANCE,
    CARTESIAN_IMPEDANCE
}
