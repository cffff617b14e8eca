package org.embodia.velma.sim.fri;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.embodia.velma.sim.fri.FriWire.CART_VEC;
import static org.embodia.velma.sim.fri.FriWire.FRAME;
import static org.embodia.velma.sim.fri.FriWire.JOINTS;

/**
 * tFriMsrData as the KRC writes it: every field of the measurement datagram, and its encoding. The
 * fields are public so that the peer and tests fill them directly; nothing here allocates.
 */
public final class MsrDatagram {
    // tFriHeader
    public int sendSeqCount;
    public int reflSeqCount;
    public int packetSize = FriWire.MSR_DATA_SIZE;
    public int datagramId = FriWire.DATAGRAM_ID_MSR;
    // tFriKrlData
    public final KrlData krl = new KrlData();
    // tFriIntfState
    public float timestamp;
    public int state = FriWire.STATE_MON;
    public int quality = FriWire.QUALITY_UNACCEPTABLE;
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
        put(out, temperature);
        put(out, msrJntPos);
        put(out, msrCartPos);
        put(out, cmdJntPos);
        put(out, cmdJntPosFriOffset);
        put(out, cmdCartPos);
        put(out, cmdCartPosFriOffset);
        put(out, msrJntTrq);
        put(out, estExtJntTrq);
        put(out, estExtTcpFT);
        put(out, jacobian);
        put(out, massMatrix);
        put(out, gravity);
        out.flip();
    }

    private static void put(ByteBuffer out, float[] values) {
        for (float v : values) {
            out.putFloat(v);
        }
    }
}
