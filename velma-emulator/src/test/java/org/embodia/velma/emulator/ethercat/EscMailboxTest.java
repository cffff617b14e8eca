package org.embodia.velma.emulator.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.embodia.velma.sim.VelmaSimulation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A drive's mailbox and SDO server on frames built by hand, without a network: the SyncManager 0/1 handshake
 * (full bits, refused accesses, repeats), SDO answers and aborts, and SAFE-OP waiting for the PDO assignment.
 */
class EscMailboxTest {
    private static final int STATION = 0x1002;
    private static final int DATA = 26;
    private static final int BYTES = SimulatedSegment.MAILBOX_BYTES;

    private final VelmaSimulation simulation = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final SimulatedSegment segment = new SimulatedSegment(simulation);
    private final byte[] f = new byte[PacketSocket.MAX_FRAME];
    private int counter;

    @AfterEach
    void close() {
        simulation.close();
    }

    /** HeadPan (slave 1) at station 0x1002 in PRE-OP with its mailbox SyncManagers. */
    @BeforeEach
    void preOp() {
        byte[] station = new byte[2];
        Esc.put16(station, 0, STATION);
        assertEquals(1, datagram(Esc.APWR, -1 & 0xFFFF, 0x0010, station, 2));
        assertEquals(1, syncManager(0, SimulatedSegment.MAILBOX_OUT, BYTES, 0x26));
        assertEquals(1, syncManager(1, SimulatedSegment.MAILBOX_IN, BYTES, 0x22));
        state(Esc.PRE_OP);
        assertEquals(Esc.PRE_OP, segment.slave(1).alStatus());
    }

    /** One datagram of {@code length} bytes, {@code data} its first bytes (or none), through the segment; returns its WKC. */
    private int datagram(int command, int adp, int ado, byte[] data, int length) {
        Arrays.fill(f, 0, 60 + length, (byte) 0);
        f[12] = (byte) 0x88;
        f[13] = (byte) 0xA4;
        Esc.put16(f, 14, 0x1000 | (12 + length));
        f[16] = (byte) command;
        Esc.put16(f, 18, adp);
        Esc.put16(f, 20, ado);
        Esc.put16(f, 22, length);
        if (data != null) {
            System.arraycopy(data, 0, f, DATA, Math.min(data.length, length));
        }
        assertTrue(segment.process(f, Math.max(60, 28 + length)));
        return Esc.le16(f, DATA + length);
    }

    private int syncManager(int sm, int start, int length, int control) {
        byte[] b = new byte[8];
        Esc.put16(b, 0, start);
        Esc.put16(b, 2, length);
        b[4] = (byte) control;
        b[6] = 1;
        return datagram(Esc.FPWR, STATION, 0x0800 + 8 * sm, b, 8);
    }

    private void state(int state) {
        byte[] b = new byte[2];
        Esc.put16(b, 0, state);
        datagram(Esc.FPWR, STATION, 0x0120, b, 2);
    }

    private int smStatus(int sm) {
        datagram(Esc.FPRD, STATION, 0x0805 + 8 * sm, null, 1);
        return f[DATA] & 0xFF;
    }

    /** A mailbox message of type {@code type} with {@code payload} after the header, and the counter given; returns the write's WKC. */
    private int write(int type, int count, byte... payload) {
        byte[] b = new byte[BYTES];
        Esc.put16(b, 0, payload.length);
        b[5] = (byte) (type | count << 4);
        System.arraycopy(payload, 0, b, 6, payload.length);
        return datagram(Esc.FPWR, STATION, SimulatedSegment.MAILBOX_OUT, b, BYTES);
    }

    private static byte[] sdo(int command, int index, int subindex, int data) {
        byte[] b = new byte[10];
        Esc.put16(b, 0, 0x2000);
        b[2] = (byte) command;
        Esc.put16(b, 3, index);
        b[5] = (byte) subindex;
        Esc.put16(b, 6, data);
        Esc.put16(b, 8, data >>> 16);
        return b;
    }

    /** Sends the SDO request with a fresh counter and reads the answer; the read mailbox is then in {@code f} from {@link #DATA}. */
    private void request(byte[] sdo) {
        counter = counter % 7 + 1;
        assertEquals(1, write(Esc.MAILBOX_TYPE_COE, counter, sdo));
        assertEquals(0x08, smStatus(1), "answered at the next frame: the read mailbox is full");
        assertEquals(1, datagram(Esc.FPRD, STATION, SimulatedSegment.MAILBOX_IN, null, BYTES));
    }

    private int answerService() {
        return Esc.le16(f, DATA + 6) >>> 12;
    }

    private int answerCommand() {
        return f[DATA + 8] & 0xFF;
    }

    private int answerData() {
        return Esc.le32(f, DATA + 12);
    }

    private void assertAbort(int code, byte[] sdo) {
        assertAbort(code, sdo, "");
    }

    private void assertAbort(int code, byte[] sdo, String why) {
        request(sdo);
        assertEquals(2, answerService(), "ETG.1000.6 sends an abort as an SDO request");
        assertEquals(0x80, answerCommand());
        assertEquals(Esc.le16(sdo, 3), Esc.le16(f, DATA + 9), "the abort names the object");
        assertEquals(String.format("0x%08x", code), String.format("0x%08x", answerData()), why);
    }

