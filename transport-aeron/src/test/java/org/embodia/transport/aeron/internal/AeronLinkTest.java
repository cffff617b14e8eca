package org.embodia.transport.aeron.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.nio.file.Path;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.testing.Allocations;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.TransportException;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A link's semantics are a buffer's: no data, new data, old data (the dash), every field as sent, nothing allocated. */
class AeronLinkTest {
    @TempDir
    Path dir;
    private AeronBufferTransport transport;

    private AeronBufferTransport transport() {
        transport = new AeronBufferTransport(dir.resolve("aeron").toString(), true);
        return transport;
    }

    @AfterEach
    void close() {
        if (transport != null) {
            transport.close();
        }
    }

    private static int freeUdpPort() throws SocketException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Polls until the input has new data, or fails after a generous deadline. */
    static void pollUntilNew(RemoteReader reader, InputBuffer<?> input) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            reader.poll();
            if (input.receive() == Freshness.NEW_DATA) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no message reached '" + input.name() + "' within 30 s");
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Sends and publishes until the transport takes the message. A writer far faster than any control loop outruns
     * the media driver's window (it moves on as the driver sees the reader's position), and the transport then drops
     * rather than waits; a test that sends as fast as it can sends again.
     */
    static <M extends WireMessage<M>> void sendUntilTaken(OutputBuffer<M> out, RemoteWriter writer) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            out.send();
            if (writer.publish()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the transport took nothing from '" + out.name() + "' within 30 s");
            }
            Thread.onSpinWait();
        }
    }

    static void awaitConnected(RemoteWriter writer, RemoteReader reader) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!writer.connected() || !reader.connected()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the link did not connect within 30 s: writer " + writer.connected() + ", reader " + reader.connected());
            }
            Thread.onSpinWait();
        }
    }

    /** Through shared memory on one machine, and over UDP as between machines (here to this machine's loopback). */
    @ParameterizedTest
    @ValueSource(strings = {"aeron:ipc", "aeron:udp?endpoint=127.0.0.1:"})
    void aLinkCarriesNoDataThenNewDataThenOldDataWhenNothingWasSent(String channelStart) throws SocketException {
        String channel = channelStart.endsWith(":") ? channelStart + freeUdpPort() : channelStart;
        AeronBufferTransport t = transport();
        OutputBuffer<BodyCommand> out = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        InputBuffer<BodyCommand> in = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        try (RemoteReader reader = t.reader(channel, 1, in, BodyCommand::new);
                RemoteWriter writer = t.writer(channel, 1, out, BodyCommand::new)) {
            awaitConnected(writer, reader);
            assertEquals(0, reader.poll());
            assertEquals(Freshness.NO_DATA, in.receive(), "nothing sent: no data");
            assertTrue(writer.publish(), "a pass that sent nothing publishes nothing, and that is no failure");
            assertEquals(0, writer.published());

            out.message().torsoTorque = 3.5;
            out.message().rightArm.torque[6] = Double.NaN;
            out.message().exitSafeState = true;
            out.send();
            assertTrue(writer.publish());
            pollUntilNew(reader, in);
            assertEquals(3.5, in.get().torsoTorque);
            assertTrue(Double.isNaN(in.get().rightArm.torque[6]), "a NaN arrives as a NaN, for the reader's checks to refuse");
            assertTrue(in.get().exitSafeState);

            assertTrue(writer.publish(), "the next pass sent nothing");
            assertEquals(0, reader.poll());
            assertEquals(Freshness.OLD_DATA, in.receive(), "the dash: the reader keeps its old data");
            assertEquals(3.5, in.get().torsoTorque);

            for (int k = 1; k <= 5; k++) {
                out.message().torsoTorque = k;
                sendUntilTaken(out, writer);
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            int arrived = 0;
            while (arrived < 5 && System.nanoTime() < deadline) {
                arrived += reader.poll();
            }
            assertEquals(5, arrived, "every message published arrives");
            assertEquals(Freshness.NEW_DATA, in.receive());
            assertEquals(5, in.get().torsoTorque, "the reader sees the newest, as in one process");
            assertEquals(6, writer.published());
            assertEquals(6, reader.received());
        }
    }

    @Test
    void aMessageOfAnotherSizeIsDroppedAndCountedNeverDelivered() {
        AeronBufferTransport t = transport();
        OutputBuffer<BodyCommand> out = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        InputBuffer<BodyStatus> in = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
        try (RemoteWriter writer = t.writer("aeron:ipc", 2, out, BodyCommand::new);
                RemoteReader reader = t.reader("aeron:ipc", 2, in, BodyStatus::new)) {
            awaitConnected(writer, reader);
            out.send();
            assertTrue(writer.publish());
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (reader.malformed() == 0 && System.nanoTime() < deadline) {
                reader.poll();
            }
            assertEquals(1, reader.malformed(), "a BodyCommand on a BodyStatus link");
            assertEquals(Freshness.NO_DATA, in.receive());
            assertEquals(0, reader.received());
        }
    }

    @Test
    void anInputWithAWriterInThisProcessCannotBeReachedFromAnother() {
        AeronBufferTransport t = transport();
        InputBuffer<BodyCommand> in = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        new OutputBuffer<>("local", BodyCommand.class, BodyCommand::new).connect(in);
        TransportException e = assertThrows(TransportException.class, () -> t.reader("aeron:ipc", 3, in, BodyCommand::new));
        assertTrue(e.getMessage().contains("'command' has a writer in this process"), e.getMessage());
    }

    @Test
    void aSecondEmbeddedDriverInTheSameDirectoryIsRefusedClearly() {
        AeronBufferTransport t = transport();
        TransportException e = assertThrows(TransportException.class, () -> new AeronBufferTransport(t.directory(), true));
        assertTrue(e.getMessage().contains("embedded.driver"), e.getMessage());
        try (AeronBufferTransport client = new AeronBufferTransport(t.directory(), false)) {
            assertEquals(t.directory(), client.directory(), "a process that uses the running driver");
        }
    }

    @Test
    void publishingAndPollingAllocateNothing() {
        AeronBufferTransport t = transport();
        OutputBuffer<BodyStatus> out = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);
        InputBuffer<BodyStatus> in = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
        try (RemoteWriter writer = t.writer("aeron:ipc", 4, out, BodyStatus::new);
                RemoteReader reader = t.reader("aeron:ipc", 4, in, BodyStatus::new)) {
            awaitConnected(writer, reader);
            long allocated = Allocations.warmUpThenLeastOfTenRounds(20_000, 2_000, () -> {
                out.message().torso.position += 1;
                sendUntilTaken(out, writer);
                pollUntilNew(reader, in);
            });
            assertEquals(0, allocated, "bytes allocated by 2,000 messages sent and received over the link");
            assertFalse(reader.malformed() > 0);
        }
    }
}
