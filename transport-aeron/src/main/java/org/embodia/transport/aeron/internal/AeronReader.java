package org.embodia.transport.aeron.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Supplier;

import org.agrona.DirectBuffer;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.TransportException;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;

/**
 * A link's reader side: each message polled is copied into a preallocated frame, decoded into the message of an
 * output buffer of the link's own and sent to the input buffer, which keeps the newest for the reader's next receive.
 */
final class AeronReader<M extends WireMessage<M>> implements RemoteReader, FragmentHandler {
    /**
     * The most messages one poll delivers: more than a link's log holds of the smallest message, so a reader that
     * was held up gets all that waited, yet a writer that floods cannot keep it polling for ever.
     */
    static final int MOST_PER_POLL = 4096;
    private static final int FRAGMENTS_PER_CALL = 64;

    private final InputBuffer<M> input;
    private final OutputBuffer<M> delivery;
    private final Subscription subscription;
    /** Reassembles a message larger than one frame; its own buffer grows once, to the largest. */
    private final FragmentAssembler assembler = new FragmentAssembler(this);
    private final ByteBuffer bytes;
    private final int size;
    private int delivered;
    private long received;
    private long malformed;

    AeronReader(Aeron aeron, String channel, int stream, InputBuffer<M> input, Supplier<M> factory) {
        this.input = input;
        this.delivery = new OutputBuffer<>(input.name(), input.type(), factory);
        this.size = delivery.message().wireSize();
        this.bytes = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN);
        try {
            delivery.connect(input);
        } catch (IllegalStateException e) {
            throw new TransportException("buffer '" + input.name() + "' has a writer in this process, so none can reach it from another: "
                    + e.getMessage(), e);
        }
        try {
            subscription = aeron.addSubscription(channel, stream);
        } catch (RuntimeException e) {
            delivery.disconnect(input);
            throw new TransportException("cannot subscribe buffer '" + input.name() + "' to " + channel + " stream " + stream + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public int poll() {
        delivered = 0;
        int fragments;
        int total = 0;
        do {
            fragments = subscription.poll(assembler, FRAGMENTS_PER_CALL);
            total += fragments;
        } while (fragments > 0 && total < MOST_PER_POLL);
        return delivered;
    }

    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        if (length != size) {
            malformed++;
            return;
        }
        buffer.getBytes(offset, bytes, 0, length);
        bytes.clear();
        delivery.message().read(bytes);
        delivery.send();
        delivered++;
        received++;
    }

    @Override
    public boolean connected() {
        return subscription.isConnected();
    }

    @Override
    public long received() {
        return received;
    }

    @Override
    public long malformed() {
        return malformed;
    }

    @Override
    public void close() {
        subscription.close();
        delivery.disconnect(input);
    }
}
