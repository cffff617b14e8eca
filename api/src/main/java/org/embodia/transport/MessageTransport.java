package org.embodia.transport;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Messages of any length between two processes, over the same transport as the buffers: what a process outside the
 * agent's cycle (a dynamic agent in a process of its own, say) and the agent say to each other. Not for the real-time
 * path: a message is copied into a link's log and out of it, and its length is the sender's.
 */
@ProviderType
public interface MessageTransport {

    /**
     * One side of a two-way link: what this side sends on {@code sendStream} the other side receives on its
     * {@code receiveStream}, and the other way round; the other side names the two streams swapped.
     *
     * @param channel the transport's channel, e.g. {@code aeron:ipc} on one machine; its parameters bound the length
     *        of a message
     * @throws TransportException if the link cannot be made
     */
    MessageLink link(String channel, int sendStream, int receiveStream);

    /**
     * What a process on this machine is given to reach the same transport, e.g. the Aeron media driver's directory.
     */
    String connection();
}
