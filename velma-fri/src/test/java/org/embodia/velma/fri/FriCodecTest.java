package org.embodia.velma.fri;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/**
 * Both datagrams: every field crosses the wire unchanged in both directions, and sits at the offset and in the
 * size friComm.h declares — bytes placed by hand at those offsets decode, so an encoder and decoder wrong in
 * the same way do not pass.
 */
class FriCodecTest {
    private final ByteBuffer wire = ByteBuffer.allocate(1024);
    private float next = 0.25f;

    private void fill(float[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = next;
            next += 1.125f;
        }
    }

    @Test
    void packetSizesAreThoseFriCommDeclares() {
        assertEquals(916, Fri.MSR_DATA_SIZE);
        assertEquals(376, Fri.CMD_DATA_SIZE);

        new FriCommand().encode(wire);
        assertEquals(376, wire.remaining(), "bytes of a command datagram");
        assertEquals(376, wire.getShort(4) & 0xFFFF, "packetSize of a command");
        assertEquals(0x1005, wire.getShort(6) & 0xFFFF, "datagramId of a command");

        new FriMeasurement().encode(wire);
        assertEquals(916, wire.remaining(), "bytes of a measurement datagram");
        assertEquals(916, wire.getShort(4) & 0xFFFF, "packetSize of a measurement");
        assertEquals(0x2006, wire.getShort(6) & 0xFFFF, "datagramId of a measurement");
    }

    @Test
    void aMeasurementDecodesToEveryFieldTheKrcEncoded() {
        FriMeasurement krc = new FriMeasurement();
        krc.sendSeqCount = 65535;
        krc.reflSeqCount = 4321;
        fill(krc.krl.realData);
        for (int i = 0; i < Fri.USER_SIZE; i++) {
            krc.krl.intData[i] = -1000 * i - 7;
        }
        krc.krl.boolData = 0xA5C3;
        krc.krl.fill = 0x0102;
        krc.timestamp = 1234.5f;
        krc.state = Fri.STATE_CMD;
        krc.quality = Fri.QUALITY_OK;
        krc.desiredMsrSampleTime = 0.002f;
        krc.desiredCmdSampleTime = 0.004f;
        krc.safetyLimits = 0.75f;
        krc.answerRate = 0.98f;
        krc.latency = 0.0003f;
        krc.jitter = 0.00005f;
        krc.missRate = 0.02f;
        krc.missCounter = 123456;
        krc.power = 0x7F;
        krc.control = Fri.CTRL_JNT_IMP;
        krc.error = 0x40;
        krc.warning = 0x3;
        fill(krc.temperature);
        fill(krc.msrJntPos);
        fill(krc.msrCartPos);
        fill(krc.cmdJntPos);
        fill(krc.cmdJntPosFriOffset);
        fill(krc.cmdCartPos);
        fill(krc.cmdCartPosFriOffset);
        fill(krc.msrJntTrq);
        fill(krc.estExtJntTrq);
        fill(krc.estExtTcpFT);
        fill(krc.jacobian);
        fill(krc.massMatrix);
        fill(krc.gravity);
        krc.encode(wire);

        FriMeasurement m = new FriMeasurement();
        assertTrue(m.decode(wire));
        assertEquals(0, wire.remaining(), "the decoder read the whole datagram");
        assertEquals(65535, m.sendSeqCount);
        assertEquals(4321, m.reflSeqCount);
        assertEquals(916, m.packetSize);
        assertEquals(0x2006, m.datagramId);
        assertArrayEquals(krc.krl.realData, m.krl.realData);
        assertArrayEquals(krc.krl.intData, m.krl.intData);
        assertEquals(0xA5C3, m.krl.boolData);
        assertEquals(0x0102, m.krl.fill);
        assertEquals(1234.5f, m.timestamp);
        assertEquals(Fri.STATE_CMD, m.state);
        assertEquals(Fri.QUALITY_OK, m.quality);
        assertEquals(0.002f, m.desiredMsrSampleTime);
        assertEquals(0.004f, m.desiredCmdSampleTime);
        assertEquals(0.75f, m.safetyLimits);
        assertEquals(0.98f, m.answerRate);
        assertEquals(0.0003f, m.latency);
        assertEquals(0.00005f, m.jitter);
        assertEquals(0.02f, m.missRate);
        assertEquals(123456, m.missCounter);
        assertEquals(0x7F, m.power);
        assertEquals(Fri.CTRL_JNT_IMP, m.control);
        assertEquals(0x40, m.error);
        assertEquals(0x3, m.warning);
        assertArrayEquals(krc.temperature, m.temperature);
        assertArrayEquals(krc.msrJntPos, m.msrJntPos);
        assertArrayEquals(krc.msrCartPos, m.msrCartPos);
        assertArrayEquals(krc.cmdJntPos, m.cmdJntPos);
        assertArrayEquals(krc.cmdJntPosFriOffset, m.cmdJntPosFriOffset);
        assertArrayEquals(krc.cmdCartPos, m.cmdCartPos);
        assertArrayEquals(krc.cmdCartPosFriOffset, m.cmdCartPosFriOffset);
        assertArrayEquals(krc.msrJntTrq, m.msrJntTrq);
        assertArrayEquals(krc.estExtJntTrq, m.estExtJntTrq);
        assertArrayEquals(krc.estExtTcpFT, m.estExtTcpFT);
        assertArrayEquals(krc.jacobian, m.jacobian);
        assertArrayEquals(krc.massMatrix, m.massMatrix);
        assertArrayEquals(krc.gravity, m.gravity);

        FriMeasurement copy = new FriMeasurement();
        copy.copyFrom(m);
        ByteBuffer again = ByteBuffer.allocate(1024);
        krc.encode(again);
        assertTrue(m.decode(again));
        assertArrayEquals(m.gravity, copy.gravity);
        assertArrayEquals(m.krl.intData, copy.krl.intData);
        assertEquals(m.missCounter, copy.missCounter);
    }

