package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * A list [joints, values] of joint names with one value each: cja (current joint angles, rad), cmp
 * (current motor positions, rad) and stiffness (0.0 to 1.0). Names are NAOqi's: a joint
 * ("LElbowRoll"), and for stiffness also a chain ("LArm") or "Body".
 */
public final class JointValues implements Message<JointValues> {
    /** NAOqi's "Body" chain names 26 joints; a list names each at most once. */
    public static final int CAPACITY = 26;

    /** joints: the names, valid up to {@link #count}. */
    public final String[] joints = new String[CAPACITY];
    /** values: one per name, in radians (angles) or 0.0 to 1.0 (stiffness, hand opening). */
    public final double[] values = new double[CAPACITY];
    /** How many entries are valid. */
    public int count;

    public void clear() {
        count = 0;
    }

    /**
     * Appends one entry.
     *
     * @throws IllegalStateException when the list already holds {@link #CAPACITY} entries
     */
    public void add(String joint, double value) {
        if (count == CAPACITY) {
            throw new IllegalStateException("a joint list holds at most " + CAPACITY + " entries; cannot add " + joint);
        }
        joints[count] = joint;
        values[count] = value;
        count++;
    }

    /** The index of {@code joint} among the valid entries, or -1. */
    public int indexOf(String joint) {
        for (int i = 0; i < count; i++) {
            if (joints[i].equals(joint)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void copyFrom(JointValues j) {
        System.arraycopy(j.joints, 0, joints, 0, j.count);
        System.arraycopy(j.values, 0, values, 0, j.count);
        count = j.count;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ", ").append(joints[i]).append('=').append(values[i]);
        }
        return s.append(']').toString();
    }
}
