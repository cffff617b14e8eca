package org.embodia.velma.lwr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.emulator.fri.SimulatedFriPeer;
import org.embodia.velma.fri.Fri;

/**
 * An FRI session over loopback: the simulated KRC and the effector, with buffers wired as the
 * scheduler wires them. Each {@link #cycle()} lasts 2 ms against absolute deadlines: the KRC sends
 * its measurement, and 1 ms later the loop runs as the scheduler runs it.
 */
final class FriSession implements AutoCloseable {
    static final double[] POSTURE = {0, -0.3, 0, 1.2, 0, -0.6, 0};
    static final long PERIOD_NANOS = 2_000_000;
    static final long PATIENCE_NANOS = 60_000_000_000L;

    final SimulatedFriPeer peer;
    /** The effector's measurement port. */
    final int port;
    final LwrFriEffector lwr;
    final OutputBuffer<LwrCommand> toLwr = new OutputBuffer<>("lwr_r_command", LwrCommand.class, LwrCommand::new);
    final InputBuffer<LwrStatus> fromLwr = new InputBuffer<>("lwr_r_status", LwrStatus.class, LwrStatus::new);
    /** What the loop commands while {@link #commanding}. */
    final double[] torque = new double[Fri.JOINTS];
    boolean commanding = true;
    private long next;

    /** With answers to the sender of the measurements, or to the peer's address given in the configuration. */
    FriSession(int watchdogCycles, boolean configuredRemote) throws IOException {
        this(watchdogCycles, configuredRemote, LwrFriEffector.DEFAULT_MEASUREMENT_WAIT_MICROS);
    }

    FriSession(int watchdogCycles, boolean configuredRemote, int measurementWaitMicros) throws IOException {
        port = freePort();
        peer = new SimulatedFriPeer(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), POSTURE, 42);
        lwr = configuredRemote ? new LwrFriEffector("core/a.lwr_r/re", port, "127.0.0.1", peer.port(), watchdogCycles, measurementWaitMicros)
                : new LwrFriEffector("core/a.lwr_r/re", port, "", 0, watchdogCycles, measurementWaitMicros);
        toLwr.connect(lwr.command);
        lwr.status.connect(fromLwr);
        next = System.nanoTime();
    }

    static int freePort() throws IOException {
        try (DatagramChannel probe = DatagramChannel.open(StandardProtocolFamily.INET)) {
            probe.bind(new InetSocketAddress(0));
            return ((InetSocketAddress) probe.getLocalAddress()).getPort();
        }
    }

    /** One FRI cycle; what the loop's status read found. */
    Freshness cycle() {
        // Behind (the test paused), the session resumes its pace from now rather than racing to catch up.
        long now = System.nanoTime();
        if (now - next > 0) {
            next = now;
        }
        try {
            peer.cycle();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sleepUntil(next + PERIOD_NANOS / 2);
        Freshness f = loop();
        next += PERIOD_NANOS;
        sleepUntil(next);
        return f;
    }

    /**
     * The loop's part, in the scheduler's passes: the effector's read publishes the measurement, the status is read and
     * the command goes down, the effector's write answers.
     */
    Freshness loop() {
        lwr.read();
        Freshness f = fromLwr.receive();
        if (commanding) {
            System.arraycopy(torque, 0, toLwr.message().torque, 0, Fri.JOINTS);
            toLwr.send();
        }
        lwr.command.receive();
        lwr.write();
        return f;
    }

    private void sleepUntil(long deadline) {
        long wait;
        while ((wait = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
    }

    /**
     * Cycles until the peer is in COMMAND (about 150 cycles: the quality window, then 50 PERFECT ones); the cycles it
     * took. A loaded machine can stretch it: only a generous deadline, not a number of cycles, tells a broken handshake.
     */
    int untilCommand() {
        return until(() -> peer.state() == FriState.COMMAND, "COMMAND");
    }

    /** Cycles until {@code done} holds, for at most {@link #PATIENCE_NANOS}; the cycles it took. */
    int until(BooleanSupplier done, String what) {
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        for (int i = 0; System.nanoTime() - deadline < 0; i++) {
            if (done.getAsBoolean()) {
                return i;
            }
            cycle();
        }
        throw new AssertionError("no " + what + " within " + PATIENCE_NANOS / 1_000_000_000 + " s: peer " + peer.state() + ", quality "
                + peer.quality() + ", misses " + peer.misses());
    }

    LwrStatus status() {
        return fromLwr.get();
    }

    @Override
    public void close() throws IOException {
        lwr.close();
        peer.close();
    }
}
