package org.embodia.velma.ethercat;

import java.util.List;

import org.embodia.velma.api.DriveCommand;

/**
 * Velma's EtherCAT bus in cable order: an EK1100 coupler, then the Elmo drives of the head and the torso.
 * The drives' PDO mapping is the one {@link DrivePdo} encodes; each drive has a mailbox of 128 bytes each way
 * below its process data, and starts in cyclic synchronous torque mode, which holds nothing at torque 0.
 */
public final class VelmaBus {
    public static final int BECKHOFF = 0x00000002;
    /** EK1100: 1100 decimal in the high word, as Beckhoff numbers its terminals (0x044C2C52). */
    public static final int EK1100 = 0x044C2C52;
    public static final int ELMO = 0x0000009A;
    public static final int ELMO_GOLD = 0x00030924;
    public static final int OUTPUT_SM = 0x1100;
    public static final int INPUT_SM = 0x1180;
    public static final int MAILBOX_OUT = 0x1000;
    public static final int MAILBOX_IN = 0x1080;
    public static final int MAILBOX_BYTES = 128;
    public static final String HEAD_PAN = "HeadPan";
    public static final String HEAD_TILT = "HeadTilt";
    public static final String TORSO_PAN = "TorsoPan";

    private VelmaBus() {
    }

    public static List<SlaveDescription> slaves() {
        return List.of(SlaveDescription.coupler("EK1100", BECKHOFF, EK1100),
                drive(HEAD_PAN, 2, false),
                drive(HEAD_TILT, 2, false),
                drive(TORSO_PAN, 20, true));
    }

    private static SlaveDescription drive(String name, double ratedTorque, boolean absoluteEncoder) {
        return new SlaveDescription(name, ELMO, ELMO_GOLD, DrivePdo.RX_BYTES, DrivePdo.TX_BYTES, OUTPUT_SM, INPUT_SM, DrivePdo.COUNTS_PER_RADIAN,
                ratedTorque, absoluteEncoder, MAILBOX_OUT, MAILBOX_BYTES, MAILBOX_IN, MAILBOX_BYTES,
                DrivePdo.startup(DriveCommand.MODE_CYCLIC_TORQUE));
    }
}
