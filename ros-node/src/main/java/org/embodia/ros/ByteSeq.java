package org.embodia.ros;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** A variable-length byte array ({@code uint8[]}, {@code char[]}): its storage grows only when a longer one is set. */
public final class ByteSeq {
    private byte[] data;
    private int size;

    public ByteSeq() {
        this(0);
    }

    /** An empty sequence with room for {@code capacity} bytes. */
    public ByteSeq(int capacity) {
        data = new byte[capacity];
    }

    public int size() {
        return size;
    }

    /** Sets the size; new bytes are 0, the storage grows only when {@code size} exceeds it. */
    public ByteSeq resize(int newSize) {
        if (newSize > data.length) {
            data = Arrays.copyOf(data, newSize);
        } else if (newSize > size) {
            Arrays.fill(data, size, newSize, (byte) 0);
        }
        size = newSize;
        return this;
    }

    /** The byte at {@code i}, unsigned (0 to 255). */
    public int get(int i) {
        checkIndex(i);
        return data[i] & 0xff;
    }

    public ByteSeq set(int i, int value) {
        checkIndex(i);
        data[i] = (byte) value;
        return this;
    }

    /** Makes it a copy of {@code length} bytes of {@code values} from {@code offset}. */
    public ByteSeq setAll(byte[] values, int offset, int length) {
        resize(length);
        System.arraycopy(values, offset, data, 0, length);
        return this;
    }

    /** The storage: bytes 0 to {@link #size()} - 1 are the sequence's; valid until the next resize. */
    public byte[] array() {
        return data;
    }

    public byte[] toArray() {
        return Arrays.copyOf(data, size);
    }

    public void copyFrom(ByteSeq other) {
        resize(other.size);
        System.arraycopy(other.data, 0, data, 0, other.size);
    }

    public int serializedSize() {
        return 4 + size;
    }

    public void serialize(ByteBuffer out) {
        out.putInt(size);
        out.put(data, 0, size);
    }

    public void deserialize(ByteBuffer in) {
        int n = Wire.count(in, 1);
        resize(n);
        in.get(data, 0, n);
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " of " + size);
        }
    }

    @Override
    public String toString() {
        return "[" + size + " bytes]";
    }
}
