package org.embodia.api.buffer;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * An input buffer: the messages of exactly one writer, read once per iteration of its subsystem.
 *
 * <p>Three preallocated messages form a lock-free triple buffer, so a writer in another activity
 * never hands the reader a half-written message and neither side waits or allocates.
 * {@link #receive()} is called once at the start of each iteration of the reader and fixes what
 * the iteration sees: the freshness and the message stay the same until the next call.
 *
 * @param <M> the message type
 */
public final class InputBuffer<M extends Message<M>> {
    private static final int INDEX = 0b11;
    private static final int DIRTY = 0b100;

    private final String name;
    private final Class<M> type;
    private final Object[] slots;
    /** Per slot, System.nanoTime() of the send that filled it; null when the buffer is not stamped. */
    private final long[] sentNanos;
    /** Index of the slot between writer and reader, with {@link #DIRTY} set when it holds an unread message. */
    private final AtomicInteger middle = new AtomicInteger(1);
    private int back;
    private int front = 2;
    private boolean everReceived;
    private Freshness freshness = Freshness.NO_DATA;
    private volatile OutputBuffer<M> writer;

    public InputBuffer(String name, Class<M> type, Supplier<M> factory) {
        this(name, type, factory, false);
    }

    /**
     * An input buffer that, if {@code stamped}, also records when each message was sent ({@link #sentNanos()}): for a
     * reader off the loop that reports latency, such as a bridge to another middleware. It costs the writer one
     * {@link System#nanoTime()} per send.
     *
     * @since 1.2
     */
    public InputBuffer(String name, Class<M> type, Supplier<M> factory, boolean stamped) {
        this.name = name;
        this.type = type;
        this.slots = new Object[] {factory.get(), factory.get(), factory.get()};
        this.sentNanos = stamped ? new long[3] : null;
    }

    public String name() {
        return name;
    }

    public Class<M> type() {
        return type;
    }

    /** Takes the newest message if one arrived, and fixes this iteration's freshness. */
    public Freshness receive() {
        if ((middle.get() & DIRTY) != 0) {
            front = middle.getAndSet(front) & INDEX;
            everReceived = true;
            freshness = Freshness.NEW_DATA;
        } else {
            freshness = everReceived ? Freshness.OLD_DATA : Freshness.NO_DATA;
        }
        return freshness;
    }

    /** What the last {@link #receive()} found. */
    public Freshness freshness() {
        return freshness;
    }

    /** The spec's {@code new(x)}: a message arrived for this iteration. */
    public boolean isNew() {
        return freshness == Freshness.NEW_DATA;
    }

    /** Whether any message was ever received. */
    public boolean hasData() {
        return everReceived;
    }

    /** The message of this iteration: the newest received one, or the factory's initial message before any. Read only. */
    @SuppressWarnings("unchecked")
    public M get() {
        return (M) slots[front];
    }

    /**
     * The {@link System#nanoTime()} at which the writer sent this iteration's message; 0 before any, or when the buffer
     * is not stamped.
     *
     * @since 1.2
     */
    public long sentNanos() {
        return sentNanos == null || !everReceived ? 0 : sentNanos[front];
    }

    /** The output buffer that writes here, or null. */
    public OutputBuffer<M> writer() {
        return writer;
    }

    /** Called by the single writer: copies {@code source} into the back slot and publishes it. */
    @SuppressWarnings("unchecked")
    void deliver(M source) {
        ((M) slots[back]).copyFrom(source);
        if (sentNanos != null) {
            sentNanos[back] = System.nanoTime();
        }
        back = middle.getAndSet(back | DIRTY) & INDEX;
    }

    synchronized void attach(OutputBuffer<M> output) {
        if (writer != null && writer != output) {
            throw new IllegalStateException("input buffer '" + name + "' already has a writer, '" + writer.name()
                    + "'; a buffer has exactly one writer, so '" + output.name() + "' cannot write to it");
        }
        writer = output;
    }

    synchronized void detach(OutputBuffer<M> output) {
        if (writer == output) {
            writer = null;
        }
    }
}
