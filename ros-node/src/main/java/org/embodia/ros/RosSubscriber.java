package org.embodia.ros;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A topic this node subscribes to: it connects to every publisher the master names, and again when they come back.
 * Messages reach the handler given at subscription, if any, and {@link #poll()}.
 *
 * @param <M> the message type
 */
@ProviderType
public interface RosSubscriber<M extends Message<M>> extends AutoCloseable {
    /** The resolved topic name. */
    String topic();

    MessageType<M> type();

    /**
     * The newest message received since the last call, or null if none: never waits, allocates nothing. The
     * message returned belongs to the subscriber and stays unchanged until the next call. One thread at a time.
     */
    M poll();

    /** How many publishers it is connected to now. */
    int publisherCount();

    /** How many messages it has received. */
    long receivedCount();

    /** Unregisters the subscription and closes its connections. */
    @Override
    void close();
}
