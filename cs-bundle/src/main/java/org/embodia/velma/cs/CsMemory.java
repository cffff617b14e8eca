package org.embodia.velma.cs;

import org.embodia.api.buffer.Message;

/**
 * cs's internal memory: the head's motion, which outlives any one behaviour (each continues it, idle stops it). What
 * a behaviour keeps only while it runs, its own trajectory, stays in the behaviour.
 */
final class CsMemory implements Message<CsMemory> {
    /** The head's set-points, pan and tilt (rad). */
    final double[] headSetpoint = new double[2];
    /** The head's minimum-jerk motion: where it started and ends, its duration and the time along it (s). */
    final double[] headFrom = new double[2];
    final double[] headTo = new double[2];
    double headDuration;
    double headTime;
    /** Whether the head follows its motion; idle leaves it false, and the next behaviour starts from where the head is. */
    boolean headMoving;

    @Override
    public void copyFrom(CsMemory m) {
        System.arraycopy(m.headSetpoint, 0, headSetpoint, 0, 2);
        System.arraycopy(m.headFrom, 0, headFrom, 0, 2);
        System.arraycopy(m.headTo, 0, headTo, 0, 2);
        headDuration = m.headDuration;
        headTime = m.headTime;
        headMoving = m.headMoving;
    }
}
