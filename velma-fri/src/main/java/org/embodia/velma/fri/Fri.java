package org.embodia.velma.fri;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The constants of FRI 1.x for the LWR 4+ as KUKA's {@code friComm.h} (FRI SDK for KRC 2 LR,
 * revision 1.17, datagram ids 0x2006/0x1005) defines them; the header was read from the public
 * copy many LWR projects carry (e.g. RCPRG-ros-pkg/lwr_hardware, whose lwr_fri/src/FRIComponent.cpp
 * includes it as kuka_lwr_fri/friComm.h). Every datagram is little endian, every float 32-bit
 * IEEE 754, every struct padded to 4 bytes.
 */
public final class Fri {
    /** Joints of the LWR (LBR_MNJ). */
    public static final int JOINTS = 7;
    /** User data exchanged with the KRL interpreter (FRI_USER_SIZE). */
    public static final int USER_SIZE = 16;
    /** A 3x4 homogeneous frame, row major (FRI_CART_FRM_DIM). */
    public static final int FRAME = 12;
    /** A Cartesian vector (FRI_CART_VEC). */
    public static final int CART_VEC = 6;

    public static final int HEADER_SIZE = 8;
    public static final int KRL_DATA_SIZE = 132;
    public static final int INTF_STATE_SIZE = 40;
    public static final int ROBOT_STATE_SIZE = 36;
    public static final int ROBOT_DATA_SIZE = 175 * 4;
    public static final int ROBOT_COMMAND_SIZE = 59 * 4;
    /** tFriMsrData: 916 bytes. */
    public static final int MSR_DATA_SIZE = HEADER_SIZE + KRL_DATA_SIZE + INTF_STATE_SIZE + ROBOT_STATE_SIZE + ROBOT_DATA_SIZE;
    /** tFriCmdData: 376 bytes. */
    public static final int CMD_DATA_SIZE = HEADER_SIZE + KRL_DATA_SIZE + ROBOT_COMMAND_SIZE;

    public static final int DATAGRAM_ID_MSR = 0x2006;
    public static final int DATAGRAM_ID_CMD = 0x1005;

    /** FRI_STATE. */
    public static final int STATE_OFF = 0;
    public static final int STATE_MON = 1;
    public static final int STATE_CMD = 2;

    /** FRI_QUALITY: note that KUKA ranks UNACCEPTABLE below BAD. */
    public static final int QUALITY_UNACCEPTABLE = 0;
    public static final int QUALITY_BAD = 1;
    public static final int QUALITY_OK = 2;
    public static final int QUALITY_PERFECT = 3;

    /** FRI_CTRL. */
    public static final int CTRL_OTHER = 0;
    public static final int CTRL_POSITION = 1;
    public static final int CTRL_CART_IMP = 2;
    public static final int CTRL_JNT_IMP = 3;

    /** cmdFlags: which commanded values the KRC is to use. */
    public static final int CMD_JNTPOS = 0x0001;
    public static final int CMD_JNTTRQ = 0x0004;
    public static final int CMD_JNTSTIFF = 0x0010;
    public static final int CMD_JNTDAMP = 0x0020;
    public static final int CMD_CARTPOS = 0x0100;
    public static final int CMD_TCPFT = 0x0400;
    public static final int CMD_CARTSTIFF = 0x1000;
    public static final int CMD_CARTDAMP = 0x2000;
    /** What Velma's joint impedance answer asks for: position, additional torque, stiffness and damping. */
    public static final int CMD_JOINT_IMPEDANCE = CMD_JNTPOS | CMD_JNTTRQ | CMD_JNTSTIFF | CMD_JNTDAMP;

    private Fri() {
    }

    /** Whether {@code in} holds, from its position to its limit, exactly one datagram of this size and id. */
    static boolean isDatagram(ByteBuffer in, int size, int id) {
        in.order(ByteOrder.LITTLE_ENDIAN);
        int at = in.position();
        return in.remaining() == size && (in.getShort(at + 4) & 0xFFFF) == size && (in.getShort(at + 6) & 0xFFFF) == id;
    }

    static void put(ByteBuffer out, float[] values) {
        for (float v : values) {
            out.putFloat(v);
        }
    }

    static void get(ByteBuffer in, float[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = in.getFloat();
        }
    }
}
