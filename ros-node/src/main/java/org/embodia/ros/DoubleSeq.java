package org.embodia.ros;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** A variable-length float64 array ({@code float64[]}): its storage grows only when a longer one is set. */
public final class DoubleSeq {
    private double[] data;
    private int size;

    public DoubleSeq() {
        this(0);
    }

    /** An empty sequence with room for {@code capacity} elements. */
    public DoubleSeq(int capacity) {
        data = new double[capacity];
    }

    public int size() {
        return size;
    }

    /** Sets the size; new elements are 0, the storage grows only when {@code size} exceeds it. */
    public DoubleSeq resize(int newSize) {
        if (newSize > data.length) {
            data = Arrays.copyOf(data, newSize);
        } else if (newSize > size) {
            Arrays.fill(data, size, newSize, 0.0);
        }
        size = newSize;
        return this;
    }

    public double get(int i) {
        checkIndex(i);
        return data[i];
    }

    public DoubleSeq set(int i, double value) {
        checkIndex(i);
        data[i] = value;
        return this;
    }

    /** Makes it a copy of {@code values}. */
    public DoubleSeq setAll(double... values) {
        resize(values.length);
        System.arraycopy(values, 0, data, 0, values.length);
        return this;
    }

    /** The storage: elements 0 to {@link #size()} - 1 are the sequence's; valid until the next resize. */
    public double[] array() {
        return data;
    }

    /** A new array of the elements. */
    public double[] toArray() {
        return Arrays.copyOf(data, size);
    }

    public void copyFrom(DoubleSeq other) {
        resize(other.size);
        System.arraycopy(other.data, 0, data, 0, other.size);
    }

    public int serializedSize() {
        return 4 + 8 * size;
    }

    public void serialize(ByteBuffer out) {
        out.putInt(size);
        for (int i = 0; i < size; i++) {
            out.putDouble(data[i]);
        }
    }

    public void deserialize(ByteBuffer in) {
        int n = Wire.count(in, 8);
        resize(n);
        for (int i = 0; i < n; i++) {
            data[i] = in.getDouble();
        }
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " of " + size);
        }
    }

    @Override
    public String toString() {
        return Arrays.toString(toArray());
    }
}
