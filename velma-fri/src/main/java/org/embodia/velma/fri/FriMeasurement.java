package org.embodia.velma.fri;

import static org.embodia.velma.fri.Fri.CART_VEC;
import static org.embodia.velma.fri.Fri.FRAME;
import static org.embodia.velma.fri.Fri.JOINTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.embodia.api.buffer.Message;

/**
 * tFriMsrData, the measurement datagram the KRC sends every FRI cycle: every field, its encoding (the KRC's
 * side) and its decoding (the remote side's). A message, so that a receiver thread can hand it to a control
 * loop through a lock-free buffer pair.
 */
public final class FriMeasurement implements Message<FriMeasurement> {
    // tFriHeader
    public int sendSeqCount;
    public int reflSeqCount;
    public int packetSize = Fri.MSR_DATA_SIZE;
    public int datagramId = Fri.DATAGRAM_ID_MSR;
    // tFriKrlData
    public final KrlData krl = new KrlData();
    // tFriIntfState
    public float timestamp;
    public int state = Fri.STATE_MON;
    public int quality = Fri.QUALITY_UNACCEPTABLE;
    public float desiredMsrSampleTime;
    public float desiredCmdSampleTime;
    public float safetyLimits;
    // tFriIntfStatistics
    public float answerRate;
    public float latency;
    public float jitter;
    public float missRate;
    public int missCounter;
    // tFriRobotState
    public int power;
    public int control;
    public int error;
    public int warning;
    public final float[] temperature = new float[JOINTS];
    // tFriRobotData
    public final float[] msrJntPos = new float[JOINTS];
    public final float[] msrCartPos = new float[FRAME];
    public final float[] cmdJntPos = new float[JOINTS];
    public final float[] cmdJntPosFriOffset = new float[JOINTS];
    public final float[] cmdCartPos = new float[FRAME];
    public final float[] cmdCartPosFriOffset = new float[FRAME];
    public final float[] msrJntTrq = new float[JOINTS];
    public final float[] estExtJntTrq = new float[JOINTS];
    public final float[] estExtTcpFT = new float[CART_VEC];
    public final float[] jacobian = new float[CART_VEC * JOINTS];
    public final float[] massMatrix = new float[JOINTS * JOINTS];
    public final float[] gravity = new float[JOINTS];

    /** Writes the datagram from the start of {@code out}, which it leaves flipped for sending. */
    public void encode(ByteBuffer out) {
        out.clear();
        out.order(ByteOrder.LITTLE_ENDIAN);
        out.putShort((short) sendSeqCount);
        out.putShort((short) reflSeqCount);
        out.putShort((short) packetSize);
        out.putShort((short) datagramId);
        krl.encode(out);
        out.putFloat(timestamp);
        out.putShort((short) state);
        out.putShort((short) quality);
        out.putFloat(desiredMsrSampleTime);
        out.putFloat(desiredCmdSampleTime);
        out.putFloat(safetyLimits);
        out.putFloat(answerRate);
        out.putFloat(latency);
        out.putFloat(jitter);
        out.putFloat(missRate);
        out.putInt(missCounter);
        out.putShort((short) power);
        out.putShort((short) control);
        out.putShort((short) error);
        out.putShort((short) warning);
        Fri.put(out, temperature);
        Fri.put(out, msrJntPos);
        Fri.put(out, msrCartPos);
        Fri.put(out, cmdJntPos);
        Fri.put(out, cmdJntPosFriOffset);
        Fri.put(out, cmdCartPos);
        Fri.put(out, cmdCartPosFriOffset);
        Fri.put(out, msrJntTrq);
        Fri.put(out, estExtJntTrq);
        Fri.put(out, estExtTcpFT);
        Fri.put(out, jacobian);
        Fri.put(out, massMatrix);
        Fri.put(out, gravity);
        out.flip();
    }

    /**
     * Reads a measurement datagram from {@code in}'s position to its limit. One of another size or id, or
     * whose header declares another size, is refused (false) with every field unchanged.
     */
    public boolean decode(ByteBuffer in) {
        if (!Fri.isDatagram(in, Fri.MSR_DATA_SIZE, Fri.DATAGRAM_ID_MSR)) {
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
        Fri.get(in, temperature);
        Fri.get(in, msrJntPos);
        Fri.get(in, msrCartPos);
        Fri.get(in, cmdJntPos);
        Fri.get(in, cmdJntPosFriOffset);
        Fri.get(in, cmdCartPos);
        Fri.get(in, cmdCartPosFriOffset);
        Fri.get(in, msrJntTrq);
        Fri.get(in, estExtJntTrq);
        Fri.get(in, estExtTcpFT);
        Fri.get(in, jacobian);
        Fri.get(in, massMatrix);
        Fri.get(in, gravity);
        return true;
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
        System.arraycopy(m.temperature, 0, temperature, 0, temperature.length);
        System.arraycopy(m.msrJntPos, 0, msrJntPos, 0, msrJntPos.length);
        System.arraycopy(m.msrCartPos, 0, msrCartPos, 0, msrCartPos.length);
        System.arraycopy(m.cmdJntPos, 0, cmdJntPos, 0, cmdJntPos.length);
        System.arraycopy(m.cmdJntPosFriOffset, 0, cmdJntPosFriOffset, 0, cmdJntPosFriOffset.length);
        System.arraycopy(m.cmdCartPos, 0, cmdCartPos, 0, cmdCartPos.length);
        System.arraycopy(m.cmdCartPosFriOffset, 0, cmdCartPosFriOffset, 0, cmdCartPosFriOffset.length);
        System.arraycopy(m.msrJntTrq, 0, msrJntTrq, 0, msrJntTrq.length);
        System.arraycopy(m.estExtJntTrq, 0, estExtJntTrq, 0, estExtJntTrq.length);
        System.arraycopy(m.estExtTcpFT, 0, estExtTcpFT, 0, estExtTcpFT.length);
        System.arraycopy(m.jacobian, 0, jacobian, 0, jacobian.length);
        System.arraycopy(m.massMatrix, 0, massMatrix, 0, massMatrix.length);
        System.arraycopy(m.gravity, 0, gravity, 0, gravity.length);
    }
}
