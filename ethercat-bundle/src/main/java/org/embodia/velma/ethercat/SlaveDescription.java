package org.embodia.velma.ethercat;

/**
 * One slave of a bus description, in bus order: its identity as its SII EEPROM gives it and, for a drive, its
 * process data: the RxPDO written into SyncManager 2 and the TxPDO read from SyncManager 3.
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
 */
public record SlaveDescription(String name, int vendorId, int productCode, int outputBytes, int inputBytes, int outputSm, int inputSm,
        double countsPerRadian, double ratedTorque, boolean absoluteEncoder) {

    public static SlaveDescription coupler(String name, int vendorId, int productCode) {
        return new SlaveDescription(name, vendorId, productCode, 0, 0, 0, 0, 0, 0, false);
    }

    public boolean drive() {
        return outputBytes > 0;
    }
}
