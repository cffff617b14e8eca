package org.embodia.ros;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A topic this node publishes. {@link #publish} copies the message into a hand-over slot and returns at once;
 * the publisher's own thread sends the newest message to each subscriber, so a message published before the last
 * one was sent is replaced by it (newest wins).
 *
 * @param <M> the message type
 */
@ProviderType
public interface RosPublisher<M extends Message<M>> extends AutoCloseable {
    /** The resolved topic name. */
    String topic();

    MessageType<M> type();

    boolean isLatched();

    /**
     * Copies {@code message} for sending and returns: never waits for the network nor for a lock a network thread
     * holds, and allocates nothing once the hand-over slots have grown to the message's size. One thread at a time.
     */
    void publish(M message);

    /** How many subscribers are connected now. */
    int subscriberCount();

    /** Unregisters the topic and closes its connections. */
    @Override
    void close();
}
