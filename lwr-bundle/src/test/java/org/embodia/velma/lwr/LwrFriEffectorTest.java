package org.embodia.velma.lwr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.embodia.api.buffer.Freshness;
import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.fri.Fri;
import org.junit.jupiter.api.Test;

/** FRI sessions between the effector, stepped as the scheduler steps it, and the simulated KRC over loopback UDP. */
class LwrFriEffectorTest {
    @Test
    void hasExactlyTheBuffersOfTheSimulatedArm() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            assertEquals("core/a.lwr_r/re", s.lwr.name().toString());
            assertEquals(List.of("command"), s.lwr.inputs().stream().map(b -> b.name()).toList());
            assertEquals(List.of("status"), s.lwr.outputs().stream().map(b -> b.name()).toList());
            assertEquals(LwrCommand.class, s.lwr.inputs().get(0).type());
            assertEquals(LwrStatus.class, s.lwr.outputs().get(0).type());
        }
    }

    @Test
    void monitorToCommandHandshakeThenTheTorquesMoveTheArm() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            boolean sawMonitor = false;
            for (int i = 0; i < 20; i++) {
                if (s.cycle() == Freshness.NEW_DATA) {
                    sawMonitor |= s.status().state == FriState.MONITOR && s.status().power == 0;
                }
            }
            assertTrue(sawMonitor, "the session starts in MONITOR with the drives off");
            s.untilCommand();
            for (int i = 0; i < 5; i++) {
                s.cycle();
            }
            assertEquals(FriState.COMMAND, s.status().state);
            assertEquals(FriQuality.PERFECT, s.status().quality);
            assertEquals(ControlMode.JOINT_IMPEDANCE, s.status().controlMode);
            assertEquals((1 << Velma.LWR_JOINTS) - 1, s.status().power);
            assertTrue(s.status().ok(), s.status().toString());
            assertEquals(0, s.peer.staleAnswers(), "answers after the next measurement");
            assertEquals(0, s.peer.sequenceGaps(), "gaps in the answers' sequence counter");
            assertEquals(0, s.peer.invalidDatagrams());

            double q0 = s.peer.position(0);
            s.torque[0] = 2;
            for (int i = 0; i < 100; i++) {
                s.cycle();
            }
            assertEquals(2, s.peer.appliedTorque(0), 1e-6, "the additional torque the KRC applies");
            assertEquals(2, s.status().torque[0], 1e-6, "the measured torque in status");
            assertTrue(s.peer.position(0) > q0 + 0.01, "joint 1 moved forward");
            assertTrue(s.status().dq[0] > 0.1, "dq from successive positions: " + s.status().dq[0]);
            assertEquals(s.peer.position(0), s.status().q[0], 0.05);
            assertEquals(0, s.lwr.sendFailures());
            assertEquals(0, s.lwr.receiveFailures());
        }
    }

    @Test
    void answersGoToTheConfiguredRemote() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, true)) {
            s.untilCommand();
            assertTrue(s.lwr.answers() > 100);
        }
    }

    @Test
    void theSessionSurvivesSmallLossBothWays() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            s.untilCommand();
            s.peer.dropFraction(0.02);
            int notNew = 0;
            for (int i = 0; i < 1000; i++) {
                if (s.cycle() != Freshness.NEW_DATA) {
                    notNew++;
                }
                assertEquals(FriState.COMMAND, s.peer.state(), "cycle " + i + ": quality " + s.peer.quality());
            }
            assertEquals(0, s.peer.stops());
            assertTrue(s.peer.droppedMeasurements() > 0 && s.peer.droppedCommands() > 0);
            assertTrue(notNew >= s.peer.droppedMeasurements(), "a lost measurement leaves the status not new");
            assertTrue(s.peer.sequenceGaps() > 0, "the KRC sees the lost answers in the sequence counter");
            assertEquals(FriState.COMMAND, s.status().state);
            for (double dq : s.status().dq) {
                assertTrue(Double.isFinite(dq));
            }
        }
    }

    @Test
    void whenCommandsStopTheWatchdogSendsTheArmToMonitor() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            s.peer.dropFraction(0.01);
            s.untilCommand();
            s.torque[1] = 1;
            for (int i = 0; i < 20; i++) {
                s.cycle();
            }
            s.commanding = false;
            for (int i = 0; i < LwrFriEffector.DEFAULT_WATCHDOG_CYCLES; i++) {
                s.cycle();
                assertFalse(s.lwr.watchdogTripped(), "within " + LwrFriEffector.DEFAULT_WATCHDOG_CYCLES + " cycles");
            }
            s.cycle();
            assertTrue(s.lwr.watchdogTripped());
            s.until(() -> s.peer.state() == FriState.MONITOR && s.status().state == FriState.MONITOR, "MONITOR in the KRC and the status");
            assertEquals(FriState.MONITOR, s.peer.state(), "the KRC left COMMAND");
            assertEquals(FriState.MONITOR, s.status().state, "and the status shows it");
            assertEquals(0, s.status().power);
            assertEquals(0, s.peer.appliedTorque(1));
            assertEquals(1, s.peer.stops());

            s.commanding = true;
            s.untilCommand();
            assertFalse(s.lwr.watchdogTripped());
        }
    }

    @Test
    void lostLateAndMalformedMeasurementsLeaveTheStatusNotNewWithoutExceptions() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            assertEquals(Freshness.NO_DATA, s.loop(), "no measurement yet");
            for (int i = 0; i < 10; i++) {
                s.cycle();
            }
            assertEquals(Freshness.NEW_DATA, s.cycle());
            assertEquals(Freshness.OLD_DATA, s.loop(), "a step before the next measurement arrived");

            s.peer.dropFraction(1);
            for (int i = 0; i < 5; i++) {
                assertEquals(Freshness.OLD_DATA, s.cycle(), "lost measurement " + i);
            }
            s.peer.dropFraction(0);

            try (DatagramChannel stranger = DatagramChannel.open(StandardProtocolFamily.INET)) {
                InetSocketAddress lwrPort = new InetSocketAddress(InetAddress.getLoopbackAddress(), s.port);
                stranger.send(ByteBuffer.wrap(new byte[] {1, 2, 3}), lwrPort);
                stranger.send(ByteBuffer.allocate(Fri.MSR_DATA_SIZE + 100), lwrPort);
            }
            assertEquals(Freshness.OLD_DATA, s.loop(), "garbage on the port is no measurement");
            assertEquals(2, s.lwr.malformedDatagrams());
            s.cycle();
            assertEquals(Freshness.NEW_DATA, s.cycle(), "the session goes on");
        }
    }

    /** The KRC's measurement 5 ms late: a step that waits 50 ms answers it in its own cycle, one that does not wait sees nothing new. */
    @Test
    void aMeasurementLateWithinTheWaitIsAnsweredInItsOwnStep() throws Exception {
        for (int waitMicros : new int[] {50_000, 0}) {
            try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false, waitMicros)) {
                for (int i = 0; i < 10; i++) {
                    s.cycle();
                }
                long answers = s.lwr.answers();
                Thread late = new Thread(() -> {
                    LockSupport.parkNanos(5_000_000);
                    try {
                        s.peer.cycle();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                late.start();
                Freshness f = s.loop();
                late.join();
                if (waitMicros > 0) {
                    assertEquals(Freshness.NEW_DATA, f, "the late measurement, waited for");
                    assertEquals(answers + 1, s.lwr.answers(), "answered in the same step");
                } else {
                    assertEquals(Freshness.OLD_DATA, f, "without waiting the step finds nothing new");
                    assertEquals(answers, s.lwr.answers());
                }
            }
        }
    }

    /** As the loop's trigger: waiting returns as soon as a measurement is there, and at the deadline when none comes. */
    @Test
    void awaitingDataReturnsWithTheMeasurementOrAtTheDeadline() throws Exception {
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            assertFalse(s.lwr.awaitData(System.nanoTime() + 5_000_000), "nothing sent yet");
            Thread krc = new Thread(() -> {
                LockSupport.parkNanos(20_000_000);
                try {
                    s.peer.cycle();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            long before = System.nanoTime();
            krc.start();
            assertTrue(s.lwr.awaitData(System.nanoTime() + 60_000_000_000L), "the measurement sent meanwhile");
            long found = System.nanoTime();
            krc.join();
            long look = s.lwr.lastLookWithoutDataNanos();
            assertTrue(look > before && look < found, "the last look without data was during the wait");
            assertTrue(s.lwr.awaitData(System.nanoTime()), "still unread: no wait");
            assertEquals(Long.MIN_VALUE, s.lwr.lastLookWithoutDataNanos(), "found at the first look: the wait has no latency to report");
            assertEquals(Freshness.NEW_DATA, s.loop(), "the read publishes it");
            assertFalse(s.lwr.awaitData(System.nanoTime() + 1_000_000), "read: nothing new until the next measurement");
            assertEquals(1, s.lwr.answers(), "and the write answered it");
        }
    }

    @Test
    void aPortInUseIsAClearErrorNamingThePort() throws Exception {
        try (DatagramChannel taken = DatagramChannel.open(StandardProtocolFamily.INET)) {
            taken.bind(new InetSocketAddress(0));
            int port = ((InetSocketAddress) taken.getLocalAddress()).getPort();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> new LwrFriEffector("core/a.lwr_l/re", port, "", 0, LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, 0));
            assertTrue(e.getMessage().contains("core/a.lwr_l/re") && e.getMessage().contains("UDP port " + port), e.getMessage());
        }
    }

    @Test
    void badConfigurationIsRefusedWithItsName() {
        assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("", 49938, "", 0, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.body/ve", 49938, "", 0, 10, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.lwr_r/re", 70000, "", 0, 10, 0));
        assertTrue(e.getMessage().contains("localPort"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.lwr_r/re", 49938, "", -1, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.lwr_r/re", 49938, "", 0, 0, 0));
        e = assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.lwr_r/re", 49938, "", 0, 10, -1));
        assertTrue(e.getMessage().contains("measurementWaitMicros"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LwrFriEffector("core/a.lwr_r/re", 49938, "", 0, 10, 0, 0));
        assertTrue(e.getMessage().contains("pollMicros"), e.getMessage());
    }

    @Test
    void theLoopSideAllocatesNothing() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (FriSession s = new FriSession(LwrFriEffector.DEFAULT_WATCHDOG_CYCLES, false)) {
            s.untilCommand();
            s.torque[2] = 0.5;
            // The least of three rounds: a one-off JVM event may allocate in one, a per-cycle allocation shows in all.
            long least = Long.MAX_VALUE;
            long leastPeer = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                long loop = 0;
                long peer = 0;
                for (int i = 0; i < 300; i++) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    s.peer.cycle();
                    long between = threads.getCurrentThreadAllocatedBytes();
                    Thread.sleep(1);
                    long start = threads.getCurrentThreadAllocatedBytes();
                    s.loop();
                    loop += threads.getCurrentThreadAllocatedBytes() - start;
                    peer += between - before;
                }
                least = Math.min(least, loop);
                leastPeer = Math.min(leastPeer, peer);
            }
            assertEquals(0, least, "bytes the loop side allocated in 300 cycles");
            assertEquals(0, leastPeer, "bytes the simulated KRC allocated in 300 cycles");
            assertEquals(FriState.COMMAND, s.peer.state());
            assertNotEquals(0, s.lwr.answers());
        }
    }
}
