package org.embodia.api.behavior;

import java.util.function.Supplier;

import org.embodia.api.buffer.Message;

/**
 * A subsystem's internal memory with the spec's timing: in iteration i behaviours read
 * {@link #current()} (s^i) and write {@link #next()} (s^(i+1)); a field not written keeps its value
 * (the dash). Two preallocated messages, so an iteration allocates nothing.
 *
 * @param <M> the memory's type
 */
public final class Memory<M extends Message<M>> {
    private M current;
    private M next;

    public Memory(Supplier<M> factory) {
        this.current = factory.get();
        this.next = factory.get();
        next.copyFrom(current);
    }

    /** s^i: the memory as the iteration found it. */
    public M current() {
        return current;
    }

    /** s^(i+1): the memory the iteration leaves, starting as a copy of s^i. */
    public M next() {
        return next;
    }

    /** Ends an iteration: s^(i+1) becomes s^i, and the next iteration starts from a copy of it. */
    public void commit() {
        M previous = current;
        current = next;
        next = previous;
        next.copyFrom(current);
    }
}
