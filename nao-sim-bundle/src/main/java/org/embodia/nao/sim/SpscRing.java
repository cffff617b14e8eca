package org.embodia.nao.sim;

import java.util.function.Supplier;

/**
 * A bounded queue between exactly one producer thread and one consumer thread, of slots made once: the producer fills
 * the slot {@link #claim()} gives and {@link #publish()}es it, the consumer reads the slot {@link #peek()} gives and
 * {@link #release()}s it. Neither side locks, waits or allocates, so the clock thread can hand work to a worker and
 * take results back within a tick.
 *
 * @param <T> the slot, a mutable holder
 */
final class SpscRing<T> {
    private final Object[] slots;
    private final int mask;
    /** Slots published so far; written by the producer only. */
    private volatile long head;
    /** Slots released so far; written by the consumer only. */
    private volatile long tail;

    /** @param capacity a power of two */
    SpscRing(int capacity, Supplier<T> factory) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("a ring's capacity is a power of two, not " + capacity);
        }
        slots = new Object[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = factory.get();
        }
        mask = capacity - 1;
    }

    /** Producer: the next slot to fill, or null while the ring is full. */
    @SuppressWarnings("unchecked")
    T claim() {
        long h = head;
        return h - tail == slots.length ? null : (T) slots[(int) (h & mask)];
    }

    /** Producer: hands the slot {@link #claim()} gave to the consumer. */
    void publish() {
        head = head + 1;
    }

    /** Consumer: the oldest published slot, or null when there is none. */
    @SuppressWarnings("unchecked")
    T peek() {
        long t = tail;
        return t == head ? null : (T) slots[(int) (t & mask)];
    }

    /** Consumer: gives the slot {@link #peek()} gave back to the producer. */
    void release() {
        tail = tail + 1;
    }
}
