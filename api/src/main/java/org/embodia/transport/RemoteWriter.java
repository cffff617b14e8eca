package org.embodia.transport;

import org.osgi.annotation.versioning.ProviderType;

/** The writer's side of a buffer whose reader runs in another process. */
@ProviderType
public interface RemoteWriter extends AutoCloseable {

    /**
     * After the writer's pass: sends the reader's process what the output buffer sent in that pass, and nothing when
     * it sent nothing (the spec's dash). Neither waits, locks nor allocates.
     *
     * @return false when something was to be sent and the transport did not take it (no reader yet, or a reader that
     *         has stopped reading): the reader then keeps its old data, as if nothing had been sent
     */
    boolean publish();

    /** Whether a reader is connected. */
    boolean connected();

    /** Messages sent so far. */
    long published();

    /** Messages the transport did not take ({@link #publish()} returned false). */
    long dropped();

    /** Ends the link; the output buffer goes on as before. */
    @Override
    void close();
}
