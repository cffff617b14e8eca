package org.embodia.velma.cs;

import java.util.concurrent.atomic.AtomicLongArray;

import org.embodia.velma.cs.api.Motion;

/**
 * How recent commands are doing, written by the control loop without allocating or locking, read
 * by the task interface: one packed word per command (id, phase, reason) in a ring of recent ids.
 */
final class MotionLog {
    static final int SIZE = 1024;
    /** Why a command ended as it did. */
    static final String[] REASONS = {"", "reached its goal", "replaced by a newer command", "self collision", "velma_core_ve_body is in safe mode",
        "not taken: several commands arrived in one iteration", "not taken in the current state (cs FSM)", "did not reach its goal in time",
        "velma_core_ve_body stayed in safe mode (hardware not ready, or its 500 safe iterations not over)", "already out of safe mode",
        "the behaviour failed", "out of self collision", "the torso and head drives are not ready"};
    static final int REACHED = 1;
    static final int REPLACED = 2;
    static final int SELF_COLLISION = 3;
    static final int SAFE_MODE = 4;
    static final int SEVERAL = 5;
    static final int NOT_TAKEN = 6;
    static final int TIMEOUT = 7;
    static final int STAYED_SAFE = 8;
    static final int ALREADY = 9;
    static final int FAILED = 10;
    static final int OUT_OF_COLLISION = 11;
    static final int MOTORS_NOT_READY = 12;

    private static final Motion.Phase[] PHASES = Motion.Phase.values();

    private final AtomicLongArray words = new AtomicLongArray(SIZE);

    void set(long id, Motion.Phase phase, int reason) {
        words.set((int) (id % SIZE), id << 12 | (long) phase.ordinal() << 8 | reason);
    }

    /** The phase of command {@code id}, or null when it is unknown or too old. */
    Motion.Phase phase(long id) {
        long w = words.get((int) (id % SIZE));
        return (w >>> 12) == id ? PHASES[(int) (w >>> 8) & 0xF] : null;
    }

    String reason(long id) {
        long w = words.get((int) (id % SIZE));
        return (w >>> 12) == id ? REASONS[(int) (w & 0xFF)] : "";
    }
}
