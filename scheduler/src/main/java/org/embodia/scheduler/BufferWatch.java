package org.embodia.scheduler;

import org.embodia.api.buffer.Message;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A reader of one buffer's messages outside the loop, for a view or a bridge. It taps the output that writes the
 * buffer with an input buffer of its own, so the loop's one cost is copying each message it sends into the tap's
 * triple buffer: no lock, no allocation. It follows the writer when a swap replaces it. One thread reads a watch.
 *
 * @since 1.8
 */
@ProviderType
public interface BufferWatch extends AutoCloseable {
    String subsystem();

    String buffer();

    /**
     * The newest message, or null before the first (or while no running subsystem writes the buffer). It stays the
     * same object, unchanged, until the next call.
     */
    Message<?> latest();

    /**
     * The {@link System#nanoTime()} at which the loop sent the message {@link #latest()} returned; 0 before any. A
     * bridge stamps what it forwards with it, so its readers can tell the age of the data.
     *
     * @since 1.9
     */
    long sentNanos();

    /** Messages taken by {@link #latest()} so far: a reader sees a new one when this grows. */
    long received();

    /** Leaves the writer. */
    @Override
    void close();
}
