package org.embodia.ros;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A variable-length string array ({@code string[]}): its storage grows only when a longer one is set, and reading
 * strings that did not change allocates nothing (see {@link Wire#getString}).
 */
public final class StringSeq {
    private String[] data;
    private int size;

    public StringSeq() {
        this(0);
    }

    /** An empty sequence with room for {@code capacity} strings. */
    public StringSeq(int capacity) {
        data = new String[capacity];
        Arrays.fill(data, "");
    }

    public int size() {
        return size;
    }

    /** Sets the size; new elements are "", the storage grows only when {@code size} exceeds it. */
    public StringSeq resize(int newSize) {
        if (newSize > data.length) {
            int old = data.length;
            data = Arrays.copyOf(data, newSize);
            Arrays.fill(data, old, newSize, "");
        } else if (newSize > size) {
            Arrays.fill(data, size, newSize, "");
        }
        size = newSize;
        return this;
    }

    public String get(int i) {
        checkIndex(i);
        return data[i];
    }

    public StringSeq set(int i, String value) {
        checkIndex(i);
        data[i] = value == null ? "" : value;
        return this;
    }

    /** Makes it a copy of {@code values}. */
    public StringSeq setAll(String... values) {
        resize(values.length);
        for (int i = 0; i < values.length; i++) {
            set(i, values[i]);
        }
        return this;
    }

    public String[] toArray() {
        return Arrays.copyOf(data, size);
    }

    public void copyFrom(StringSeq other) {
        resize(other.size);
        System.arraycopy(other.data, 0, data, 0, other.size);
    }

    public int serializedSize() {
        int n = 4;
        for (int i = 0; i < size; i++) {
            n += Wire.stringSize(data[i]);
        }
        return n;
    }

    public void serialize(ByteBuffer out) {
        out.putInt(size);
        for (int i = 0; i < size; i++) {
            Wire.putString(out, data[i]);
        }
    }

    public void deserialize(ByteBuffer in) {
        int n = Wire.count(in, 4);
        resize(n);
        for (int i = 0; i < n; i++) {
            data[i] = Wire.getString(in, data[i]);
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
