package org.embodia.transport;

import org.osgi.annotation.versioning.ProviderType;

/** The reader's side of a buffer whose writer runs in another process. */
@ProviderType
public interface RemoteReader extends AutoCloseable {

    /**
     * Before the reader receives: delivers to the input buffer what the writer's process published since the last
     * poll, the newest last (the input buffer keeps the newest, as it does in one process). Neither waits, locks nor
     * allocates.
     *
     * @return how many messages arrived
     */
    int poll();

    /** Whether a writer is connected. */
    boolean connected();

    /** Messages delivered so far. */
    long received();

    /** Messages of the wrong size, from a writer of another message type or version: dropped, never delivered. */
    long malformed();

    /** Ends the link; the input buffer keeps its last message. */
    @Override
    void close();
}
