package org.embodia.ros;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A variable-length array of messages: its elements are made once and reused; shrinking keeps them for later.
 *
 * @param <M> the element type
 */
public final class MessageSeq<M extends Message<M>> {
    private final MessageType<M> type;
    private Object[] data;
    private int made;
    private int size;

    public MessageSeq(MessageType<M> type) {
        this(type, 0);
    }

    /** An empty sequence with {@code capacity} elements made ahead. */
    public MessageSeq(MessageType<M> type, int capacity) {
        this.type = type;
        this.data = new Object[capacity];
        ensureMade(capacity);
    }

    public int size() {
        return size;
    }

    /** Sets the size; elements beyond the old size keep what they held when last used, or are new. */
    public MessageSeq<M> resize(int newSize) {
        if (newSize > data.length) {
            data = Arrays.copyOf(data, Math.max(newSize, data.length * 2));
        }
        ensureMade(newSize);
        size = newSize;
        return this;
    }

    /** Grows it by one and returns the new last element (which may hold an earlier use's values). */
    public M add() {
        resize(size + 1);
        return get(size - 1);
    }

    @SuppressWarnings("unchecked")
    public M get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " of " + size);
        }
        return (M) data[i];
    }

    public void copyFrom(MessageSeq<M> other) {
        resize(other.size);
        for (int i = 0; i < size; i++) {
            get(i).copyFrom(other.get(i));
        }
    }

    public int serializedSize() {
        int n = 4;
        for (int i = 0; i < size; i++) {
            n += get(i).serializedSize();
        }
        return n;
    }

    public void serialize(ByteBuffer out) {
        out.putInt(size);
        for (int i = 0; i < size; i++) {
            get(i).serialize(out);
        }
    }

    public void deserialize(ByteBuffer in) {
        int n = Wire.count(in, 0);
        resize(n);
        for (int i = 0; i < n; i++) {
            get(i).deserialize(in);
        }
    }

    private void ensureMade(int count) {
        while (made < count) {
            data[made++] = type.create();
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            s.append(i == 0 ? "" : ", ").append(get(i));
        }
        return s.append(']').toString();
    }
}
