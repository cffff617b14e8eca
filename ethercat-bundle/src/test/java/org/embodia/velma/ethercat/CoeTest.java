package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.emulator.ethercat.ObjectDictionary;
import org.embodia.velma.emulator.ethercat.SimulatedBus;
import org.embodia.velma.emulator.ethercat.SimulatedSegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CoE through the drives' mailboxes, the master against the simulated segment on a veth pair (as
 * {@link MasterTest}; needs root): the start-up SDOs that assign the PDOs, SDO download and upload in PRE-OP
 * and between cycles in OP, and the messages of aborts and of a drive that does not answer.
 */
class CoeTest {
    /** Far above a 2 ms cycle: this VM stalls at times, and a late frame is not what these tests look for. */
    private static final long CYCLE_TIMEOUT_NANOS = 50_000_000L;
    private static final int HEAD_PAN = 1;
    private static final int HEAD_TILT = 2;
    private static final int TORSO_PAN = 3;

    private SimulatedBus bus;
    private SimulatedSegment segment;
    private Master master;

    @BeforeEach
    void segment() throws Exception {
        bus = SimulatedBus.start();
        segment = bus.segment();
    }

    @AfterEach
    void close() {
        if (master != null) {
            master.close();
        }
        if (bus != null) {
            bus.close();
        }
    }

    private Master start(List<SlaveDescription> slaves) throws EthercatException {
        master = new Master(RawSocket.open(bus.hostInterface()), slaves, CYCLE_TIMEOUT_NANOS);
        master.start();
        return master;
    }

    private Master start() throws EthercatException {
        return start(VelmaBus.slaves());
    }

    @Test
    void theStartUpAssignsEachDrivesPdosOverCoe() throws Exception {
        start();
        for (int p = HEAD_PAN; p <= TORSO_PAN; p++) {
            ObjectDictionary d = segment.slave(p).dictionary();
            assertEquals(1, d.value(DrivePdo.RX_PDO_ASSIGN, 0), segment.slave(p).name());
            assertEquals(DrivePdo.RX_PDO, d.value(DrivePdo.RX_PDO_ASSIGN, 1));
            assertEquals(1, d.value(DrivePdo.TX_PDO_ASSIGN, 0));
            assertEquals(DrivePdo.TX_PDO, d.value(DrivePdo.TX_PDO_ASSIGN, 1));
            assertEquals(DriveCommand.MODE_CYCLIC_TORQUE, d.value(DrivePdo.MODES_OF_OPERATION, 0));
            assertEquals(0x08, segment.slave(p).alStatus(), "in OP");
        }
    }

    @Test
    void withoutItsStartUpSdosADriveRefusesSafeOp() {
        List<SlaveDescription> bare = VelmaBus.slaves().stream().map(s -> s.withStartup(List.of())).toList();
        EthercatException e = assertThrows(EthercatException.class, () -> start(bare));
        assertEquals("slave 1 'HeadPan' (station 0x1002) refused SAFE-OP: it stays in PRE-OP with AL status code 0x001d (invalid output"
                + " configuration)", e.getMessage());
    }

    @Test
    void aRatedTorqueOtherThanTheDescriptionsStopsTheStart() {
        List<SlaveDescription> slaves = VelmaBus.slaves().stream()
                .map(s -> s.name().equals(VelmaBus.TORSO_PAN) ? new SlaveDescription(s.name(), s.vendorId(), s.productCode(), s.outputBytes(),
                        s.inputBytes(), s.outputSm(), s.inputSm(), s.countsPerRadian(), 10, s.absoluteEncoder(), s.mailboxOut(),
                        s.mailboxOutBytes(), s.mailboxIn(), s.mailboxInBytes(), s.startup()) : s)
                .toList();
        EthercatException e = assertThrows(EthercatException.class, () -> start(slaves));
        assertEquals("slave 3 'TorsoPan' (station 0x1004) has a motor rated torque (0x6076:00) of 20000 mN·m, the bus description 10.0 N·m:"
                + " its torques would be scaled wrong", e.getMessage());
    }

