package org.embodia.velma.lwr;

import static org.embodia.velma.lwr.Fri.CART_VEC;
import static org.embodia.velma.lwr.Fri.FRAME;
import static org.embodia.velma.lwr.Fri.JOINTS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** tFriCmdData as the remote side writes it: every field of a command datagram, and its encoding. */
final class FriCommand {
    // tFriHeader
    int sendSeqCount;
    int reflSeqCount;
    int packetSize = Fri.CMD_DATA_SIZE;
    int datagramId = Fri.DATAGRAM_ID_CMD;
    // tFriKrlData
    final KrlData krl = new KrlData();
    // tFriRobotCommand
    int cmdFlags;
    final float[] jntPos = new float[JOINTS];
    final float[] cartPos = new float[FRAME];
    final float[] addJntTrq = new float[JOINTS];
    final float[] addTcpFT = new float[CART_VEC];
    final float[] jntStiffness = new float[JOINTS];
    /** Normalized damping (0..1). */
    final float[] jntDamping = new float[JOINTS];
    final float[] cartStiffness = new float[CART_VEC];
    final float[] cartDamping = new float[CART_VEC];

    /** Writes the datagram from the start of {@code out}, which it leaves flipped for sending. */
    void encode(ByteBuffer out) {
        out.clear();
        out.order(ByteOrder.LITTLE_ENDIAN);
        out.putShort((short) sendSeqCount);
        out.putShort((short) reflSeqCount);
        out.putShort((short) packetSize);
        out.putShort((short) datagramId);
        krl.encode(out);
        out.putInt(cmdFlags);
        put(out, jntPos);
        put(out, cartPos);
        put(out, addJntTrq);
        put(out, addTcpFT);
        put(out, jntStiffness);
        put(out, jntDamping);
        put(out, cartStiffness);
        put(out, cartDamping);
        out.flip();
    }

    private static void put(ByteBuffer out, float[] values) {
        for (float v : values) {
            out.putFloat(v);
        }
    }
}
