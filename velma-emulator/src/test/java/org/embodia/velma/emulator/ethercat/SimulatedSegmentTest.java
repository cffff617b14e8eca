package org.embodia.velma.emulator.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.velma.sim.VelmaSimulation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The segment's slaves on frames built by hand, without a network: addressing, registers and working counters. */
class SimulatedSegmentTest {
    private final VelmaSimulation simulation = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final SimulatedSegment segment = new SimulatedSegment(simulation);
    private final byte[] f = new byte[PacketSocket.MAX_FRAME];

    @AfterEach
    void close() {
        simulation.close();
    }

    /** A frame with one datagram of {@code length} data bytes; returns the frame's length. Data starts at 26. */
    private int frame(int command, int adp, int ado, int length, int value) {
        f[12] = (byte) 0x88;
        f[13] = (byte) 0xA4;
        Esc.put16(f, 14, 0x1000 | (12 + length));
        f[16] = (byte) command;
        Esc.put16(f, 18, adp);
        Esc.put16(f, 20, ado);
        Esc.put16(f, 22, length);
        for (int i = 0; i < length + 2; i++) {
            f[26 + i] = 0;
        }
        if (length >= 2) {
            Esc.put16(f, 26, value);
        }
        return Math.max(60, 28 + length);
    }

    private int wkc(int length) {
        return Esc.le16(f, 26 + length);
    }

    private int send(int command, int adp, int ado, int length, int value) {
        assertTrue(segment.process(f, frame(command, adp, ado, length, value)));
        return wkc(length);
    }

    @Test
    void broadcastReadCountsEverySlave() {
        assertEquals(4, send(Esc.BRD, 0, 0x0130, 2, 0));
        assertEquals(Esc.INIT, Esc.le16(f, 26), "the ORed AL status of slaves all in INIT");
        assertEquals(4, Esc.le16(f, 18), "each slave incremented the address");
        assertEquals(0x02, f[6] & 0x02, "the processed frame's source MAC is marked");
    }

    @Test
    void autoIncrementAndConfiguredAddressesReachOneSlave() {
        assertEquals(1, send(Esc.APWR, -2 & 0xFFFF, 0x0010, 2, 0x1003));
        assertEquals(0x1003, segment.slave(2).station());
        assertEquals(0, segment.slave(1).station());
        assertEquals(1, send(Esc.FPRD, 0x1003, 0x0010, 2, 0));
        assertEquals(0x1003, Esc.le16(f, 26));
        assertEquals(0, send(Esc.FPRD, 0x1009, 0x0010, 2, 0), "no slave has that station address");
        assertEquals(3, send(Esc.FPRW, 0x1003, 0x0010, 2, 0x1004), "read +1 and write +2");
        assertEquals(0x1003, Esc.le16(f, 26), "the frame carries what was read");
        assertEquals(0x1004, segment.slave(2).station());
    }

    @Test
    void theSiiGivesTheIdentity() {
        frame(Esc.APWR, 0, 0x0502, 6, 0x0100);
        Esc.put16(f, 28, 0x0008);
        assertTrue(segment.process(f, 60));
        assertEquals(1, wkc(6));
        assertEquals(1, send(Esc.APRD, 0, 0x0508, 4, 0));
        assertEquals(SimulatedSegment.BECKHOFF, Esc.le32(f, 26));
        assertEquals(1, send(Esc.APRD, 0, 0x0502, 2, 0));
        assertEquals(0, Esc.le16(f, 26) & 0x8000, "not busy");
    }

    @Test
    void theAlStateMachineRefusesSkippingStatesAndMissingSyncManagers() {
        send(Esc.BWR, 0, 0x0120, 2, Esc.SAFE_OP);
        assertEquals(Esc.INIT | Esc.ERROR, segment.slave(1).alStatus());
        assertEquals(Esc.CODE_INVALID_STATE_CHANGE, segment.slave(1).alStatusCode());
        send(Esc.BWR, 0, 0x0120, 2, Esc.PRE_OP | Esc.ERROR);
        assertEquals(Esc.PRE_OP, segment.slave(0).alStatus(), "the coupler has no mailbox to check");
        assertEquals(Esc.INIT | Esc.ERROR, segment.slave(1).alStatus(), "a drive needs its mailbox SyncManagers for PRE-OP");
        assertEquals(Esc.CODE_INVALID_MAILBOX, segment.slave(1).alStatusCode());
        mailboxSyncManagers(0x0800, SimulatedSegment.MAILBOX_OUT, 0x26);
        mailboxSyncManagers(0x0808, SimulatedSegment.MAILBOX_IN, 0x22);
        send(Esc.BWR, 0, 0x0120, 2, Esc.PRE_OP | Esc.ERROR);
        assertEquals(Esc.PRE_OP, segment.slave(1).alStatus(), "acknowledged");
        send(Esc.BWR, 0, 0x0120, 2, Esc.SAFE_OP);
        assertEquals(Esc.SAFE_OP, segment.slave(0).alStatus(), "the coupler has no process data to check");
        assertEquals(Esc.PRE_OP | Esc.ERROR, segment.slave(1).alStatus());
        assertEquals(Esc.CODE_INVALID_OUTPUTS, segment.slave(1).alStatusCode());
    }

    /** One mailbox SyncManager of 128 bytes at {@code start}, enabled, on every slave. */
    private void mailboxSyncManagers(int register, int start, int control) {
        frame(Esc.BWR, 0, register, 8, start);
        Esc.put16(f, 28, SimulatedSegment.MAILBOX_BYTES);
        f[30] = (byte) control;
        f[32] = 1;
        assertTrue(segment.process(f, 60));
    }

    @Test
    void logicalCommandsReachNoSlaveBeforeSafeOpAndDroppedFramesDoNotReturn() {
        assertEquals(0, send(Esc.LRW, 0, 0, 8, 0), "no slave maps anything");
        assertEquals(0, segment.ticks(), "the drives act once the frame is on its way back");
        segment.afterFrame();
        assertEquals(1, segment.ticks(), "a process data frame ticks the simulation");
        segment.afterFrame();
        assertEquals(1, segment.ticks(), "once");
        segment.dropFrames(1);
        assertFalse(segment.process(f, frame(Esc.BRD, 0, 0x0130, 2, 0)));
        assertTrue(segment.process(f, frame(Esc.BRD, 0, 0x0130, 2, 0)));
    }
}
