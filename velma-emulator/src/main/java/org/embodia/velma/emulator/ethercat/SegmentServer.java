package org.embodia.velma.emulator.ethercat;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.embodia.scheduler.Realtime;

import com.sun.jna.LastErrorException;

/**
 * Serves a {@link SimulatedSegment} on a network interface inside a network namespace: a thread of its own
 * enters the namespace (setns(2) moves only the calling thread), opens an AF_PACKET socket on the interface
 * and answers every EtherCAT frame. In echo mode it sends each frame back untouched, to measure the wire alone.
 */
public final class SegmentServer implements AutoCloseable {
    private final SimulatedSegment segment;
    private final boolean echo;
    private final int priority;
    private final int cpu;
    private final Thread thread;
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Throwable failure;

    /** Starts serving and returns once the socket is open; fails with the reason when it cannot be. */
    public static SegmentServer start(String namespace, String interfaceName, SimulatedSegment segment) throws IOException {
        return new SegmentServer(namespace, interfaceName, segment, false, 0, -1).awaitReady();
    }

    /**
     * The same with the serving thread under SCHED_FIFO at {@code priority} (root), as the ESCs answer whatever else
     * runs, and on CPU {@code cpu} unless it is below 0.
     */
    public static SegmentServer start(String namespace, String interfaceName, SimulatedSegment segment, int priority, int cpu) throws IOException {
        return new SegmentServer(namespace, interfaceName, segment, false, priority, cpu).awaitReady();
    }

    /** A server that returns every frame as it came: the floor of a round trip over the wire. */
    public static SegmentServer echo(String namespace, String interfaceName) throws IOException {
        return new SegmentServer(namespace, interfaceName, null, true, 0, -1).awaitReady();
    }

    private SegmentServer(String namespace, String interfaceName, SimulatedSegment segment, boolean echo, int priority, int cpu) {
        this.segment = segment;
        this.echo = echo;
        this.priority = priority;
        this.cpu = cpu;
        thread = new Thread(() -> serve(namespace, interfaceName), "ethercat segment " + interfaceName);
        thread.setDaemon(true);
        thread.start();
    }

    private SegmentServer awaitReady() throws IOException {
        try {
            if (!ready.await(10, TimeUnit.SECONDS)) {
                close();
                throw new IOException("the simulated EtherCAT segment did not start within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the simulated EtherCAT segment started");
        }
        if (failure != null) {
            throw new IOException(failure.getMessage(), failure);
        }
        return this;
    }

    private void serve(String namespace, String interfaceName) {
        PacketSocket socket;
        try {
            enter(namespace);
            socket = new PacketSocket(interfaceName);
            if (priority > 0) {
                Realtime.Grant grant = Realtime.configureCurrentThread(priority, cpu);
                if (grant.refused()) {
                    throw new IOException("the simulated EtherCAT segment's thread: " + grant.description());
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
            ready.countDown();
            return;
        }
        ready.countDown();
        byte[] frame = new byte[PacketSocket.MAX_FRAME];
        try (socket) {
            while (running) {
                int n = socket.receive(frame, 50);
                if (n <= 0) {
                    continue;
                }
                if (echo) {
                    socket.send(frame, n);
                } else if (segment.process(frame, n)) {
                    long delay = segment.replyDelayNanos();
                    if (delay > 0) {
                        LockSupport.parkNanos(delay);
                    }
                    socket.send(frame, n);
                }
                if (!echo) {
                    segment.afterFrame();
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
    }

    private static void enter(String namespace) throws IOException {
        int fd;
        try {
            fd = SegmentLibc.open("/var/run/netns/" + namespace, SegmentLibc.O_RDONLY);
        } catch (LastErrorException e) {
            throw new IOException("no network namespace '" + namespace + "' (errno " + e.getErrorCode() + ")");
        }
        try {
            SegmentLibc.setns(fd, SegmentLibc.CLONE_NEWNET);
        } catch (LastErrorException e) {
            throw new IOException("cannot enter network namespace '" + namespace + "' (errno " + e.getErrorCode() + "): run as root");
        } finally {
            SegmentLibc.close(fd);
        }
    }

    /** What stopped the server, or null while it runs well. */
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