    @Test
    void anUploadIsAnsweredInTheReadMailboxWhichReadingEmpties() {
        assertEquals(0, smStatus(1));
        assertEquals(0, datagram(Esc.FPRD, STATION, SimulatedSegment.MAILBOX_IN, null, BYTES), "an empty read mailbox cannot be read");
        request(sdo(0x40, 0x1018, 1, 0));
        assertEquals(10, Esc.le16(f, DATA), "mailbox length: CoE header and SDO");
        assertEquals(Esc.MAILBOX_TYPE_COE, f[DATA + 5] & 0x0F);
        assertEquals(3, answerService(), "SDO response");
        assertEquals(0x43, answerCommand(), "expedited upload response of 4 bytes");
        assertEquals(SimulatedSegment.ELMO, answerData());
        assertEquals(0, smStatus(1), "reading its last byte emptied the read mailbox");

        request(sdo(0x40, 0x1008, 0, 0));
        assertEquals(0x41, answerCommand(), "a normal upload: the name is longer than 4 bytes");
        assertEquals(7, answerData());
        assertEquals("HeadPan", new String(f, DATA + 16, 7, StandardCharsets.US_ASCII));
    }

    @Test
    void aFullWriteMailboxRefusesWritesAndARepeatedCounterIsDropped() {
        segment.slave(1).silenceMailbox(true);
        assertEquals(1, write(Esc.MAILBOX_TYPE_COE, 1, sdo(0x40, 0x1000, 0, 0)));
        assertEquals(0x08, smStatus(0), "its last byte written filled the write mailbox");
        assertEquals(0, write(Esc.MAILBOX_TYPE_COE, 2, sdo(0x40, 0x1000, 0, 0)), "a full mailbox takes no write");
        segment.slave(1).silenceMailbox(false);
        assertEquals(0x08, smStatus(1));
        assertEquals(0, smStatus(0), "taken");
        assertEquals(1, datagram(Esc.FPRD, STATION, SimulatedSegment.MAILBOX_IN, null, BYTES));
        assertEquals(0x00020192, answerData(), "device type: CiA 402 servo drive");

        assertEquals(1, write(Esc.MAILBOX_TYPE_COE, 1, sdo(0x40, 0x1000, 0, 0)), "the same counter again");
        assertEquals(0, smStatus(1), "a repeat is taken and dropped");
        assertEquals(0, smStatus(0));
    }

    @Test
    void sdoErrorsAreAbortsAndOtherProtocolsMailboxErrors() {
        assertAbort(0x06020000, sdo(0x40, 0x1234, 0, 0));
        assertAbort(0x06090011, sdo(0x40, 0x1018, 7, 0));
        assertAbort(0x06010002, sdo(0x23, 0x1018, 1, 5));
        assertAbort(0x06070010, sdo(0x2B, 0x6060, 0, 8));
        assertAbort(0x06090030, sdo(0x2F, 0x6060, 0, 3));
        request(sdo(0x2F, 0x6060, 0, 8));
        assertEquals(0x60, answerCommand(), "download response");
        assertEquals(8, segment.slave(1).dictionary().value(0x6060, 0));

        counter = counter % 7 + 1;
        assertEquals(1, write(0x04, counter, new byte[4]));
        assertEquals(1, datagram(Esc.FPRD, STATION, SimulatedSegment.MAILBOX_IN, null, BYTES));
        assertEquals(Esc.MAILBOX_TYPE_ERROR, f[DATA + 5] & 0x0F, "FoE is no protocol of this drive");
        assertEquals(2, Esc.le16(f, DATA + 8), "unsupported protocol");
    }

    @Test
    void safeOpWaitsForThePdoAssignmentWhichChangesOnlyInPreOp() {
        assertEquals(1, syncManager(2, SimulatedSegment.OUTPUT_SM, SimulatedSegment.RX_BYTES, 0x64));
        assertEquals(1, syncManager(3, SimulatedSegment.INPUT_SM, SimulatedSegment.TX_BYTES, 0x20));
        state(Esc.SAFE_OP);
        assertEquals(Esc.PRE_OP | Esc.ERROR, segment.slave(1).alStatus());
        assertEquals(Esc.CODE_INVALID_OUTPUTS, segment.slave(1).alStatusCode(), "no RxPDO assigned");

        assertAbort(0x06090030, sdo(0x2F, 0x1C12, 0, 1), "no entry to count yet");
        request(sdo(0x2B, 0x1C12, 1, 0x1600));
        request(sdo(0x2F, 0x1C12, 0, 1));
        assertAbort(0x06010003, sdo(0x2B, 0x1C12, 1, 0x1600), "an entry changes only while the count is 0");
        state(Esc.SAFE_OP | Esc.ERROR);
        assertEquals(Esc.CODE_INVALID_INPUTS, segment.slave(1).alStatusCode(), "no TxPDO assigned");
        assertAbort(0x06090030, sdo(0x2B, 0x1C13, 1, 0x1600));
        request(sdo(0x2B, 0x1C13, 1, 0x1A00));
        request(sdo(0x2F, 0x1C13, 0, 1));
        state(Esc.SAFE_OP | Esc.ERROR);
        assertEquals(Esc.SAFE_OP, segment.slave(1).alStatus());

        assertAbort(0x08000022, sdo(0x2F, 0x1C12, 0, 0));
        request(sdo(0x40, 0x1C12, 1, 0));
        assertEquals(0x4B, answerCommand(), "expedited upload of 2 bytes");
        assertEquals(0x1600, answerData());
    }
}
