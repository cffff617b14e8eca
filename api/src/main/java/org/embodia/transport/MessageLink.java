package org.embodia.transport;

import java.nio.ByteBuffer;
import java.util.function.Consumer;

import org.osgi.annotation.versioning.ProviderType;

/** One side of a two-way link of whole messages between two processes ({@link MessageTransport#link}). */
@ProviderType
public interface MessageLink extends AutoCloseable {

    /**
     * Sends the bytes from {@code message}'s position to its limit as one message, in order after those sent before.
     *
     * @return false when it could not go: no receiver is connected, or the receiver is this far behind
     * @throws TransportException if the message is longer than the channel takes
     */
    boolean send(ByteBuffer message);

    /**
     * Hands each message that arrived since the last poll, whole, to {@code handler}, at most {@code limit} of them; the
     * buffer is valid only during the call. Does not wait.
     *
     * @return how many messages were handed over
     */
    int poll(Consumer<ByteBuffer> handler, int limit);

    /** Whether both directions are connected: the other side receives what this one sends, and sends to it. */
    boolean connected();

    /** The longest message {@link #send} takes, bytes. */
    int maxMessageLength();

    /** Ends this side of the link. */
    @Override
    void close();
}