    @Test
    void aCommandDecodesToEveryFieldTheRemoteEncoded() {
        FriCommand remote = new FriCommand();
        remote.sendSeqCount = 40000;
        remote.reflSeqCount = 65534;
        fill(remote.krl.realData);
        for (int i = 0; i < Fri.USER_SIZE; i++) {
            remote.krl.intData[i] = 31 * i + Integer.MIN_VALUE;
        }
        remote.krl.boolData = 0x8001;
        remote.krl.fill = 0xFFFF;
        remote.cmdFlags = Fri.CMD_JOINT_IMPEDANCE | 0x3500;
        fill(remote.jntPos);
        fill(remote.cartPos);
        fill(remote.addJntTrq);
        fill(remote.addTcpFT);
        fill(remote.jntStiffness);
        fill(remote.jntDamping);
        fill(remote.cartStiffness);
        fill(remote.cartDamping);
        remote.encode(wire);

        FriCommand krc = new FriCommand();
        assertTrue(krc.decode(wire));
        assertEquals(0, wire.remaining(), "the decoder read the whole datagram");
        assertEquals(40000, krc.sendSeqCount);
        assertEquals(65534, krc.reflSeqCount);
        assertEquals(376, krc.packetSize);
        assertEquals(0x1005, krc.datagramId);
        assertArrayEquals(remote.krl.realData, krc.krl.realData);
        assertArrayEquals(remote.krl.intData, krc.krl.intData);
        assertEquals(0x8001, krc.krl.boolData);
        assertEquals(0xFFFF, krc.krl.fill);
        assertEquals(Fri.CMD_JNTPOS | Fri.CMD_JNTTRQ | Fri.CMD_JNTSTIFF | Fri.CMD_JNTDAMP | Fri.CMD_CARTPOS
                | Fri.CMD_TCPFT | Fri.CMD_CARTSTIFF | Fri.CMD_CARTDAMP, krc.cmdFlags);
        assertArrayEquals(remote.jntPos, krc.jntPos);
        assertArrayEquals(remote.cartPos, krc.cartPos);
        assertArrayEquals(remote.addJntTrq, krc.addJntTrq);
        assertArrayEquals(remote.addTcpFT, krc.addTcpFT);
        assertArrayEquals(remote.jntStiffness, krc.jntStiffness);
        assertArrayEquals(remote.jntDamping, krc.jntDamping);
        assertArrayEquals(remote.cartStiffness, krc.cartStiffness);
        assertArrayEquals(remote.cartDamping, krc.cartDamping);
    }

