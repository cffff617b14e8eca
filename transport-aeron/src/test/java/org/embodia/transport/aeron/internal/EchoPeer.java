package org.embodia.transport.aeron.internal;

import java.io.IOException;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.testing.Allocations;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.Velma;

/**
 * The other process of {@link CrossProcessTest}: a subsystem-like loop that reads a BodyCommand link and answers each
 * command with a BodyStatus made of it, through the driver of the test's process. Prints what its loop allocated, then
 * runs until its standard input closes.
 */
public final class EchoPeer {
    private final InputBuffer<BodyCommand> command = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    private final OutputBuffer<BodyStatus> status = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    private final RemoteReader reader;
    private final RemoteWriter writer;
    private volatile boolean stdinOpen = true;

    private EchoPeer(AeronBufferTransport transport) {
        reader = transport.reader("aeron:ipc", CrossProcessTest.COMMAND_STREAM, command, BodyCommand::new);
        writer = transport.writer("aeron:ipc", CrossProcessTest.STATUS_STREAM, status, BodyStatus::new);
    }

    /** Waits for the next command and answers it: the torso's position is the command's sequence, the arm's torques come back as its q. */
    private void answerOne() {
        while (true) {
            reader.poll();
            if (command.receive() == Freshness.NEW_DATA) {
                break;
            }
            if (!stdinOpen) {
                throw new IllegalStateException("the test ended");
            }
            Thread.onSpinWait();
        }
        BodyCommand c = command.get();
        BodyStatus s = status.message();
        s.torso.position = c.torsoTorque;
        System.arraycopy(c.rightArm.torque, 0, s.rightArm.q, 0, Velma.LWR_JOINTS);
        s.safeMode = !c.exitSafeState;
        AeronLinkTest.sendUntilTaken(status, writer);
    }

    public static void main(String[] args) throws IOException {
        try (AeronBufferTransport transport = new AeronBufferTransport(args[0], false)) {
            EchoPeer peer = new EchoPeer(transport);
            Thread stdin = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // the test only ever closes it
                    }
                } catch (IOException e) {
                    // closed is closed
                }
                peer.stdinOpen = false;
            }, "stdin");
            stdin.setDaemon(true);
            stdin.start();
            System.out.println("peer ready");
            long allocated = Allocations.warmUpThenLeastOfTenRounds(CrossProcessTest.WARM_UP, CrossProcessTest.ROUND, peer::answerOne);
            System.out.println("peer allocated " + allocated);
            while (peer.stdinOpen) {
                peer.reader.poll();
                peer.command.receive();
                Thread.onSpinWait();
            }
        }
    }
}
