package org.embodia.api.buffer;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * An output buffer. A behaviour fills the preallocated {@link #message()} and calls {@link #send()};
 * an iteration that does not send leaves the readers with their old message, which is the spec's
 * dash ("not assigned a value, hence not sent").
 *
 * @param <M> the message type
 */
public final class OutputBuffer<M extends Message<M>> {
    private final String name;
    private final Class<M> type;
    private final M message;
    @SuppressWarnings("unchecked")
    private volatile InputBuffer<M>[] readers = new InputBuffer[0];
    private long sent;

    public OutputBuffer(String name, Class<M> type, Supplier<M> factory) {
        this.name = name;
        this.type = type;
        this.message = factory.get();
    }

    public String name() {
        return name;
    }

    public Class<M> type() {
        return type;
    }

    /** The preallocated message to fill before {@link #send()}. Its content persists between iterations. */
    public M message() {
        return message;
    }

    /** Sends the current content of {@link #message()} to every connected input buffer. */
    public void send() {
        for (InputBuffer<M> reader : readers) {
            reader.deliver(message);
        }
        sent++;
    }

    /** Copies {@code source} into {@link #message()} and sends it. */
    public void write(M source) {
        message.copyFrom(source);
        send();
    }

    /** How many times this buffer has sent, since it was created. */
    public long sentCount() {
        return sent;
    }

    /**
     * Connects an input buffer of the same message type. Not for the real-time path.
     *
     * @throws IllegalArgumentException if the types differ
     * @throws IllegalStateException if the input already has another writer
     */
    public synchronized void connect(InputBuffer<M> input) {
        if (input.type() != type) {
            throw new IllegalArgumentException("cannot connect output '" + name + "' (" + type.getName()
                    + ") to input '" + input.name() + "' (" + input.type().getName() + ")");
        }
        input.attach(this);
        InputBuffer<M>[] current = readers;
        if (Arrays.asList(current).contains(input)) {
            return;
        }
        InputBuffer<M>[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = input;
        readers = grown;
    }

    /** Disconnects an input buffer; it keeps its last message. Not for the real-time path. */
    public synchronized void disconnect(InputBuffer<M> input) {
        readers = Arrays.stream(readers).filter(r -> r != input).toArray(n -> Arrays.copyOf(readers, n));
        input.detach(this);
    }
}
