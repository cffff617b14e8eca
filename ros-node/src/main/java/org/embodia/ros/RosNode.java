package org.embodia.ros;

import java.net.InetAddress;
import java.net.URI;
import java.util.Map;

import org.embodia.ros.internal.Node;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A ROS 1 node: it serves the Slave API over XML-RPC and TCPROS on {@code host}, registers its topics and services
 * with the master, and watches the master (its {@code getPid} every second): when the master stops answering and
 * one answers again, or another process answers, the node registers everything again.
 *
 * <p>Names: a name starting with '/' is global; "~x" is private to the node ("/node/x"); any other is taken in the
 * root namespace ("x" is "/x").
 */
@ProviderType
public interface RosNode extends AutoCloseable {
    /**
     * Starts a node named {@code name} ("/" added if missing) with the master at {@code masterUri}, serving on
     * {@code host}'s address (ports chosen by the system).
     *
     * @throws RosException when no ROS master answers at {@code masterUri}
     */
    static RosNode start(URI masterUri, String name, InetAddress host) {
        return Node.start(masterUri, name, host);
    }

    /** The node's resolved name, e.g. "/embodia". */
    String name();

    /** The master's URI. */
    URI masterUri();

    /** The URI of this node's Slave API. */
    URI uri();

    /** Whether the master answered the last time it was asked. */
    boolean isMasterReachable();

    /** How many times the node has registered everything again with a restarted master. */
    int reregistrations();

    /**
     * Advertises {@code topic}. A latched topic sends the last message published to each subscriber that connects.
     *
     * @throws IllegalStateException when this node already publishes the topic
     */
    <M extends Message<M>> RosPublisher<M> advertise(String topic, MessageType<M> type, boolean latch);

    /** Subscribes to {@code topic} with TCP_NODELAY requested; {@code handler} may be null (then poll). */
    default <M extends Message<M>> RosSubscriber<M> subscribe(String topic, MessageType<M> type,
            MessageHandler<M> handler) {
        return subscribe(topic, type, handler, true);
    }

    /**
     * Subscribes to {@code topic}; {@code handler} may be null (then poll).
     *
     * @param tcpNoDelay asks the publishers for TCP_NODELAY
     * @throws IllegalStateException when this node already subscribes to the topic
     */
    <M extends Message<M>> RosSubscriber<M> subscribe(String topic, MessageType<M> type, MessageHandler<M> handler,
            boolean tcpNoDelay);

    /**
     * Serves {@code service} with {@code handler}.
     *
     * @throws IllegalStateException when this node already serves the service
     */
    <Q extends Message<Q>, R extends Message<R>> RosServiceServer advertiseService(String service,
            ServiceType<Q, R> type, ServiceHandler<Q, R> handler);

    /** A client of {@code service}. */
    <Q extends Message<Q>, R extends Message<R>> RosServiceClient<Q, R> serviceClient(String service,
            ServiceType<Q, R> type);

    /**
     * Runs an actionlib action server: it subscribes to {@code <name>/goal} and {@code <name>/cancel}, advertises
     * {@code <name>/status} (latched; at 5 Hz and on every change, as actionlib's server), {@code <name>/feedback} and
     * {@code <name>/result}, and keeps each goal's state as actionlib's server does: goals without an id get one,
     * cancel requests go by id, by stamp (every goal stamped at or before it, and goals arriving later with such a
     * stamp) or to all goals (empty id, zero stamp), and ended goals stay in the status list for 5 s.
     *
     * <p>{@code handler} hears of each goal and cancel request on the server's own thread ({@link ActionHandler}).
     * Results and feedback are queued for each client, none dropped while the client keeps up. A goal or cancel
     * request that does not deserialize is logged and dropped.
     *
     * @throws IllegalStateException when this node already publishes or subscribes to one of the action's topics
     * @since 1.1
     */
    <G extends Message<G>, R extends Message<R>, F extends Message<F>> RosActionServer actionServer(String name,
            ActionType<G, R, F> type, ActionHandler<G, R, F> handler);

    /** The master's published topics under {@code subgraph} ("" for all): topic name to type name. */
    Map<String, String> publishedTopics(String subgraph);

    /** The master's process id. */
    int masterPid();

    /** Whether the node is closed: by {@link #close()}, or by the Slave API's shutdown (rosnode kill). */
    boolean isClosed();

    /** Resolves a topic or service name as this node does. */
    String resolve(String name);

    /** Unregisters everything, closes all connections and stops the node's threads. */
    @Override
    void close();
}
