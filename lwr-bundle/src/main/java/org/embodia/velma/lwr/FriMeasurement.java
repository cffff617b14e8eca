package org.embodia.velma.lwr;

import static org.embodia.velma.lwr.Fri.CART_VEC;
import static org.embodia.velma.lwr.Fri.FRAME;
import static org.embodia.velma.lwr.Fri.JOINTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.embodia.api.buffer.Message;

/**
 * tFriMsrData as the remote side reads it: every field of a measurement datagram, and its decoding.
 * A message, so that the receiver thread hands it to the loop through a lock-free buffer pair.
 */
final class FriMeasurement implements Message<FriMeasurement> {
    // tFriHeader
    int sendSeqCount;
    int reflSeqCount;
    int packetSize;
    int datagramId;
    // tFriKrlData
    final KrlData krl = new KrlData();
    // tFriIntfState
    float timestamp;
    int state;
    int quality;
    float desiredMsrSampleTime;
    float desiredCmdSampleTime;
    float safetyLimits;
    // tFriIntfStatistics
    float answerRate;
    float latency;
    float jitter;
    float missRate;
    int missCounter;
    // tFriRobotState
    int power;
    int control;
    int error;
    int warning;
    final float[] temperature = new float[JOINTS];
    // tFriRobotData
    final float[] msrJntPos = new float[JOINTS];
    final float[] msrCartPos = new float[FRAME];
    final float[] cmdJntPos = new float[JOINTS];
    final float[] cmdJntPosFriOffset = new float[JOINTS];
    final float[] cmdCartPos = new float[FRAME];
    final float[] cmdCartPosFriOffset = new float[FRAME];
    final float[] msrJntTrq = new float[JOINTS];
    final float[] estExtJntTrq = new float[JOINTS];
    final float[] estExtTcpFT = new float[CART_VEC];
    final float[] jacobian = new float[CART_VEC * JOINTS];
    final float[] massMatrix = new float[JOINTS * JOINTS];
    final float[] gravity = new float[JOINTS];

    /**
     * Reads a measurement datagram from {@code in}'s position to its limit. One of another size or
     * id, or whose header declares another size, is refused (false) with every field unchanged.
     */
    boolean decode(ByteBuffer in) {
        in.order(ByteOrder.LITTLE_ENDIAN);
        int at = in.position();
        if (in.remaining() != Fri.MSR_DATA_SIZE || (in.getShort(at + 4) & 0xFFFF) != Fri.MSR_DATA_SIZE
                || (in.getShort(at + 6) & 0xFFFF) != Fri.DATAGRAM_ID_MSR) {
            return false;
        }
        sendSeqCount = in.getShort() & 0xFFFF;
        reflSeqCount = in.getShort() & 0xFFFF;
        packetSize = in.getShort() & 0xFFFF;
        datagramId = in.getShort() & 0xFFFF;
        krl.decode(in);
        timestamp = in.getFloat();
        state = in.getShort() & 0xFFFF;
        quality = in.getShort() & 0xFFFF;
        desiredMsrSampleTime = in.getFloat();
        desiredCmdSampleTime = in.getFloat();
        safetyLimits = in.getFloat();
        answerRate = in.getFloat();
        latency = in.getFloat();
        jitter = in.getFloat();
        missRate = in.getFloat();
        missCounter = in.getInt();
        power = in.getShort() & 0xFFFF;
        control = in.getShort() & 0xFFFF;
        error = in.getShort() & 0xFFFF;
        warning = in.getShort() & 0xFFFF;
        get(in, temperature);
        get(in, msrJntPos);
        get(in, msrCartPos);
        get(in, cmdJntPos);
        get(in, cmdJntPosFriOffset);
        get(in, cmdCartPos);
        get(in, cmdCartPosFriOffset);
        get(in, msrJntTrq);
        get(in, estExtJntTrq);
        get(in, estExtTcpFT);
        get(in, jacobian);
        get(in, massMatrix);
        get(in, gravity);
        return true;
    }

    private static void get(ByteBuffer in, float[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = in.getFloat();
        }
    }

    @Override
    public void copyFrom(FriMeasurement m) {
        sendSeqCount = m.sendSeqCount;
        reflSeqCount = m.reflSeqCount;
        packetSize = m.packetSize;
        datagramId = m.datagramId;
        krl.copyFrom(m.krl);
        timestamp = m.timestamp;
        state = m.state;
        quality = m.quality;
        desiredMsrSampleTime = m.desiredMsrSampleTime;
        desiredCmdSampleTime = m.desiredCmdSampleTime;
        safetyLimits = m.safetyLimits;
        answerRate = m.answerRate;
        latency = m.latency;
        jitter = m.jitter;
        missRate = m.missRate;
        missCounter = m.missCounter;
        power = m.power;
        control = m.control;
        error = m.error;
        warning = m.warning;
        copy(m.temperature, temperature);
        copy(m.msrJntPos, msrJntPos);
        copy(m.msrCartPos, msrCartPos);
        copy(m.cmdJntPos, cmdJntPos);
        copy(m.cmdJntPosFriOffset, cmdJntPosFriOffset);
        copy(m.cmdCartPos, cmdCartPos);
        copy(m.cmdCartPosFriOffset, cmdCartPosFriOffset);
        copy(m.msrJntTrq, msrJntTrq);
        copy(m.estExtJntTrq, estExtJntTrq);
        copy(m.estExtTcpFT, estExtTcpFT);
        copy(m.jacobian, jacobian);
        copy(m.massMatrix, massMatrix);
        copy(m.gravity, gravity);
    }

    private static void copy(float[] from, float[] to) {
        System.arraycopy(from, 0, to, 0, to.length);
    }
}
