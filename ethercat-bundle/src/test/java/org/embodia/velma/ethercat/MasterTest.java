package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.emulator.ethercat.SimulatedBus;
import org.embodia.velma.emulator.ethercat.SimulatedSegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The master against the simulated segment on the other end of a veth pair, inside a network namespace the
 * test creates and removes. Needs root: without it {@link SimulatedBus#start()} fails and says so.
 */
class MasterTest {
    /** Far above a 2 ms cycle: this VM stalls for 2–30 ms at times, and a frame late by that is not what these tests look for. */
    private static final long CYCLE_TIMEOUT_NANOS = 50_000_000L;
    /** Where every frame must come back and none may miss its cycle, however loaded the machine: a generous deadline. */
    private static final long PATIENT_TIMEOUT_NANOS = 30_000_000_000L;
    private static final int TORSO = 2;

    private SimulatedBus bus;
    private SimulatedSegment segment;
    private Master master;
    private final DriveCommand[] commands = {new DriveCommand(), new DriveCommand(), new DriveCommand()};
    private final DriveStatus[] statuses = {new DriveStatus(), new DriveStatus(), new DriveStatus()};

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

    private Master start() throws EthercatException {
        return start(CYCLE_TIMEOUT_NANOS);
    }

    private Master start(long timeoutNanos) throws EthercatException {
        master = new Master(RawSocket.open(bus.hostInterface()), VelmaBus.slaves(), timeoutNanos);
        master.start();
        return master;
    }

    /** A minimal CiA 402 power-up: the head drives in cyclic torque mode at zero torque, the torso holding 0.1 rad. */
    private void fillCommands() {
        for (int d = 0; d < commands.length; d++) {
            DriveStatus s = statuses[d];
            DriveCommand c = commands[d];
            int state = s.statusWord & 0x6F;
            c.controlWord = (s.statusWord & 0x4F) == 0x40 ? DriveCommand.SHUTDOWN
                    : state == 0x21 ? DriveCommand.SWITCH_ON
                    : state == 0x23 || state == 0x27 ? DriveCommand.ENABLE_OPERATION
                    : DriveCommand.DISABLE_VOLTAGE;
            c.mode = d == TORSO ? DriveCommand.MODE_CYCLIC_POSITION : DriveCommand.MODE_CYCLIC_TORQUE;
            c.targetPosition = d == TORSO ? 0.1 : 0;
            c.targetTorque = 0;
        }
    }

    private boolean cycle() {
        fillCommands();
        return master.exchange(commands, statuses);
    }

    private void enable() {
        for (int i = 0; i < 100; i++) {
            cycle();
        }
        for (DriveStatus s : statuses) {
            assertTrue(s.ok(), s.toString());
        }
    }

    @Test
    void reachesOpAndExchangesProcessDataFor10000Cycles() throws Exception {
        start(PATIENT_TIMEOUT_NANOS);
        assertEquals(List.of(VelmaBus.HEAD_PAN, VelmaBus.HEAD_TILT, VelmaBus.TORSO_PAN), master.drives());
        assertEquals(9, master.expectedWkc(), "three drives, each reading and writing in the LRW");
        for (int p = 0; p < 4; p++) {
            assertEquals(0x08, segment.slave(p).alStatus(), segment.slave(p).name());
            assertEquals(0x1001 + p, segment.slave(p).station());
        }
        int n = 10_000;
        long[] rtt = new long[n];
        enable();
        // The segment answers a frame first and ticks after, as ESCs pass the frame on: enable's last tick may still run.
        long settle = System.nanoTime() + 30_000_000_000L;
        while (segment.ticks() != segment.cyclesBegun() && System.nanoTime() < settle) {
            Thread.sleep(1);
        }
        long ticksBefore = segment.ticks();
        assertEquals(segment.cyclesBegun(), ticksBefore, "enable's bus cycles all ticked");
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            boolean ok = cycle();
            rtt[i] = System.nanoTime() - t0;
            assertTrue(ok, "cycle " + i + ": missed " + master.missedFrames() + ", wkc errors " + master.wkcErrors() + ", not OP " + master.notOperational() + ", last wkc " + master.lastWkc());
        }
        assertEquals(0, master.lostFrames());
        assertEquals(0, master.wkcErrors());
        assertEquals(0, master.notOperational());
        assertEquals(9, master.lastWkc());
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (segment.ticks() - ticksBefore < n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, segment.ticks() - ticksBefore, "one simulation tick per cycle");
        for (DriveStatus s : statuses) {
            assertTrue(s.ok(), s.toString());
        }
        assertEquals(0.1, statuses[TORSO].position, 0.01, "the torso followed its position target through the process image");
        assertTrue(statuses[TORSO].homed, "the torso has an absolute encoder");
        Arrays.sort(rtt);
        System.out.printf("EtherCAT over veth: %d cycles, %d lost frames, %d WKC errors; cycle round trip with the simulated segment"
                + " (4 slaves, 1 simulation tick): p50 %.1f µs, p99 %.1f µs%n", n, master.lostFrames(), master.wkcErrors(),
                rtt[n / 2] / 1e3, rtt[n * 99 / 100] / 1e3);
    }

    @Test
    void aSlaveRefusingOpIsNamed() {
        segment.slave(2).refuseOp(0x001D);
        EthercatException e = assertThrows(EthercatException.class, this::start);
        assertEquals("slave 2 'HeadTilt' (station 0x1003) refused OP: it stays in SAFE-OP with AL status code 0x001d (invalid output"
                + " configuration)", e.getMessage());
    }

    @Test
    void aDroppedFrameAWrongWkcAndASlaveLeavingOpMakeTheDrivesNotOk() throws Exception {
        start();
        enable();
        long lost = master.lostFrames();
        // Frames a stall of this machine made late while enabling count as missed, not lost.
        long missed = master.missedFrames();
        long wkcErrors = master.wkcErrors();
        segment.dropFrames(1);
        assertFalse(cycle());
        assertEquals(lost + 1, master.lostFrames());
        assertNoneOk();
        assertTrue(cycle(), "the next frame comes back");
        assertTrue(statuses[0].ok() && statuses[1].ok() && statuses[TORSO].ok());

        long late = master.lateFrames();
        segment.delayFrames(1, 3 * CYCLE_TIMEOUT_NANOS);
        assertFalse(cycle(), "a frame later than the cycle's timeout is missed");
        assertNoneOk();
        assertEquals(missed + 2, master.missedFrames());
        Thread.sleep(4 * CYCLE_TIMEOUT_NANOS / 1_000_000);
        assertTrue(cycle(), "the next cycle passes the late frame by and takes its own");
        assertEquals(late + 1, master.lateFrames(), "the late frame is counted late");
        assertEquals(lost + 1, master.lostFrames(), "and not lost");

        segment.corruptWkc(1);
        assertFalse(cycle());
        assertEquals(wkcErrors + 1, master.wkcErrors());
        assertNoneOk();
        assertTrue(cycle());

        segment.slave(3).leaveOp(0x001B);
        assertFalse(cycle());
        assertFalse(statuses[TORSO].ok(), "TorsoPan left OP");
        assertEquals(7, master.lastWkc(), "TorsoPan in SAFE-OP reads its inputs but takes no outputs");
        assertEquals(0x14, segment.slave(3).alStatus());
        assertEquals(lost + 1, master.lostFrames());
    }

    private void assertNoneOk() {
        for (DriveStatus s : statuses) {
            assertFalse(s.ok(), s.toString());
            assertEquals(0, s.statusWord);
        }
    }

    @Test
    void echoFloorOverTheVethPair() throws Exception {
        bus.echo();
        try (RawSocket socket = RawSocket.open(bus.hostInterface())) {
            Frame f = new Frame();
            Frame back = new Frame();
            f.start(socket.mac());
            f.add(Ec.LRW, 1, 0, 66);
            for (int p = 0; p < 4; p++) {
                f.add(Ec.FPRD, 1, Frame.physical(0x1001 + p, Ec.REG_AL_STATUS), 2);
            }
            int length = f.length();
            int n = 10_000;
            long[] rtt = new long[n];
            int lost = 0;
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                socket.send(f.bytes(), length);
                if (socket.receive(back.bytes(), CYCLE_TIMEOUT_NANOS) != length) {
                    lost++;
                }
                rtt[i] = System.nanoTime() - t0;
            }
            assertEquals(0, lost);
            Arrays.sort(rtt);
            System.out.printf("EtherCAT over veth, bare echo of the same %d-byte frame: p50 %.1f µs, p99 %.1f µs%n", length, rtt[n / 2] / 1e3,
                    rtt[n * 99 / 100] / 1e3);
        }
    }
}
