package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.transport.BufferTransport;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.TransportException;

/**
 * The links this process keeps to the agent's other processes: a pass link per activity and other host (its requests
 * one way, its answers the other) and a data link per connection that crosses to or from this process. Made when a
 * plan is built (not on the real-time path) and kept while the same buffers use them, since making one is a round
 * trip to the media driver; a data link whose buffer was replaced (a subsystem swapped) is closed once no plan uses it.
 */
final class RemoteLinks implements AutoCloseable {

    /** The two streams of one activity between this process and one other host. */
    static final class PassLink {
        final OutputBuffer<PassMessage> out;
        final InputBuffer<PassMessage> in;
        final RemoteWriter writer;
        final RemoteReader reader;

        PassLink(BufferTransport transport, String sendChannel, int sendStream, String readChannel, int readStream, int slots) {
            out = new OutputBuffer<>("pass", PassMessage.class, () -> new PassMessage(slots));
            in = new InputBuffer<>("pass", PassMessage.class, () -> new PassMessage(slots));
            writer = transport.writer(sendChannel, sendStream, out, () -> new PassMessage(slots));
            try {
                reader = transport.reader(readChannel, readStream, in, () -> new PassMessage(slots));
            } catch (RuntimeException e) {
                writer.close();
                throw e;
            }
        }

        void close() {
            writer.close();
            reader.close();
        }
    }

    private record Key(int connection, Object buffer) {
    }

    private final BufferTransport transport;
    private final Hosts hosts;
    private final int slots;
    private final Map<String, PassLink> passes = new HashMap<>();
    private final Map<Key, AutoCloseable> data = new HashMap<>();
    private final Set<Key> used = new HashSet<>();

    RemoteLinks(BufferTransport transport, Hosts hosts, int slots) {
        this.transport = transport;
        this.hosts = hosts;
        this.slots = slots;
    }

    /** The pass link of activity {@code activity} with host {@code other}: the leader's requests, the other's answers. */
    PassLink pass(int activity, String other) {
        return passes.computeIfAbsent(activity + "/" + other, k -> {
            boolean leading = hosts.leads();
            String follower = leading ? other : hosts.local();
            int request = hosts.requestStream(activity, follower);
            int answer = hosts.answerStream(activity, follower);
            return leading ? new PassLink(transport, hosts.channel(other), request, hosts.channel(hosts.local()), answer, slots)
                    : new PassLink(transport, hosts.channel(other), answer, hosts.channel(hosts.local()), request, slots);
        });
    }

    /**
     * The writer's side of connection {@code connection}, from {@code output} here to a reader on {@code host}.
     *
     * @throws TransportException if the link cannot be made or its message cannot cross processes
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    RemoteWriter writer(int connection, OutputBuffer<?> output, String host) {
        Key key = new Key(connection, output);
        used.add(key);
        return (RemoteWriter) data.computeIfAbsent(key,
                k -> transport.writer(hosts.channel(host), Hosts.dataStream(connection), (OutputBuffer) output, (Supplier) factory(output.type(), output.name())));
    }

    /**
     * The reader's side of connection {@code connection}, into {@code input} here.
     *
     * @throws TransportException if the link cannot be made or its message cannot cross processes
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    RemoteReader reader(int connection, InputBuffer<?> input) {
        Key key = new Key(connection, input);
        used.add(key);
        return (RemoteReader) data.computeIfAbsent(key,
                k -> transport.reader(hosts.channel(hosts.local()), Hosts.dataStream(connection), (InputBuffer) input, (Supplier) factory(input.type(), input.name())));
    }

    /** Starts counting which data links the next plan uses. */
    void beginPlan() {
        used.clear();
    }

    /** Closes the data links the last plan did not use; call once no activity runs an older plan. */
    void retireUnused() {
        List<Key> gone = new ArrayList<>();
        for (Key k : data.keySet()) {
            if (!used.contains(k)) {
                gone.add(k);
            }
        }
        for (Key k : gone) {
            closeQuietly(data.remove(k));
        }
    }

    @Override
    public void close() {
        data.values().forEach(RemoteLinks::closeQuietly);
        data.clear();
        passes.values().forEach(PassLink::close);
        passes.clear();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // A link that fails to close is gone as far as the agent is concerned.
        }
    }

    /** Makes messages of a type for a link: it must have a fixed-size encoding and a public constructor without arguments. */
    private static Supplier<?> factory(Class<?> type, String buffer) {
        if (!WireMessage.class.isAssignableFrom(type)) {
            throw new TransportException("buffer '" + buffer + "' crosses processes, but its message " + type.getName()
                    + " is not a WireMessage (a fixed-size encoding)");
        }
        try {
            var constructor = type.getConstructor();
            constructor.newInstance();
            return () -> {
                try {
                    return constructor.newInstance();
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            };
        } catch (ReflectiveOperationException e) {
            throw new TransportException("buffer '" + buffer + "' crosses processes, but its message " + type.getName()
                    + " has no public constructor without arguments: " + e);
        }
    }
}
