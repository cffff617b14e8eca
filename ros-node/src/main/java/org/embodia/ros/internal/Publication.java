package org.embodia.ros.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosPublisher;

/**
 * A published topic. {@link #publish} copies into a triple buffer and unparks the topic's sender thread, which
 * serializes the newest message once and hands the frame to each connection's own triple buffer; each connection's
 * thread writes the newest frame it has, so a slow subscriber delays no one else.
 */
final class Publication<M extends Message<M>> implements RosPublisher<M> {
    private static final System.Logger LOG = System.getLogger(Publication.class.getName());
    private static final PubConnection[] NONE = new PubConnection[0];

    private final Node node;
    private final String topic;
    private final MessageType<M> type;
    private final boolean latch;
    private final TripleBuffer<M> handOver;
    private final Thread sender;
    private final ConcurrentLinkedQueue<PubConnection> joining = new ConcurrentLinkedQueue<>();
    /** The connections the sender serves; written by the sender thread only. */
    private volatile PubConnection[] connections = NONE;
    private volatile boolean closed;
    private volatile long messagesSent;
    /** The sender's: the newest frame, length-prefixed, from 0 to its limit. */
    private ByteBuffer frame = Frames.allocate(256);
    private boolean hasFrame;

    Publication(Node node, String topic, MessageType<M> type, boolean latch) {
        this.node = node;
        this.topic = topic;
        this.type = type;
        this.latch = latch;
        this.handOver = new TripleBuffer<>(type.create(), type.create(), type.create());
        this.sender = new Thread(this::sendLoop, "ros " + node.name() + " publish " + topic);
        sender.setDaemon(true);
    }

    void start() {
        sender.start();
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
    public boolean isLatched() {
        return latch;
    }

    @Override
    public void publish(M message) {
        if (closed) {
            return;
        }
        handOver.back().copyFrom(message);
        handOver.publish();
        LockSupport.unpark(sender);
    }

    @Override
    public int subscriberCount() {
        int n = 0;
        for (PubConnection c : connections) {
            if (!c.closed) {
                n++;
            }
        }
        return n;
    }

    long messagesSent() {
        return messagesSent;
    }

    List<PubConnection> connectionList() {
        return List.of(connections);
    }

    @Override
    public void close() {
        node.removePublication(this);
        shutdown();
    }

    void shutdown() {
        closed = true;
        LockSupport.unpark(sender);
        for (PubConnection c : connections) {
            c.close();
        }
        PubConnection c;
        while ((c = joining.poll()) != null) {
            c.close();
        }
    }

    /**
     * A subscriber's connection, its header read: refuses it with the reason in the header's error field, as ROS
     * does, or answers and serves it on this thread until it closes.
     */
    void serve(Socket socket, Map<String, String> header, int connectionId) throws IOException {
        OutputStream out = socket.getOutputStream();
        String md5 = header.getOrDefault("md5sum", "");
        String error = null;
        if (closed) {
            error = "[" + node.name() + "] no longer publishes [" + topic + "]";
        } else if (!md5.equals("*") && !md5.equals(type.md5sum())) {
            String requestedType = header.getOrDefault("type", type.name());
            error = !requestedType.equals(type.name())
                    ? "topic types do not match: [" + requestedType + "] vs. [" + type.name() + "]"
                    : "Client [" + header.get("callerid") + "] wants topic [" + topic + "] to have datatype/md5sum ["
                            + requestedType + "/" + md5 + "], but our version has [" + type.name() + "/"
                            + type.md5sum() + "] Dropping connection.";
        }
        if (error != null) {
            LOG.log(System.Logger.Level.WARNING, "{0}: refused a subscriber: {1}", topic, error);
            ConnectionHeader.write(out, Map.of("error", error));
            socket.close();
            return;
        }
        socket.setTcpNoDelay("1".equals(header.getOrDefault("tcp_nodelay", "0").strip()));
        Map<String, String> reply = new LinkedHashMap<>();
        reply.put("callerid", node.name());
        reply.put("md5sum", type.md5sum());
        reply.put("type", type.name());
        reply.put("latching", latch ? "1" : "0");
        reply.put("message_definition", type.definition());
        reply.put("topic", topic);
        ConnectionHeader.write(out, reply);
        PubConnection connection = new PubConnection(topic, sender, socket, header.getOrDefault("callerid", "?"), connectionId);
        joining.add(connection);
        LockSupport.unpark(sender);
        if (closed) {
            connection.close();
        }
        connection.run();
    }

    private void sendLoop() {
        while (!closed) {
            M message = handOver.take();
            if (message != null) {
                try {
                    int size = message.serializedSize();
                    frame = Frames.ensure(frame, 4 + size);
                    frame.clear();
                    frame.putInt(size);
                    message.serialize(frame);
                    frame.flip();
                    hasFrame = true;
                    messagesSent++;
                    for (PubConnection c : connections) {
                        c.offer(frame);
                    }
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.ERROR, topic + ": a " + type.name() + " did not serialize", e);
                }
            }
            admitAndPrune();
            if (!handOver.hasNew() && joining.isEmpty() && !closed) {
                LockSupport.park(this);
            }
        }
    }

    private void admitAndPrune() {
        PubConnection[] current = connections;
        boolean changed = false;
        for (PubConnection c : current) {
            changed |= c.closed;
        }
        if (!changed && joining.isEmpty()) {
            return;
        }
        List<PubConnection> next = new ArrayList<>(current.length + 1);
        for (PubConnection c : current) {
            if (!c.closed) {
                next.add(c);
            }
        }
        PubConnection c;
        while ((c = joining.poll()) != null) {
            next.add(c);
            if (latch && hasFrame) {
                c.offer(frame);
            }
        }
        connections = next.toArray(NONE);
    }

    /** One subscriber: a thread writing the newest frame handed to it. */
    static final class PubConnection {
        final String topic;
        final Thread sender;
        final Socket socket;
        final String callerId;
        final int id;
        private final TripleBuffer<ByteBuffer> frames =
                new TripleBuffer<>(Frames.allocate(256), Frames.allocate(256), Frames.allocate(256));
        private volatile Thread thread;
        volatile boolean closed;
        volatile long bytesSent;
        volatile long messages;

        PubConnection(String topic, Thread sender, Socket socket, String callerId, int id) {
            this.topic = topic;
            this.sender = sender;
            this.socket = socket;
            this.callerId = callerId;
            this.id = id;
        }

        /** Called by the sender: copies the frame (0 to its limit) and wakes the writer. */
        void offer(ByteBuffer source) {
            int length = source.limit();
            ByteBuffer b = frames.back();
            if (b.capacity() < length) {
                b = Frames.ensure(b, length);
                frames.replaceBack(b);
            }
            b.clear();
            b.put(0, source, 0, length);
            b.limit(length);
            frames.publish();
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        void run() {
            thread = Thread.currentThread();
            try {
                OutputStream out = socket.getOutputStream();
                while (!closed) {
                    ByteBuffer f = frames.take();
                    if (f == null) {
                        LockSupport.park(this);
                        continue;
                    }
                    Frames.write(out, f);
                    bytesSent += f.limit();
                    messages++;
                }
            } catch (IOException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.DEBUG, "{0}: subscriber {1} left: {2}", topic, callerId, e);
                }
            } finally {
                close();
                LockSupport.unpark(sender);
            }
        }

        void close() {
            closed = true;
            try {
                socket.close();
            } catch (IOException e) {
                // closing
            }
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }
}