    @Test
    void uploadsAndDownloadsInOpBetweenCycles() throws Exception {
        start();
        DriveCommand[] commands = {new DriveCommand(), new DriveCommand(), new DriveCommand()};
        DriveStatus[] statuses = {new DriveStatus(), new DriveStatus(), new DriveStatus()};
        assertEquals(VelmaBus.ELMO, master.sdoUploadInt(HEAD_TILT, 0x1018, 1), "identity: vendor, expedited");
        assertEquals(VelmaBus.ELMO_GOLD, master.sdoUploadInt(HEAD_TILT, 0x1018, 2), "identity: product");
        assertEquals(4, master.sdoUploadInt(HEAD_TILT, 0x1018, 0), "identity: number of entries, 1 byte");
        assertEquals(DrivePdo.RX_PDO, master.sdoUploadInt(HEAD_TILT, DrivePdo.RX_PDO_ASSIGN, 1), "2 bytes");
        assertArrayEquals("TorsoPan".getBytes(StandardCharsets.US_ASCII), master.sdoUpload(TORSO_PAN, 0x1008, 0),
                "device name, a normal upload");
        assertEquals(0x60400010, master.sdoUploadInt(TORSO_PAN, DrivePdo.RX_PDO, 1), "the RxPDO maps the controlword first");
        assertEquals(0x60770010, master.sdoUploadInt(TORSO_PAN, DrivePdo.TX_PDO, 5), "and the TxPDO the torque last");
        for (int i = 0; i < 10; i++) {
            assertTrue(master.exchange(commands, statuses), "cycle " + i);
        }
        master.sdoDownload(TORSO_PAN, DrivePdo.MODES_OF_OPERATION, 0, DriveCommand.MODE_CYCLIC_POSITION, 1);
        assertEquals(DriveCommand.MODE_CYCLIC_POSITION, segment.slave(TORSO_PAN).dictionary().value(DrivePdo.MODES_OF_OPERATION, 0));
        assertEquals(DriveCommand.MODE_CYCLIC_POSITION, master.sdoUploadInt(TORSO_PAN, DrivePdo.MODES_OF_OPERATION, 0));
        assertTrue(master.exchange(commands, statuses), "the cycle goes on after the transfers");
        assertEquals(0, master.wkcErrors());
    }

    @Test
    void anAbortNamesTheDriveTheObjectAndWhatTheCodeMeans() throws Exception {
        start();
        EthercatException wrongIndex = assertThrows(EthercatException.class, () -> master.sdoUpload(TORSO_PAN, 0x1234, 0));
        assertEquals("SDO upload from slave 3 'TorsoPan' (station 0x1004) object 0x1234:00 aborted: 0x06020000 object does not exist in the"
                + " object dictionary", wrongIndex.getMessage());
        EthercatException wrongSize = assertThrows(EthercatException.class,
                () -> master.sdoDownload(TORSO_PAN, DrivePdo.MODES_OF_OPERATION, 0, DriveCommand.MODE_CYCLIC_POSITION, 2));
        assertEquals("SDO download to slave 3 'TorsoPan' (station 0x1004) object 0x6060:00 aborted: 0x06070010 data type does not match,"
                + " length of service parameter does not match", wrongSize.getMessage());
        EthercatException wrongSubindex = assertThrows(EthercatException.class, () -> master.sdoUpload(HEAD_PAN, 0x1018, 9));
        assertEquals("SDO upload from slave 1 'HeadPan' (station 0x1002) object 0x1018:09 aborted: 0x06090011 subindex does not exist",
                wrongSubindex.getMessage());
        EthercatException readOnly = assertThrows(EthercatException.class,
                () -> master.sdoDownload(HEAD_TILT, 0x1008, 0, "Renamed".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("SDO download to slave 2 'HeadTilt' (station 0x1003) object 0x1008:00 aborted: 0x06010002 attempt to write a read only"
                + " object", readOnly.getMessage(), "a normal download, refused");
        EthercatException notInOp = assertThrows(EthercatException.class,
                () -> master.sdoDownload(HEAD_TILT, DrivePdo.RX_PDO_ASSIGN, 0, 0, 1));
        assertEquals("SDO download to slave 2 'HeadTilt' (station 0x1003) object 0x1C12:00 aborted: 0x08000022 data cannot be transferred or"
                + " stored to the application because of the present device state", notInOp.getMessage());
        EthercatException coupler = assertThrows(EthercatException.class, () -> master.sdoUpload(0, 0x1000, 0));
        assertEquals("SDO upload from slave 0 'EK1100' (station 0x1001) object 0x1000:00: the bus description gives the slave no mailbox",
                coupler.getMessage());
        assertEquals(DriveCommand.MODE_CYCLIC_TORQUE, master.sdoUploadInt(TORSO_PAN, DrivePdo.MODES_OF_OPERATION, 0),
                "the refused download changed nothing");
    }

    @Test
    void aDriveThatDoesNotAnswerIsNamed() throws Exception {
        start();
        segment.slave(HEAD_TILT).silenceMailbox(true);
        EthercatException silent = assertThrows(EthercatException.class, () -> master.sdoUpload(HEAD_TILT, 0x1000, 0));
        assertEquals("SDO upload from slave 2 'HeadTilt' (station 0x1003) object 0x1000:00: no answer in its read mailbox within 2 s",
                silent.getMessage());
        EthercatException full = assertThrows(EthercatException.class, () -> master.sdoUpload(HEAD_TILT, 0x1000, 0));
        assertEquals("SDO upload from slave 2 'HeadTilt' (station 0x1003) object 0x1000:00: its write mailbox stayed full for 2 s",
                full.getMessage(), "the first request still waits in it");
        segment.slave(HEAD_TILT).silenceMailbox(false);
        assertEquals(0x00020192, master.sdoUploadInt(HEAD_TILT, 0x1000, 0), "the master passes by the late answer to the request it gave up");
    }
}
