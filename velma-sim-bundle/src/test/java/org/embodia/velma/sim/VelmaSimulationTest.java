package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaModel;
import org.junit.jupiter.api.Test;

class VelmaSimulationTest {

    @SuppressWarnings("unchecked")
    private static <M extends org.embodia.api.buffer.Message<M>> InputBuffer<M> in(Subsystem s, String name) {
        return (InputBuffer<M>) s.inputs().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static <M extends org.embodia.api.buffer.Message<M>> OutputBuffer<M> out(Subsystem s, String name) {
        return (OutputBuffer<M>) s.outputs().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * The emulated KRC's clock (velma-hw's peers) allows no lag: after a stall it ticks once and then keeps its pace,
     * never sending the measurements it missed back to back.
     */
    @Test
    void withoutALagAllowanceAStalledClockSitsTheStallOutInsteadOfRacing() throws Exception {
        AtomicLong stallEnded = new AtomicLong();
        AtomicLong ticksAtStallEnd = new AtomicLong();
        long[] stalls = {0};
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.REALTIME, 0)) {
            sim.attach(() -> {
                if (sim.ticks() >= 10 && stalls[0]++ == 0) {
                    try {
                        Thread.sleep(40); // twenty of the KRC's 2 ms ticks
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    ticksAtStallEnd.set(sim.ticks());
                    stallEnded.set(System.nanoTime());
                }
            });
            long deadline = System.nanoTime() + 60_000_000_000L;
            while ((stallEnded.get() == 0 || sim.rebases() < 1) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            long ticks = sim.ticks() - ticksAtStallEnd.get();
            long sinceStall = System.nanoTime() - stallEnded.get();
            assertTrue(sim.rebases() >= 1, "the stall was sat out: rebases " + sim.rebases());
            // Racing would make the ~20 ticks the stall missed at once; sat out, one per 2 ms.
            assertTrue(ticks <= sinceStall / VelmaSimulation.PERIOD_NANOS + 2, ticks + " ticks in the " + sinceStall / 1000
                    + " us after the stall: it raced to catch up");
        }
    }

    @Test
    void theSubsystemsOfferTheHardwareNamesAndBuffers() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            Subsystem right = new RightLwrEffector(sim);
            Subsystem left = new LeftLwrEffector(sim);
            Subsystem ethercat = new EthercatEffector(sim);
            assertEquals("core/a.lwr_r/re", right.name().toString());
            assertEquals("core/a.lwr_l/re", left.name().toString());
            assertEquals("core/a.ethercat/re", ethercat.name().toString());
            for (Subsystem lwr : List.of(right, left)) {
                assertEquals(List.of("command"), lwr.inputs().stream().map(InputBuffer::name).toList());
                assertSame(LwrCommand.class, lwr.inputs().get(0).type());
                assertEquals(List.of("status"), lwr.outputs().stream().map(OutputBuffer::name).toList());
                assertSame(LwrStatus.class, lwr.outputs().get(0).type());
            }
            assertEquals(List.of("torso_command", "head_pan_command", "head_tilt_command"),
                    ethercat.inputs().stream().map(InputBuffer::name).toList());
            assertEquals(List.of("torso_status", "head_pan_status", "head_tilt_status"),
                    ethercat.outputs().stream().map(OutputBuffer::name).toList());
            assertTrue(ethercat.inputs().stream().allMatch(b -> b.type() == DriveCommand.class));
            assertTrue(ethercat.outputs().stream().allMatch(b -> b.type() == DriveStatus.class));
        }
    }

    @Test
    void atLoopPaceTheEthercatStepEndsTheCycleWithOneTickThatPublishesEveryDevice() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.LOOP)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            EthercatEffector ethercat = new EthercatEffector(sim);
            InputBuffer<LwrStatus> arm = new InputBuffer<>("lwr_r_status", LwrStatus.class, LwrStatus::new);
            InputBuffer<DriveStatus> torso = new InputBuffer<>("torso_status", DriveStatus.class, DriveStatus::new);
            right.status.connect(arm);
            ethercat.torsoStatus.connect(torso);
            assertThrows(IllegalStateException.class, () -> sim.advance(1), "the loop ticks it, not advance");
            assertFalse(sim.realtime());
            for (int cycle = 1; cycle <= 3; cycle++) {
                right.step();
                arm.receive();
                assertFalse(arm.isNew(), "an arm's step only hands its command over");
                assertEquals(cycle - 1, sim.ticks());
                ethercat.step();
                assertEquals(cycle, sim.ticks(), "the cycle's last effector ticked once");
                assertEquals(cycle, sim.physics().steps());
                arm.receive();
                torso.receive();
                assertTrue(arm.isNew() && torso.isNew(), "every device's status went out in that tick");
                assertEquals(sim.physics().angle(VelmaModel.BODY_RIGHT_ARM), arm.get().q[0]);
            }
        }
    }

    @Test
    void aManualTickPublishesStatusThenRunsTheAttachedCyclesOnceEachInOrder() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            EthercatEffector ethercat = new EthercatEffector(sim);
            InputBuffer<LwrStatus> arm = new InputBuffer<>("lwr_r_status", LwrStatus.class, LwrStatus::new);
            InputBuffer<DriveStatus> tilt = new InputBuffer<>("head_tilt_status", DriveStatus.class, DriveStatus::new);
            right.status.connect(arm);
            ethercat.headTiltStatus.connect(tilt);
            List<String> log = new ArrayList<>();
            Runnable a = () -> {
                assertTrue(sim.onClockThread());
                arm.receive();
                tilt.receive();
                assertTrue(arm.isNew() && tilt.isNew(), "this tick's status arrived before the cycle");
                assertEquals(sim.physics().angle(VelmaModel.BODY_RIGHT_ARM + 3), arm.get().q[3]);
                assertEquals(sim.physics().steps(), sim.ticks() + 1, "the physics stepped once in this tick");
                log.add("a" + sim.physics().steps());
            };
            Runnable b = () -> log.add("b" + sim.physics().steps());
            sim.advance(2);
            assertEquals(2, sim.ticks(), "no cycle attached: the simulation still steps");
            assertEquals(2, sim.physics().steps());
            sim.attach(a);
            sim.attach(b);
            sim.advance(3);
            assertEquals(List.of("a3", "b3", "a4", "b4", "a5", "b5"), log);
            sim.detach(a);
            sim.advance(1);
            assertEquals("b6", log.get(log.size() - 1));
            assertEquals(7, log.size());
            assertEquals(0, sim.cycleFailures(), String.valueOf(sim.lastCycleFailure()));
            assertFalse(sim.onClockThread());
            assertEquals(6, sim.snapshot().tick);
        }
    }

    @Test
    void theSubsystemsHandOnlyNewCommandsToTheDevices() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            EthercatEffector ethercat = new EthercatEffector(sim);
            OutputBuffer<LwrCommand> toArm = new OutputBuffer<>("lwr_r_command", LwrCommand.class, LwrCommand::new);
            OutputBuffer<DriveCommand> toTorso = new OutputBuffer<>("torso_command", DriveCommand.class, DriveCommand::new);
            toArm.connect(right.command);
            toTorso.connect(ethercat.torsoCommand);
            boolean[] sending = {true};
            int[] controlWord = {DriveCommand.SHUTDOWN};
            // What the scheduler does in an activity clocked by velma.sim: a writer, then each subsystem receives and steps.
            sim.attach(() -> {
                if (sending[0]) {
                    toArm.send();
                    toTorso.message().controlWord = controlWord[0];
                    toTorso.send();
                }
                right.command.receive();
                ethercat.torsoCommand.receive();
                ethercat.headPanCommand.receive();
                try {
                    right.step();
                    ethercat.step();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            sim.advance(20);
            controlWord[0] = DriveCommand.ENABLE_OPERATION;
            sim.advance(40);
            assertEquals(FriState.COMMAND, sim.lwr(Arm.RIGHT).state());
            assertEquals(Cia402State.OPERATION_ENABLED, sim.torso().state());
            assertEquals(Cia402State.SWITCH_ON_DISABLED, sim.headPan().state(), "no command ever reached the head pan");
            sending[0] = false;
            // The last command sent takes effect in the next tick; ten more ticks without one are tolerated.
            sim.advance(SimulatedLwr.COMMAND_TIMEOUT_TICKS + 1);
            assertEquals(FriState.COMMAND, sim.lwr(Arm.RIGHT).state());
            sim.advance(1);
            assertEquals(FriState.MONITOR, sim.lwr(Arm.RIGHT).state(), "an input that is not new is not a command");
            assertTrue(sim.lwr(Arm.RIGHT).error());
            sending[0] = true;
            toArm.message().torque[2] = Double.NaN;
            sim.advance(1);
            assertEquals(1, sim.lwr(Arm.RIGHT).invalidCommands());
            assertEquals(0, sim.cycleFailures(), String.valueOf(sim.lastCycleFailure()));
        }
    }

    @Test
    void aSubsystemSteppedOffTheClockIsRefused() throws Exception {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            IllegalStateException e = assertThrows(IllegalStateException.class, right::step);
            assertTrue(e.getMessage().contains("clock=velma.sim"), e.getMessage());
            EthercatEffector ethercat = new EthercatEffector(sim);
            sim.attach(() -> {
                throw new IllegalArgumentException("a failing cycle");
            });
            sim.attach(() -> {
                try {
                    ethercat.step();
                } catch (Exception x) {
                    throw new IllegalStateException(x);
                }
            });
            sim.advance(3);
            assertEquals(3, sim.cycleFailures(), "the failing cycle, every tick; the clock ran on");
            assertEquals("a failing cycle", sim.lastCycleFailure().getMessage());
        }
    }

    @Test
    void aRemovedPublisherSendsNoMore() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            sim.advance(2);
            assertEquals(2, right.status.sentCount());
            right.deactivate();
            sim.advance(2);
            assertEquals(2, right.status.sentCount());
        }
    }

    @Test
    void theRealtimePaceTicksNear500Hz() throws Exception {
        AtomicLong cycles = new AtomicLong();
        long ticks;
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.REALTIME)) {
            sim.attach(cycles::incrementAndGet);
            long start = sim.ticks();
            Thread.sleep(500);
            ticks = sim.ticks() - start;
            assertThrows(IllegalStateException.class, () -> sim.advance(1));
            for (int i = 0; i < 200; i++) {
                // Read while the clock writes: every snapshot is one tick's, whole.
                SimulationState s = sim.snapshot();
                assertTrue(s.tick > 0);
                for (int j = 0; j < 7; j++) {
                    assertEquals(s.position[VelmaModel.BODY_RIGHT_ARM + j], s.rightArm.q[j]);
                    assertEquals(s.position[VelmaModel.BODY_LEFT_ARM + j], s.leftArm.q[j]);
                }
                assertEquals(s.position[VelmaModel.BODY_TORSO], s.torso.position);
                assertEquals(Cia402State.SWITCH_ON_DISABLED, s.headPanState);
            }
        }
        assertTrue(ticks >= 150 && ticks <= 300, "ticks in 0.5 s: " + ticks);
        assertTrue(cycles.get() >= ticks, "the attached cycle ran every tick");
    }

    @Test
    void atPaceFastTheClockTicksBackToBackWithItsCyclesAndNoPeriod() throws Exception {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.FAST)) {
            AtomicLong cycles = new AtomicLong();
            sim.attach(cycles::incrementAndGet);
            assertEquals(0, sim.periodNanos(), "no period: the scheduler judges no cycle of it late");
            assertFalse(sim.realtime());
            assertThrows(IllegalStateException.class, () -> sim.advance(1), "it ticks on its own thread");
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (cycles.get() < 1000) {
                assertTrue(System.nanoTime() < deadline, "the attached cycle ran 1,000 times within 60 s");
                Thread.sleep(1);
            }
            assertTrue(sim.ticks() >= cycles.get(), "one cycle a tick, on the clock's thread");
        }
    }

    @Test
    void theClosedClockStops() throws Exception {
        VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.REALTIME);
        Thread.sleep(50);
        sim.close();
        long after = sim.ticks();
        Thread.sleep(50);
        assertEquals(after, sim.ticks());
        sim.close();
    }

    @Test
    void thePaceIsConfigured() {
        assertEquals(VelmaSimulation.Pace.MANUAL, VelmaSimulation.Pace.parse("manual"));
        assertEquals(VelmaSimulation.Pace.REALTIME, VelmaSimulation.Pace.parse(" Realtime "));
        assertEquals(VelmaSimulation.Pace.FAST, VelmaSimulation.Pace.parse("fast"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VelmaSimulation.Pace.parse("faster"));
        assertTrue(e.getMessage().contains("'faster'") && e.getMessage().contains("'fast'"), e.getMessage());
        try (VelmaSimulation sim = new VelmaSimulation(config("manual", 80, 100), null)) {
            assertEquals(VelmaSimulation.Pace.MANUAL, sim.pace());
            sim.advance(1);
            assertEquals(1, sim.ticks());
            assertEquals("", sim.scheduling(), "ticked by the caller: no thread of its own to configure");
        }
    }

    @Test
    void atPaceRealtimeTheClockThreadAsksForTheConfiguredPriorityAndSaysWhatItGot() throws Exception {
        try (VelmaSimulation sim = new VelmaSimulation(config("realtime", 10, 100), null)) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (sim.ticks() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            // Granted as root, refused otherwise: either way the activity's diagnostics say so.
            assertTrue(sim.scheduling().contains("SCHED_FIFO 10"), sim.scheduling());
        }
    }

    private static VelmaSimulation.Config config(String pace, int priority, int spinMicros) {
        return new VelmaSimulation.Config() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return VelmaSimulation.Config.class;
            }

            @Override
            public String pace() {
                return pace;
            }

            @Override
            public int priority() {
                return priority;
            }

            @Override
            public int spinMicros() {
                return spinMicros;
            }
        };
    }
}
