package org.embodia.velma.lwr;

/**
 * The constants of FRI 1.x for the LWR 4+ as KUKA's {@code friComm.h} (FRI SDK for KRC 2 LR,
 * revision 1.17, datagram ids 0x2006 and 0x1005) defines them, read from the public copy of that
 * header that LWR drivers carry (RCPRG-ros-pkg/lwr_hardware, Velma's real effector, includes it as
 * kuka_lwr_fri/friComm.h in lwr_fri/src/FRIComponent.cpp). Little endian, 32-bit floats, structs
 * padded to 4 bytes. The KRC's side of the same layout is {@code org.embodia.velma.sim.fri}, written
 * apart as the two sides of FRI are, and the tests hold each against the other.
 */
final class Fri {
    static final int JOINTS = 7;
    static final int USER_SIZE = 16;
    static final int FRAME = 12;
    static final int CART_VEC = 6;

    static final int HEADER_SIZE = 8;
    static final int KRL_DATA_SIZE = 132;
    static final int INTF_STATE_SIZE = 40;
    static final int ROBOT_STATE_SIZE = 36;
    static final int ROBOT_DATA_SIZE = 175 * 4;
    static final int ROBOT_COMMAND_SIZE = 59 * 4;
    /** tFriMsrData: 916 bytes. */
    static final int MSR_DATA_SIZE = HEADER_SIZE + KRL_DATA_SIZE + INTF_STATE_SIZE + ROBOT_STATE_SIZE + ROBOT_DATA_SIZE;
    /** tFriCmdData: 376 bytes. */
    static final int CMD_DATA_SIZE = HEADER_SIZE + KRL_DATA_SIZE + ROBOT_COMMAND_SIZE;

    static final int DATAGRAM_ID_MSR = 0x2006;
    static final int DATAGRAM_ID_CMD = 0x1005;

    static final int STATE_OFF = 0;
    static final int STATE_MON = 1;
    static final int STATE_CMD = 2;

    /** FRI_QUALITY; KUKA ranks UNACCEPTABLE below BAD, Embodia's FriQuality the other way round. */
    static final int QUALITY_UNACCEPTABLE = 0;
    static final int QUALITY_BAD = 1;
    static final int QUALITY_OK = 2;
    static final int QUALITY_PERFECT = 3;

    static final int CTRL_OTHER = 0;
    static final int CTRL_POSITION = 1;
    static final int CTRL_CART_IMP = 2;
    static final int CTRL_JNT_IMP = 3;

    static final int CMD_JNTPOS = 0x0001;
    static final int CMD_JNTTRQ = 0x0004;
    static final int CMD_JNTSTIFF = 0x0010;
    static final int CMD_JNTDAMP = 0x0020;
    /** What Velma's joint impedance answer asks for: position, additional torque, stiffness and damping. */
    static final int CMD_JOINT_IMPEDANCE = CMD_JNTPOS | CMD_JNTTRQ | CMD_JNTSTIFF | CMD_JNTDAMP;

    private Fri() {
    }
}
