package org.embodia.transport.aeron.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.testing.Allocations;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two processes, as a subsystem and its peer in FABRIC: a command goes out, a status made of it comes back, every
 * field intact; neither side allocates per message; and when the peer is killed, the survivor neither blocks nor sees
 * anything but old data.
 */
class CrossProcessTest {
    static final int COMMAND_STREAM = 11;
    static final int STATUS_STREAM = 12;
    static final int WARM_UP = 20_000;
    static final int ROUND = 2_000;

    @TempDir
    Path dir;

    private final OutputBuffer<BodyCommand> command = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    private final InputBuffer<BodyStatus> status = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    private RemoteWriter writer;
    private RemoteReader reader;
    private double sequence;

    /** One exchange: the next command out, its answer back. */
    private void exchange() {
        sequence++;
        BodyCommand c = command.message();
        c.torsoTorque = sequence;
        c.rightArm.torque[0] = -sequence;
        c.exitSafeState = (((long) sequence) & 1) == 0;
        AeronLinkTest.sendUntilTaken(command, writer);
        AeronLinkTest.pollUntilNew(reader, status);
        BodyStatus s = status.get();
        if (s.torso.position != sequence || s.rightArm.q[0] != -sequence || s.safeMode == c.exitSafeState) {
            throw new AssertionError("command " + sequence + " came back as " + s);
        }
    }

    @Test
    void aStatusComesBackForEachCommandNothingIsAllocatedAndAKilledPeerBlocksNothing() throws Exception {
        try (AeronBufferTransport transport = new AeronBufferTransport(dir.resolve("aeron").toString(), true)) {
            writer = transport.writer("aeron:ipc", COMMAND_STREAM, command, BodyCommand::new);
            reader = transport.reader("aeron:ipc", STATUS_STREAM, status, BodyStatus::new);
            String java = ProcessHandle.current().info().command().orElse("java");
            Process peer = new ProcessBuilder(List.of(java, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
                    System.getProperty("java.class.path"), EchoPeer.class.getName(), transport.directory())).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8))) {
                assertEquals("peer ready", out.readLine(), "the peer process started");
                AeronLinkTest.awaitConnected(writer, reader);

                long allocated = Allocations.warmUpThenLeastOfTenRounds(WARM_UP, ROUND, this::exchange);
                assertEquals(0, allocated, "bytes this process allocated in " + ROUND + " exchanges");
                assertEquals("peer allocated 0", out.readLine(), "bytes the peer allocated in " + ROUND + " exchanges");
                assertEquals(WARM_UP + 10 * ROUND, reader.received(), "every status arrived");
                assertEquals(0, reader.malformed());

                assertTrue(writer.publish(), "nothing sent in this pass");
                assertEquals(0, reader.poll());
                assertEquals(Freshness.OLD_DATA, status.receive(), "no command, no answer: old data");

                peer.destroyForcibly();
                assertTrue(peer.waitFor(30, TimeUnit.SECONDS));
                long deadline = System.nanoTime() + 30_000_000_000L;
                for (int k = 0; k < 10_000; k++) {
                    command.send();
                    writer.publish();
                    assertEquals(0, reader.poll(), "a killed peer sends nothing");
                    assertEquals(Freshness.OLD_DATA, status.receive());
                    assertTrue(System.nanoTime() < deadline, "publishing to a killed peer returned at once, every time");
                }
            } finally {
                peer.destroyForcibly();
                writer.close();
                reader.close();
            }
        }
    }
}
