package org.embodia.velma.sim.fri;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.embodia.velma.sim.fri.FriWire.CART_VEC;
import static org.embodia.velma.sim.fri.FriWire.FRAME;
import static org.embodia.velma.sim.fri.FriWire.JOINTS;

/** tFriCmdData as the KRC reads it: every field of the command datagram, and its decoding. Nothing here allocates. */
public final class CmdDatagram {
    // tFriHeader
    public int sendSeqCount;
    public int reflSeqCount;
    public int packetSize;
    public int datagramId;
    // tFriKrlData
    public final KrlData krl = new KrlData();
    // tFriRobotCommand
    public int cmdFlags;
    public final float[] jntPos = new float[JOINTS];
    public final float[] cartPos = new float[FRAME];
    public final float[] addJntTrq = new float[JOINTS];
    public final float[] addTcpFT = new float[CART_VEC];
    public final float[] jntStiffness = new float[JOINTS];
    public final float[] jntDamping = new float[JOINTS];
    public final float[] cartStiffness = new float[CART_VEC];
    public final float[] cartDamping = new float[CART_VEC];

    /**
     * Reads a command datagram from {@code in}'s position to its limit. A datagram of another size
     * or id, or whose header declares another size, is refused (false) with every field unchanged.
     */
    public boolean decode(ByteBuffer in) {
        in.order(ByteOrder.LITTLE_ENDIAN);
        int at = in.position();
        if (in.remaining() != FriWire.CMD_DATA_SIZE || (in.getShort(at + 4) & 0xFFFF) != FriWire.CMD_DATA_SIZE
                || (in.getShort(at + 6) & 0xFFFF) != FriWire.DATAGRAM_ID_CMD) {
            return false;
        }
        sendSeqCount = in.getShort() & 0xFFFF;
        reflSeqCount = in.getShort() & 0xFFFF;
        packetSize = in.getShort() & 0xFFFF;
        datagramId = in.getShort() & 0xFFFF;
        krl.decode(in);
        cmdFlags = in.getInt();
        get(in, jntPos);
        get(in, cartPos);
        get(in, addJntTrq);
        get(in, addTcpFT);
        get(in, jntStiffness);
        get(in, jntDamping);
        get(in, cartStiffness);
        get(in, cartDamping);
        return true;
    }

    private static void get(ByteBuffer in, float[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = in.getFloat();
        }
    }
}