    @Test
    void fieldsSitAtFriCommsOffsetsInLittleEndian() {
        FriCommand c = new FriCommand();
        c.sendSeqCount = 0x1234;
        c.cmdFlags = Fri.CMD_JNTTRQ;
        c.jntPos[0] = 1;
        c.cartPos[0] = 2;
        c.addJntTrq[0] = 3;
        c.addTcpFT[0] = 4;
        c.jntStiffness[0] = 5;
        c.jntDamping[0] = 6;
        c.cartStiffness[0] = 7;
        c.cartDamping[5] = 8;
        c.encode(wire);
        assertEquals(0x34, wire.get(0));
        assertEquals(0x12, wire.get(1));
        ByteBuffer le = wire.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(Fri.CMD_JNTTRQ, le.getInt(140));
        assertEquals(1f, le.getFloat(144));
        assertEquals(2f, le.getFloat(172));
        assertEquals(3f, le.getFloat(220));
        assertEquals(4f, le.getFloat(248));
        assertEquals(5f, le.getFloat(272));
        assertEquals(6f, le.getFloat(300));
        assertEquals(7f, le.getFloat(328));
        assertEquals(8f, le.getFloat(372));

        ByteBuffer msr = ByteBuffer.allocate(Fri.MSR_DATA_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        msr.putShort(4, (short) Fri.MSR_DATA_SIZE).putShort(6, (short) Fri.DATAGRAM_ID_MSR);
        msr.putFloat(140, 9.5f).putShort(144, (short) Fri.STATE_CMD).putShort(146, (short) Fri.QUALITY_PERFECT).putInt(176, 77);
        msr.putShort(180, (short) 0x55).putFloat(188, 36.5f).putFloat(216, 0.125f).putFloat(Fri.MSR_DATA_SIZE - 4, -9.81f);
        FriMeasurement m = new FriMeasurement();
        assertTrue(m.decode(msr));
        assertEquals(9.5f, m.timestamp);
        assertEquals(Fri.STATE_CMD, m.state);
        assertEquals(Fri.QUALITY_PERFECT, m.quality);
        assertEquals(77, m.missCounter);
        assertEquals(0x55, m.power);
        assertEquals(36.5f, m.temperature[0]);
        assertEquals(0.125f, m.msrJntPos[0]);
        assertEquals(-9.81f, m.gravity[Fri.JOINTS - 1]);
    }

    @Test
    void datagramsOfAnotherSizeOrIdAreRefusedAndChangeNothing() {
        FriMeasurement krc = new FriMeasurement();
        krc.sendSeqCount = 5;
        FriMeasurement m = new FriMeasurement();

        krc.datagramId = Fri.DATAGRAM_ID_CMD;
        krc.encode(wire);
        assertFalse(m.decode(wire), "a measurement with the command's id");

        krc.datagramId = Fri.DATAGRAM_ID_MSR;
        krc.packetSize = 900;
        krc.encode(wire);
        assertFalse(m.decode(wire), "a header declaring another size");

        krc.packetSize = Fri.MSR_DATA_SIZE;
        krc.encode(wire);
        wire.limit(wire.limit() - 1);
        assertFalse(m.decode(wire), "a truncated datagram");
        assertEquals(0, m.sendSeqCount);

        new FriCommand().encode(wire);
        assertFalse(new FriMeasurement().decode(wire), "a command on the measurement port");
        assertTrue(new FriCommand().decode(wire));
    }
}
