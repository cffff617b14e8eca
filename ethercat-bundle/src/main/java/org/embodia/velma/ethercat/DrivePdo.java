package org.embodia.velma.ethercat;

import java.util.List;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;

/**
 * The process data of Velma's CiA 402 drives in the process image, packed little-endian.
 * RxPDO: controlword 0x6040 (u16), modes of operation 0x6060 (i8), target position 0x607A (i32, counts),
 * target torque 0x6071 (i16, thousandths of rated torque). TxPDO: statusword 0x6041 (u16), modes of
 * operation display 0x6061 (i8), position actual 0x6064 (i32), velocity actual 0x606C (i32, counts/s),
 * torque actual 0x6077 (i16). The drives map them in RxPDO 0x1600 and TxPDO 0x1A00, which the master assigns
 * to SyncManagers 2 and 3 over CoE at start-up ({@link #startup}).
 */
public final class DrivePdo {
    public static final int RX_BYTES = 9;
    public static final int TX_BYTES = 13;
    public static final double COUNTS_PER_RADIAN = 100_000;
    /** The RxPDO and TxPDO mapping objects, and the objects assigning PDOs to SyncManager 2 and 3 (ETG.1000.6). */
    public static final int RX_PDO = 0x1600;
    public static final int TX_PDO = 0x1A00;
    public static final int RX_PDO_ASSIGN = 0x1C12;
    public static final int TX_PDO_ASSIGN = 0x1C13;
    /** Modes of operation (i8) and motor rated torque (u32, mN·m), CiA 402. */
    public static final int MODES_OF_OPERATION = 0x6060;
    public static final int MOTOR_RATED_TORQUE = 0x6076;

    private DrivePdo() {
    }

    public static void writeCommand(DriveCommand c, SlaveDescription d, byte[] b, int at) {
        Frame.putU16(b, at, c.controlWord);
        b[at + 2] = (byte) c.mode;
        Frame.putU32(b, at + 3, saturate(c.targetPosition * d.countsPerRadian(), Integer.MIN_VALUE, Integer.MAX_VALUE));
        Frame.putU16(b, at + 7, saturate(c.targetTorque * 1000 / d.ratedTorque(), Short.MIN_VALUE, Short.MAX_VALUE));
    }

    /** Fills everything but {@link DriveStatus#homed}, which the master tracks. */
    public static void readStatus(byte[] b, int at, SlaveDescription d, DriveStatus s) {
        s.statusWord = Frame.u16(b, at);
        s.mode = b[at + 2];
        s.position = Frame.u32(b, at + 3) / d.countsPerRadian();
        s.velocity = Frame.u32(b, at + 7) / d.countsPerRadian();
        s.torque = Frame.s16(b, at + 11) * d.ratedTorque() / 1000;
    }

    /**
     * A drive's start-up SDOs: RxPDO 0x1600 and TxPDO 0x1A00 assigned as a master assigns PDOs (count 0, the
     * entry, count 1: ETG.1000.6 lets entries change only while the count is 0), then the mode the drive
     * starts in until its RxPDO carries one.
     */
    public static List<SdoWrite> startup(int mode) {
        return List.of(new SdoWrite(RX_PDO_ASSIGN, 0, 0, 1), new SdoWrite(RX_PDO_ASSIGN, 1, RX_PDO, 2), new SdoWrite(RX_PDO_ASSIGN, 0, 1, 1),
                new SdoWrite(TX_PDO_ASSIGN, 0, 0, 1), new SdoWrite(TX_PDO_ASSIGN, 1, TX_PDO, 2), new SdoWrite(TX_PDO_ASSIGN, 0, 1, 1),
                new SdoWrite(MODES_OF_OPERATION, 0, mode, 1));
    }

    /** Rounds into the field's range; a NaN becomes 0, as the drive could not take it anyway. */
    private static int saturate(double value, int min, int max) {
        return (int) Math.max(min, Math.min(max, Math.rint(value)));
    }
}
