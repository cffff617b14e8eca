package org.embodia.velma.fri;

import java.nio.ByteBuffer;

/** tFriKrlData: what the KRL program and the remote side exchange, in both datagrams. */
public final class KrlData {
    /** $FRI_TO_REA / $FRI_FRM_REA. */
    public final float[] realData = new float[Fri.USER_SIZE];
    /** $FRI_TO_INT / $FRI_FRM_INT. */
    public final int[] intData = new int[Fri.USER_SIZE];
    /** 16 booleans, one bit each. */
    public int boolData;
    /** The padding to 4 bytes; kept so that a round trip is exact. */
    public int fill;

    void encode(ByteBuffer out) {
        for (float v : realData) {
            out.putFloat(v);
        }
        for (int v : intData) {
            out.putInt(v);
        }
        out.putShort((short) boolData);
        out.putShort((short) fill);
    }

    void decode(ByteBuffer in) {
        for (int i = 0; i < Fri.USER_SIZE; i++) {
            realData[i] = in.getFloat();
        }
        for (int i = 0; i < Fri.USER_SIZE; i++) {
            intData[i] = in.getInt();
        }
        boolData = in.getShort() & 0xFFFF;
        fill = in.getShort() & 0xFFFF;
    }

    public void copyFrom(KrlData k) {
        System.arraycopy(k.realData, 0, realData, 0, Fri.USER_SIZE);
        System.arraycopy(k.intData, 0, intData, 0, Fri.USER_SIZE);
        boolData = k.boolData;
        fill = k.fill;
    }
}
