package org.embodia.transport.aeron.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Supplier;

import org.agrona.concurrent.UnsafeBuffer;
import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.TransportException;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;

/**
 * A link's writer side: an input buffer of the link's own, connected to the output buffer, tells {@link #publish()}
 * whether the pass sent anything, and holds what it sent; that is encoded once into a preallocated frame and offered
 * to an exclusive publication (one writer, as a buffer has).
 */
final class AeronWriter<M extends WireMessage<M>> implements RemoteWriter {
    private final OutputBuffer<M> output;
    private final InputBuffer<M> sent;
    private final ExclusivePublication publication;
    private final ByteBuffer bytes;
    private final UnsafeBuffer frame;
    private final int size;
    private long published;
    private long dropped;

    AeronWriter(Aeron aeron, String channel, int stream, OutputBuffer<M> output, Supplier<M> factory) {
        this.output = output;
        this.size = factory.get().wireSize();
        this.sent = new InputBuffer<>(output.name(), output.type(), factory);
        this.bytes = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN);
        this.frame = new UnsafeBuffer(bytes);
        try {
            publication = aeron.addExclusivePublication(channel, stream);
        } catch (RuntimeException e) {
            throw new TransportException("cannot publish buffer '" + output.name() + "' on " + channel + " stream " + stream + ": "
                    + e.getMessage(), e);
        }
        if (size > publication.maxMessageLength()) {
            publication.close();
            throw new TransportException("buffer '" + output.name() + "': a " + output.type().getSimpleName() + " is " + size
                    + " bytes, more than the " + publication.maxMessageLength() + " one message may take on " + channel);
        }
        output.connect(sent);
    }

    @Override
    public boolean publish() {
        if (sent.receive() != Freshness.NEW_DATA) {
            return true;
        }
        bytes.clear();
        sent.get().write(bytes);
        long result = publication.offer(frame, 0, size);
        if (result == Publication.ADMIN_ACTION) {
            // The log moved on to its next term: Aeron asks for the offer again, and it goes through.
            result = publication.offer(frame, 0, size);
        }
        if (result > 0) {
            published++;
            return true;
        }
        dropped++;
        return false;
    }

    @Override
    public boolean connected() {
        return publication.isConnected();
    }

    @Override
    public long published() {
        return published;
    }

    @Override
    public long dropped() {
        return dropped;
    }

    @Override
    public void close() {
        output.disconnect(sent);
        publication.close();
    }
}
