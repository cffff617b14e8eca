package org.embodia.velma.lwr;

import java.nio.ByteBuffer;

/** tFriKrlData: what the KRL program and the remote side exchange, in both datagrams. */
final class KrlData {
    final float[] realData = new float[Fri.USER_SIZE];
    final int[] intData = new int[Fri.USER_SIZE];
    /** 16 booleans, one bit each. */
    int boolData;
    /** The padding to 4 bytes. */
    int fill;

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

    void copyFrom(KrlData k) {
        System.arraycopy(k.realData, 0, realData, 0, Fri.USER_SIZE);
        System.arraycopy(k.intData, 0, intData, 0, Fri.USER_SIZE);
        boolData = k.boolData;
        fill = k.fill;
    }
}
