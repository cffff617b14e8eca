package org.embodia.ros.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.embodia.ros.Message;
import org.embodia.ros.MessageHandler;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosException;
import org.embodia.ros.RosSubscriber;

/**
 * A subscribed topic: one connection, with its thread, to each publisher the master names; a connection that
 * breaks is made again while its publisher is still named. Messages go to the handler, one at a time, and into a
 * triple buffer for {@link #poll()}.
 */
final class Subscription<M extends Message<M>> implements RosSubscriber<M> {
    private static final System.Logger LOG = System.getLogger(Subscription.class.getName());
    private static final long MAX_BACKOFF_MS = 5000;

    private final Node node;
    private final String topic;
    private final MessageType<M> type;
    private final MessageHandler<M> handler;
    private final boolean tcpNoDelay;
    private final Object deliverLock = new Object();
    private final TripleBuffer<M> latest;
    private final Map<String, SubConnection> connections = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private volatile long received;

    Subscription(Node node, String topic, MessageType<M> type, MessageHandler<M> handler, boolean tcpNoDelay) {
        this.node = node;
        this.topic = topic;
        this.type = type;
        this.handler = handler;
        this.tcpNoDelay = tcpNoDelay;
        this.latest = new TripleBuffer<>(type.create(), type.create(), type.create());
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public MessageType<M> type() {
        return type;
    }

    @Override
    public M poll() {
        return latest.take();
    }

    @Override
    public int publisherCount() {
        int n = 0;
        for (SubConnection c : connections.values()) {
            if (c.connected) {
                n++;
            }
        }
        return n;
    }

    @Override
    public long receivedCount() {
        return received;
    }

    Collection<SubConnection> connectionList() {
        return connections.values();
    }

    @Override
    public void close() {
        node.removeSubscription(this);
        shutdown();
    }

    void shutdown() {
        synchronized (this) {
            closed = true;
        }
        for (SubConnection c : connections.values()) {
            c.close();
        }
        connections.clear();
    }

    /**
     * The publishers the master names now. An authoritative list (publisherUpdate's, or the answer to the first
     * registration) ends the connections to publishers it does not name. The answer to registering again with a
     * restarted master is not: a publisher that has not registered again there (rospy and roscpp nodes do not)
     * keeps its connection while it lasts, but it is not made again once it breaks.
     */
    synchronized void updatePublishers(List<?> uris, boolean authoritative) {
        if (closed) {
            return;
        }
        Set<String> named = new HashSet<>();
        for (Object u : uris) {
            named.add(String.valueOf(u));
        }
        for (Map.Entry<String, SubConnection> e : connections.entrySet()) {
            if (!named.contains(e.getKey())) {
                if (authoritative) {
                    e.getValue().close();
                    connections.remove(e.getKey());
                } else {
                    e.getValue().retry = false;
                }
            }
        }
        for (String uri : named) {
            SubConnection existing = connections.get(uri);
            if (existing != null) {
                existing.retry = true;
            } else {
                SubConnection c = new SubConnection(uri, node.nextConnectionId());
                connections.put(uri, c);
                c.thread.start();
            }
        }
    }

    /** Whether a connection whose publisher broke it is to be made again; if not, it is forgotten. */
    private synchronized boolean reconnects(SubConnection c) {
        if (c.stopped || !c.retry || closed) {
            connections.remove(c.publisherUri, c);
            return false;
        }
        return true;
    }

    private void deliver(M message) {
        synchronized (deliverLock) {
            received++;
            // Polled first: a handler that signals a waiting reader must find the message there.
            latest.back().copyFrom(message);
            latest.publish();
            if (handler != null) {
                try {
                    handler.onMessage(message);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.ERROR, topic + ": the message handler failed", e);
                }
            }
        }
    }

    /** The connection to one publisher, made again after it breaks while the publisher is still named. */
    final class SubConnection {
        final String publisherUri;
        final int id;
        final Thread thread;
        private final M message = type.create();
        private ByteBuffer buffer = Frames.allocate(256);
        private volatile Socket socket;
        private volatile boolean stopped;
        /** Whether the connection is made again after it breaks: its publisher is still named. */
        volatile boolean retry = true;
        volatile boolean connected;
        volatile long bytesReceived;
        volatile String publisherId = "";
        private String lastRefusal;

        SubConnection(String publisherUri, int id) {
            this.publisherUri = publisherUri;
            this.id = id;
            this.thread = new Thread(this::run, "ros " + node.name() + " subscribe " + topic + " from " + publisherUri);
            thread.setDaemon(true);
        }

        String topic() {
            return topic;
        }

        private void run() {
            long backoff = 250;
            while (!stopped) {
                try {
                    if (receive()) {
                        backoff = 250;
                    }
                } catch (IOException | RuntimeException e) {
                    if (!stopped) {
                        LOG.log(System.Logger.Level.DEBUG, "{0}: publisher {1}: {2}", topic, publisherUri, e);
                    }
                } finally {
                    connected = false;
                    closeSocket();
                }
                if (!reconnects(this)) {
                    break;
                }
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException e) {
                    break;
                }
                backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
            }
        }

        /** Connects and reads until the connection ends; whether any message came. */
        private boolean receive() throws IOException {
            XmlRpcClient.RosAnswer answer = node.rpc().rosCall(URI.create(publisherUri), Duration.ofSeconds(10),
                    "requestTopic", node.name(), topic, List.of(List.of("TCPROS")));
            if (answer.code() != 1 || !(answer.value() instanceof List<?> protocol) || protocol.size() < 3
                    || !"TCPROS".equals(protocol.get(0))) {
                throw new IOException("publisher " + publisherUri + " answered requestTopic with " + answer);
            }
            String host = String.valueOf(protocol.get(1));
            int port = ((Number) protocol.get(2)).intValue();
            Socket s = new Socket();
            socket = s;
            if (stopped) {
                s.close();
                return false;
            }
            s.connect(new InetSocketAddress(host, port), 5000);
            s.setTcpNoDelay(tcpNoDelay);
            Map<String, String> header = new LinkedHashMap<>();
            header.put("callerid", node.name());
            header.put("topic", topic);
            header.put("md5sum", type.md5sum());
            header.put("type", type.name());
            header.put("message_definition", type.definition());
            header.put("tcp_nodelay", tcpNoDelay ? "1" : "0");
            ConnectionHeader.write(s.getOutputStream(), header);
            InputStream in = s.getInputStream();
            Map<String, String> reply = ConnectionHeader.read(in);
            if (reply.containsKey("error")) {
                if (!reply.get("error").equals(lastRefusal)) {
                    lastRefusal = reply.get("error");
                    LOG.log(System.Logger.Level.WARNING, "{0}: publisher {1} refused the connection: {2}", topic,
                            publisherUri, lastRefusal);
                }
                throw new RosException("publisher " + publisherUri + " refused: " + reply.get("error"));
            }
            String md5 = reply.getOrDefault("md5sum", "*");
            if (!md5.equals("*") && !md5.equals(type.md5sum())) {
                throw new RosException("publisher " + publisherUri + " sends " + reply.get("type") + " [" + md5
                        + "], not " + type);
            }
            publisherId = reply.getOrDefault("callerid", publisherUri);
            connected = true;
            boolean any = false;
            while (!stopped) {
                buffer = Frames.read(in, buffer);
                bytesReceived += 4 + buffer.limit();
                message.deserialize(buffer);
                any = true;
                deliver(message);
            }
            return any;
        }

        void close() {
            stopped = true;
            closeSocket();
            thread.interrupt();
        }

        private void closeSocket() {
            Socket s = socket;
            if (s != null) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing
                }
            }
        }
    }
}
