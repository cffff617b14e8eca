package org.embodia.ros;

/**
 * Receives a subscriber's messages, on the subscriber's network thread, one call at a time.
 *
 * @param <M> the message type
 */
@FunctionalInterface
public interface MessageHandler<M extends Message<M>> {
    /**
     * Called for each message received. {@code message} belongs to the subscriber and is reused for the next one:
     * copy what is kept. A handler that takes long delays the next messages of this subscriber.
     */
    void onMessage(M message);
}
