package org.embodia.velma.fri;

import static org.embodia.velma.fri.Fri.CART_VEC;
import static org.embodia.velma.fri.Fri.FRAME;
import static org.embodia.velma.fri.Fri.JOINTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** tFriCmdData, the command datagram that answers a measurement: every field, its encoding (the remote side's) and decoding (the KRC's). */
public final class FriCommand {
    // tFriHeader
    public int sendSeqCount;
    public int reflSeqCount;
    public int packetSize = Fri.CMD_DATA_SIZE;
    public int datagramId = Fri.DATAGRAM_ID_CMD;
    // tFriKrlData
    public final KrlData krl = new KrlData();
    // tFriRobotCommand
    /** Which commanded values the KRC is to use: {@code Fri.CMD_*}. */
    public int cmdFlags;
    public final float[] jntPos = new float[JOINTS];
    public final float[] cartPos = new float[FRAME];
    public final float[] addJntTrq = new float[JOINTS];
    public final float[] addTcpFT = new float[CART_VEC];
    public final float[] jntStiffness = new float[JOINTS];
    /** Normalized damping (0..1). */
    public final float[] jntDamping = new float[JOINTS];
    public final float[] cartStiffness = new float[CART_VEC];
    public final float[] cartDamping = new float[CART_VEC];

    /** Writes the datagram from the start of {@code out}, which it leaves flipped for sending. */
    public void encode(ByteBuffer out) {
        out.clear();
        out.order(ByteOrder.LITTLE_ENDIAN);
        out.putShort((short) sendSeqCount);
        out.putShort((short) reflSeqCount);
        out.putShort((short) packetSize);
        out.putShort((short) datagramId);
        krl.encode(out);
        out.putInt(cmdFlags);
        Fri.put(out, jntPos);
        Fri.put(out, cartPos);
        Fri.put(out, addJntTrq);
        Fri.put(out, addTcpFT);
        Fri.put(out, jntStiffness);
        Fri.put(out, jntDamping);
        Fri.put(out, cartStiffness);
        Fri.put(out, cartDamping);
        out.flip();
    }

    /**
     * Reads a command datagram from {@code in}'s position to its limit. One of another size or id, or whose
     * header declares another size, is refused (false) with every field unchanged.
     */
    public boolean decode(ByteBuffer in) {
        if (!Fri.isDatagram(in, Fri.CMD_DATA_SIZE, Fri.DATAGRAM_ID_CMD)) {
            return false;
        }
        sendSeqCount = in.getShort() & 0xFFFF;
        reflSeqCount = in.getShort() & 0xFFFF;
        packetSize = in.getShort() & 0xFFFF;
        datagramId = in.getShort() & 0xFFFF;
        krl.decode(in);
        cmdFlags = in.getInt();
        Fri.get(in, jntPos);
        Fri.get(in, cartPos);
        Fri.get(in, addJntTrq);
        Fri.get(in, addTcpFT);
        Fri.get(in, jntStiffness);
        Fri.get(in, jntDamping);
        Fri.get(in, cartStiffness);
        Fri.get(in, cartDamping);
        return true;
    }
}
