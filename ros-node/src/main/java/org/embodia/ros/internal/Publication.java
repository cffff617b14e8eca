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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosPublisher;

/**
 * A published topic. {@link #publish} copies into a triple buffer and unparks the topic's sender thread, which
 * serializes the newest message once and hands the frame to each connection's own triple buffer; each connection's
 * thread writes the newest frame it has, so a slow subscriber delays no one else.
 *
 * <p>A queued publication (an action server's results and feedback, where each message counts) serializes each
 * message in {@link #publish} instead and queues the frame for every connection, up to {@link #QUEUE_LIMIT} frames
 * behind, after which a connection's oldest frames are dropped.
 */
final class Publication<M extends Message<M>> implements RosPublisher<M> {
    private static final System.Logger LOG = System.getLogger(Publication.class.getName());
    private static final PubConnection[] NONE = new PubConnection[0];
    /** How many frames a queued publication keeps for a subscriber that does not keep up, as rospy's queue_size. */
    static final int QUEUE_LIMIT = 1000;

    private final Node node;
    private final String topic;
    private final MessageType<M> type;
    private final boolean latch;
    private final boolean queued;
    private final TripleBuffer<M> handOver;
    /** A queued publication's frames, serialized by publish, for the sender. */
    private final ConcurrentLinkedQueue<ByteBuffer> frames = new ConcurrentLinkedQueue<>();
    private final Thread sender;
    private final ConcurrentLinkedQueue<PubConnection> joining = new ConcurrentLinkedQueue<>();
    /** The connections the sender serves; written by the sender thread only. */
    private volatile PubConnection[] connections = NONE;
    private volatile boolean closed;
    private volatile long messagesSent;
    /** The sender's: the newest frame, length-prefixed, from 0 to its limit. */
    private ByteBuffer frame = Frames.allocate(256);
    private boolean hasFrame;

    Publication(Node node, String topic, MessageType<M> type, boolean latch, boolean queued) {
        this.node = node;
        this.topic = topic;
        this.type = type;
        this.latch = latch;
        this.queued = queued;
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
        if (queued) {
            int size = message.serializedSize();
            ByteBuffer f = Frames.allocate(4 + size);
            f.putInt(size);
            message.serialize(f);
            frames.add(f.flip());
        } else {
            handOver.back().copyFrom(message);
            handOver.publish();
        }
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
        PubConnection connection = new PubConnection(topic, sender, socket, header.getOrDefault("callerid", "?"),
                connectionId, queued);
        // joins before the subscriber has the header: a message it asks for once connected (an action's result for
        // the goal it sends) is published after the connection is among those the sender serves
        joining.add(connection);
        LockSupport.unpark(sender);
        try {
            ConnectionHeader.write(out, reply);
        } catch (IOException e) {
            connection.close();
            throw e;
        }
        if (closed) {
            connection.close();
        }
        connection.run();
    }

    private void sendLoop() {
        while (!closed) {
            if (queued) {
                sendQueued();
                continue;
            }
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

    /** A queued publication's turn: admits connections first, so that each frame reaches all that have joined. */
    private void sendQueued() {
        admitAndPrune();
        ByteBuffer f;
        while ((f = frames.poll()) != null) {
            frame = f;
            hasFrame = true;
            messagesSent++;
            for (PubConnection c : connections) {
                c.offer(f);
            }
        }
        if (frames.isEmpty() && joining.isEmpty() && !closed) {
            LockSupport.park(this);
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
        private final TripleBuffer<ByteBuffer> frames;
        /** A queued connection's frames, shared with the others' queues and never changed. */
        private final ConcurrentLinkedQueue<ByteBuffer> queue;
        private final AtomicInteger queueLength = new AtomicInteger();
        private boolean dropReported;
        private volatile Thread thread;
        volatile boolean closed;
        volatile long bytesSent;
        volatile long messages;

        PubConnection(String topic, Thread sender, Socket socket, String callerId, int id, boolean queued) {
            this.topic = topic;
            this.sender = sender;
            this.socket = socket;
            this.callerId = callerId;
            this.id = id;
            this.queue = queued ? new ConcurrentLinkedQueue<>() : null;
            this.frames = queued ? null
                    : new TripleBuffer<>(Frames.allocate(256), Frames.allocate(256), Frames.allocate(256));
        }

        /**
         * Called by the sender: copies the frame (0 to its limit), or queues it when the connection is queued, and
         * wakes the writer.
         */
        void offer(ByteBuffer source) {
            if (queue != null) {
                enqueue(source);
                return;
            }
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

        private void enqueue(ByteBuffer frame) {
            queue.add(frame);
            if (queueLength.incrementAndGet() > QUEUE_LIMIT && queue.poll() != null) {
                queueLength.decrementAndGet();
                if (!dropReported) {
                    dropReported = true;
                    LOG.log(System.Logger.Level.WARNING, "{0}: subscriber {1} is more than {2} messages behind; "
                            + "dropping its oldest", topic, callerId, String.valueOf(QUEUE_LIMIT));
                }
            }
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        private ByteBuffer next() {
            if (queue == null) {
                return frames.take();
            }
            ByteBuffer f = queue.poll();
            if (f != null) {
                queueLength.decrementAndGet();
            }
            return f;
        }

        void run() {
            thread = Thread.currentThread();
            try {
                OutputStream out = socket.getOutputStream();
                while (!closed) {
                    ByteBuffer f = next();
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
