package org.embodia.velma.api;

/**
 * Velma's constants, from its public implementation as docs/velma.md lists them: joint limits,
 * the damping of ve_body's safe behaviour, and the torque limits of a valid command.
 */
public final class Velma {
    /** Joints of one LWR arm. */
    public static final int LWR_JOINTS = 7;

    /** LWR joint limits (rad): ±2.96 for joints 1, 3, 5, 7 and ±2.09 for joints 2, 4, 6. */
    public static final double[] LWR_LIMITS = {2.96, 2.09, 2.96, 2.09, 2.96, 2.09, 2.96};

    /** The torso's limit (rad): ±1.56. */
    public static final double TORSO_LIMIT = 1.56;

    /** Head pan (rad): ±1.57. */
    public static final double HEAD_PAN_LIMIT = 1.57;

    /** Head tilt (rad): from −1.0 to 1.3. */
    public static final double HEAD_TILT_MIN = -1.0;
    public static final double HEAD_TILT_MAX = 1.3;

    /** ve_body's safe behaviour commands τ = −D·q̇ with this D per LWR joint (N·m·s/rad). */
    public static final double[] SAFE_DAMPING = {10, 10, 5, 5, 2, 1, 1};

    /** A command is invalid once a joint's torque magnitude reaches this (N·m), arm joints 1..7. */
    public static final double[] LWR_TORQUE_LIMITS = {50, 50, 30, 20, 20, 10, 10};

    /** ... or the torso's torque reaches this (N·m). */
    public static final double TORSO_TORQUE_LIMIT = 100;

    /** Velma's control period: 500 Hz, ve_body running twice per cycle. */
    public static final double PERIOD_SECONDS = 0.002;

    private Velma() {
    }
}
