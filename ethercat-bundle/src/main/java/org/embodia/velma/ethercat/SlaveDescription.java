package org.embodia.velma.ethercat;

import java.util.List;

/**
 * One slave of a bus description, in bus order: its identity as its SII EEPROM gives it, its mailbox if it
 * has one (SyncManager 0 master to slave, SyncManager 1 slave to master) with the SDOs the master writes
 * over CoE in PRE-OP and, for a drive, its process data: the RxPDO written into SyncManager 2 and the TxPDO
 * read from SyncManager 3.
 *
 * @param name what errors and the shell call it, e.g. {@code HeadPan}
 * @param vendorId SII word 0x0008
 * @param productCode SII word 0x000A
 * @param outputBytes RxPDO size (master to slave); 0 for a slave without process data
 * @param inputBytes TxPDO size (slave to master)
 * @param outputSm physical start of SyncManager 2 in the slave's process RAM
 * @param inputSm physical start of SyncManager 3
 * @param countsPerRadian position and velocity scaling of the drive's encoder
 * @param ratedTorque the motor's rated torque (N·m): CiA 402 gives torques in thousandths of it
 * @param absoluteEncoder whether the drive knows its position from power-up, else it must be homed
 * @param mailboxOut physical start of SyncManager 0, the write mailbox (master to slave)
 * @param mailboxOutBytes its size; 0 for a slave without a mailbox
 * @param mailboxIn physical start of SyncManager 1, the read mailbox (slave to master)
 * @param mailboxInBytes its size
 * @param startup the SDO downloads of the slave's start-up list, in order
 */
public record SlaveDescription(String name, int vendorId, int productCode, int outputBytes, int inputBytes, int outputSm, int inputSm,
        double countsPerRadian, double ratedTorque, boolean absoluteEncoder, int mailboxOut, int mailboxOutBytes, int mailboxIn,
        int mailboxInBytes, List<SdoWrite> startup) {

    public SlaveDescription {
        startup = List.copyOf(startup);
        if (!startup.isEmpty() && mailboxOutBytes == 0) {
            throw new IllegalArgumentException(name + " has SDOs to write at start-up but no mailbox");
        }
    }

    public static SlaveDescription coupler(String name, int vendorId, int productCode) {
        return new SlaveDescription(name, vendorId, productCode, 0, 0, 0, 0, 0, 0, false, 0, 0, 0, 0, List.of());
    }

    public boolean drive() {
        return outputBytes > 0;
    }

    /** Whether the slave has a mailbox and so speaks CoE. */
    public boolean hasMailbox() {
        return mailboxOutBytes > 0;
    }

    /** The same slave with another start-up list. */
    public SlaveDescription withStartup(List<SdoWrite> writes) {
        return new SlaveDescription(name, vendorId, productCode, outputBytes, inputBytes, outputSm, inputSm, countsPerRadian, ratedTorque,
                absoluteEncoder, mailboxOut, mailboxOutBytes, mailboxIn, mailboxInBytes, writes);
    }
}
