package org.embodia.transport;

import java.util.function.Supplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Links a buffer's writer in one process to its reader in another. A link is a channel and a stream: both processes
 * name the same ones, the writer's side with {@link #writer}, the reader's with {@link #reader}. Making a link is not
 * for the real-time path; using it is.
 */
@ProviderType
public interface BufferTransport {

    /**
     * The writer's side: what {@code output} sends goes to the reader's process when {@link RemoteWriter#publish()} is
     * called, after the writer's pass.
     *
     * @param channel the transport's channel, e.g. {@code aeron:ipc} on one machine
     * @param stream the link's number on that channel
     * @param factory makes the messages the link keeps (its copy of what {@code output} sent)
     * @throws TransportException if the link cannot be made
     */
    <M extends WireMessage<M>> RemoteWriter writer(String channel, int stream, OutputBuffer<M> output, Supplier<M> factory);

    /**
     * The reader's side: what the writer's process published reaches {@code input} when {@link RemoteReader#poll()} is
     * called, before the reader's {@link InputBuffer#receive()}. {@code input} must have no writer in this process.
     *
     * @param factory makes the messages the link keeps (what it decodes before delivering)
     * @throws TransportException if the link cannot be made
     */
    <M extends WireMessage<M>> RemoteReader reader(String channel, int stream, InputBuffer<M> input, Supplier<M> factory);
}
