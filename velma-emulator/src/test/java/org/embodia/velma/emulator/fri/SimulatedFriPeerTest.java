package org.embodia.velma.emulator.fri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

import org.embodia.velma.api.FriState;
import org.embodia.velma.fri.Fri;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated KRC against a remote side written here byte by byte at friComm.h's offsets, so the
 * peer's encoding and decoding are checked independently of any codec.
 */
class SimulatedFriPeerTest {
    private final DatagramChannel remote;
    private final SimulatedFriPeer peer;
    private final ByteBuffer msr = ByteBuffer.allocate(2048).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer cmd = ByteBuffer.allocate(Fri.CMD_DATA_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    private int answerSeq;

    SimulatedFriPeerTest() throws IOException {
        remote = DatagramChannel.open();
        remote.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        peer = new SimulatedFriPeer((InetSocketAddress) remote.getLocalAddress(), new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, 7);
    }

    @AfterEach
    void close() throws IOException {
        peer.close();
        remote.close();
    }

    /** One peer cycle; the measurement it sent, read from the socket (loopback delivers it at once). */
    private ByteBuffer measure() throws IOException {
        peer.cycle();
        msr.clear();
        remote.receive(msr);
        msr.flip();
        return msr;
    }

    private void answer(int reflSeq, int flags, float torque0) throws IOException {
        cmd.clear();
        cmd.putShort(0, (short) ++answerSeq).putShort(2, (short) reflSeq).putShort(4, (short) Fri.CMD_DATA_SIZE)
                .putShort(6, (short) Fri.DATAGRAM_ID_CMD).putInt(140, flags).putFloat(220, torque0);
        remote.send(cmd, new InetSocketAddress(InetAddress.getLoopbackAddress(), peer.port()));
    }

    @Test
    void measurementsCarryFriCommsLayoutAndCountTheirSequence() throws IOException {
        for (int i = 1; i <= 3; i++) {
            ByteBuffer m = measure();
            assertEquals(Fri.MSR_DATA_SIZE, m.remaining());
            assertEquals(i, m.getShort(0) & 0xFFFF, "sendSeqCount");
            assertEquals(Fri.MSR_DATA_SIZE, m.getShort(4) & 0xFFFF);
            assertEquals(Fri.DATAGRAM_ID_MSR, m.getShort(6) & 0xFFFF);
            assertEquals((float) ((i - 1) * SimulatedFriPeer.PERIOD), m.getFloat(140), "timestamp");
            assertEquals(Fri.STATE_MON, m.getShort(144));
            assertEquals(Fri.QUALITY_UNACCEPTABLE, m.getShort(146));
            assertEquals((float) SimulatedFriPeer.PERIOD, m.getFloat(148), "desiredMsrSampleTime");
            assertEquals(0, m.getShort(180), "power off in MONITOR");
            assertEquals(Fri.CTRL_JNT_IMP, m.getShort(182));
            assertEquals(SimulatedFriPeer.TEMPERATURE, m.getFloat(188));
            assertEquals(0.1f, m.getFloat(216), "msrJntPos[0]");
            assertEquals(0.7f, m.getFloat(216 + 24), "msrJntPos[6]");
            assertEquals((float) FriArm.INERTIA[0], m.getFloat(216 + 4 * (7 + 12 + 7 + 7 + 12 + 12 + 7 + 7 + 6 + 42)), "massMatrix[0]");
        }
        assertEquals(2, peer.misses(), "two measurements went unanswered (the third is still within its cycle)");
    }

    @Test
    void answersInTimeStartCommandModeAndAnAnswerAskingNothingStopsIt() throws IOException {
        int cycles = 0;
        while (peer.state() != FriState.COMMAND) {
            assertTrue(++cycles < 1000, "COMMAND within 1000 cycles");
            ByteBuffer m = measure();
            answer(m.getShort(0) & 0xFFFF, Fri.CMD_JNTTRQ, 3);
        }
        assertTrue(cycles >= SimulatedFriPeer.PERFECT_ANSWERS + SimulatedFriPeer.START_AFTER_PERFECT, "the quality must rise first: " + cycles);
        assertEquals(Fri.QUALITY_PERFECT, peer.quality());
        ByteBuffer m = measure();
        assertEquals(Fri.STATE_CMD, m.getShort(144));
        assertEquals(SimulatedFriPeer.ALL_POWERED, m.getShort(180));
        assertEquals(3f, m.getFloat(216 + 4 * (7 + 12 + 7 + 7 + 12 + 12)), "msrJntTrq[0]: the commanded torque");
        assertTrue(peer.position(0) > 0.1, "the torque moved joint 1");

        answer(m.getShort(0) & 0xFFFF, 0, 3);
        measure();
        assertEquals(FriState.MONITOR, peer.state());
        assertEquals(1, peer.stops());
        assertEquals(0, peer.appliedTorque(0));
        assertEquals(0, peer.sequenceGaps());
        assertEquals(0, peer.staleAnswers());
    }

    @Test
    void lateGappedAndForeignAnswersAreCounted() throws IOException {
        ByteBuffer m = measure();
        int first = m.getShort(0) & 0xFFFF;
        measure();
        answer(first, Fri.CMD_JNTTRQ, 0);
        answerSeq += 5;
        answer(first + 1, Fri.CMD_JNTTRQ, 0);
        remote.send(ByteBuffer.allocate(10), new InetSocketAddress(InetAddress.getLoopbackAddress(), peer.port()));
        measure();
        assertEquals(1, peer.staleAnswers(), "the answer to the first measurement came after the second");
        assertEquals(1, peer.sequenceGaps());
        assertEquals(1, peer.invalidDatagrams());
        assertEquals(1, peer.misses(), "the first measurement was missed, the second answered");
    }

    @Test
    void droppedMeasurementsAreCountedNotSent() throws IOException {
        peer.dropFraction(1);
        peer.cycle();
        peer.cycle();
        assertEquals(2, peer.droppedMeasurements());
        remote.configureBlocking(false);
        msr.clear();
        assertEquals(null, remote.receive(msr));
    }
}
