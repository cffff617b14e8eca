package org.embodia.ros;

import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Keeps trying to start a node until a master answers, so that a robot can start before roscore, or without one: the
 * robot runs on and its ROS interface joins when the master comes. Once started the node itself re-registers with a
 * restarted master.
 *
 * <p>Each distinct problem is reported once to {@code problems}, which a component sends to its log or console;
 * {@code onConnected} runs on the connector's thread with the new node, to advertise and subscribe.
 *
 * @since 1.1
 */
public final class RosConnector implements AutoCloseable {
    private final URI masterUri;
    private final String name;
    private final InetAddress host;
    private final Duration retry;
    private final Consumer<RosNode> onConnected;
    private final Consumer<String> problems;
    private final Thread thread;
    private volatile RosNode node;
    private volatile boolean closed;

    private RosConnector(URI masterUri, String name, InetAddress host, Duration retry, Consumer<RosNode> onConnected,
            Consumer<String> problems) {
        this.masterUri = Objects.requireNonNull(masterUri, "masterUri");
        this.name = Objects.requireNonNull(name, "name");
        this.host = Objects.requireNonNull(host, "host");
        this.retry = Objects.requireNonNull(retry, "retry");
        this.onConnected = Objects.requireNonNull(onConnected, "onConnected");
        this.problems = Objects.requireNonNull(problems, "problems");
        this.thread = new Thread(this::connect, "ros " + name + " connector");
        thread.setDaemon(true);
    }

    /**
     * Starts connecting on a thread of its own: {@link RosNode#start} now and every {@code retry} while no master
     * answers; the first success is handed to {@code onConnected}.
     */
    public static RosConnector start(URI masterUri, String name, InetAddress host, Duration retry,
            Consumer<RosNode> onConnected, Consumer<String> problems) {
        RosConnector c = new RosConnector(masterUri, name, host, retry, onConnected, problems);
        c.thread.start();
        return c;
    }

    /** The node, or null while no master has answered. */
    public RosNode node() {
        return node;
    }

    public URI masterUri() {
        return masterUri;
    }

    private void connect() {
        String reported = null;
        while (!closed) {
            RosNode started;
            try {
                started = RosNode.start(masterUri, name, host);
            } catch (RosException e) {
                if (!e.getMessage().equals(reported)) {
                    reported = e.getMessage();
                    problems.accept(reported + "; trying again every " + seconds(retry) + " s");
                }
                try {
                    Thread.sleep(retry.toMillis());
                } catch (InterruptedException stop) {
                    return;
                }
                continue;
            }
            synchronized (this) {
                if (closed) {
                    started.close();
                    return;
                }
                node = started;
            }
            try {
                onConnected.accept(started);
            } catch (RuntimeException e) {
                problems.accept("setting up " + started.name() + " failed: " + e);
            }
            return;
        }
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? Long.toString(ms / 1000) : Double.toString(ms / 1000.0);
    }

    /** Stops trying and closes the node if it started. */
    @Override
    public void close() {
        RosNode n;
        synchronized (this) {
            closed = true;
            n = node;
        }
        thread.interrupt();
        if (n != null) {
            n.close();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
