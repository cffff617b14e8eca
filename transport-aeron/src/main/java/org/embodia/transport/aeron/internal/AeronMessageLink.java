package org.embodia.transport.aeron.internal;

import java.nio.ByteBuffer;
import java.util.function.Consumer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.embodia.transport.MessageLink;
import org.embodia.transport.TransportException;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;

/**
 * A two-way message link: an exclusive publication to send (one sender per side) and a subscription whose fragments
 * Aeron's assembler joins back into whole messages.
 */
final class AeronMessageLink implements MessageLink {
    private final ExclusivePublication publication;
    private final Subscription subscription;
    private final UnsafeBuffer outgoing = new UnsafeBuffer(0, 0);
    private final FragmentAssembler assembler;
    private Consumer<ByteBuffer> handler;

    AeronMessageLink(Aeron aeron, String channel, int sendStream, int receiveStream) {
        try {
            publication = aeron.addExclusivePublication(channel, sendStream);
        } catch (RuntimeException e) {
            throw new TransportException("cannot send on " + channel + " stream " + sendStream + ": " + e.getMessage(), e);
        }
        try {
            subscription = aeron.addSubscription(channel, receiveStream);
        } catch (RuntimeException e) {
            publication.close();
            throw new TransportException("cannot receive on " + channel + " stream " + receiveStream + ": " + e.getMessage(), e);
        }
        FragmentHandler whole = (DirectBuffer buffer, int offset, int length, Header header) -> {
            ByteBuffer bytes = ByteBuffer.allocate(length);
            buffer.getBytes(offset, bytes, length);
            bytes.flip();
            handler.accept(bytes);
        };
        assembler = new FragmentAssembler(whole);
    }

    @Override
    public boolean send(ByteBuffer message) {
        int length = message.remaining();
        if (length > publication.maxMessageLength()) {
            throw new TransportException("a message of " + length + " bytes is longer than the " + publication.maxMessageLength()
                    + " the channel " + publication.channel() + " takes");
        }
        if (message.hasArray()) {
            outgoing.wrap(message.array(), message.arrayOffset() + message.position(), length);
        } else {
            outgoing.wrap(message, message.position(), length);
        }
        long result = publication.offer(outgoing, 0, length);
        if (result == Publication.ADMIN_ACTION) {
            result = publication.offer(outgoing, 0, length);
        }
        return result > 0;
    }

    @Override
    public int poll(Consumer<ByteBuffer> handler, int limit) {
        this.handler = handler;
        try {
            return subscription.poll(assembler, limit);
        } finally {
            this.handler = null;
        }
    }

    @Override
    public boolean connected() {
        return publication.isConnected() && subscription.isConnected();
    }

    @Override
    public int maxMessageLength() {
        return publication.maxMessageLength();
    }

    @Override
    public void close() {
        subscription.close();
        publication.close();
    }
}
