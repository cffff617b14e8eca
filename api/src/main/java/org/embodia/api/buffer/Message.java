package org.embodia.api.buffer;

/**
 * The content of a buffer. Messages are preallocated and copied into, never created per
 * iteration, so that a control loop allocates nothing (docs/architecture.md contract 1).
 *
 * @param <M> the message type itself
 */
public interface Message<M extends Message<M>> {

    /** Overwrites every field of this message with the fields of {@code source}. */
    void copyFrom(M source);
}
