package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** dja = [joints, values, fractionMaxSpeed]: the INTERPOLATION command's argument (ALMotion's setAngles). */
public final class DesiredJointAngles implements Message<DesiredJointAngles> {
    /** As many joints as {@link JointValues} holds. */
    public static final int CAPACITY = JointValues.CAPACITY;

    /** joints: NAOqi joint names, valid up to {@link #count}. */
    public final String[] joints = new String[CAPACITY];
    /** values: one angle per joint, rad (for LHand and RHand the opening, 0.0 to 1.0). */
    public final double[] values = new double[CAPACITY];
    /** How many entries are valid. */
    public int count;
    /** Fraction of the joints' maximum speed during the interpolation, 0.0 to 1.0. */
    public double fractionMaxSpeed;

    public void clear() {
        count = 0;
    }

    /**
     * Appends one joint and its angle.
     *
     * @throws IllegalStateException when the list already holds {@link #CAPACITY} entries
     */
    public void add(String joint, double value) {
        if (count == CAPACITY) {
            throw new IllegalStateException("dja holds at most " + CAPACITY + " joints; cannot add " + joint);
        }
        joints[count] = joint;
        values[count] = value;
        count++;
    }

    @Override
    public void copyFrom(DesiredJointAngles d) {
        System.arraycopy(d.joints, 0, joints, 0, d.count);
        System.arraycopy(d.values, 0, values, 0, d.count);
        count = d.count;
        fractionMaxSpeed = d.fractionMaxSpeed;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ", ").append(joints[i]).append('=').append(values[i]);
        }
        return s.append(", fractionMaxSpeed=").append(fractionMaxSpeed).append(']').toString();
    }
}
