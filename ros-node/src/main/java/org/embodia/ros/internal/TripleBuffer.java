package org.embodia.ros.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lock-free triple buffer between one writer and one reader: the writer fills {@link #back()} and calls
 * {@link #publish()}; the reader's {@link #take()} returns the newest slot published since its last take, or null.
 * Neither side waits; a slot published before the reader took the previous one replaces it (newest wins).
 *
 * @param <T> the slot type
 */
public final class TripleBuffer<T> {
    private static final int INDEX = 0b11;
    private static final int DIRTY = 0b100;

    private final Object[] slots;
    private final AtomicInteger middle = new AtomicInteger(1);
    private int back;
    private int front = 2;

    public TripleBuffer(T a, T b, T c) {
        slots = new Object[] {a, b, c};
    }

    /** The writer's slot. */
    @SuppressWarnings("unchecked")
    public T back() {
        return (T) slots[back];
    }

    /** Replaces the writer's slot (to grow it). */
    public void replaceBack(T slot) {
        slots[back] = slot;
    }

    /** Hands the writer's slot to the reader; the writer gets another. */
    public void publish() {
        back = middle.getAndSet(back | DIRTY) & INDEX;
    }

    /** Whether a slot was published that the reader has not taken. */
    public boolean hasNew() {
        return (middle.get() & DIRTY) != 0;
    }

    /** The newest published slot, the reader's until its next take; null if none was published since the last. */
    @SuppressWarnings("unchecked")
    public T take() {
        if ((middle.get() & DIRTY) == 0) {
            return null;
        }
        front = middle.getAndSet(front) & INDEX;
        return (T) slots[front];
    }
}
