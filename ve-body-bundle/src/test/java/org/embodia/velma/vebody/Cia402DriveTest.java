package org.embodia.velma.vebody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.vebody.behaviors.Safe;
import org.embodia.velma.vebody.behaviors.Transp;
import org.junit.jupiter.api.Test;

/** The CiA 402 FSM, run by the engine, against a model of a CiA 402 drive that refuses what its state does not accept. */
class Cia402DriveTest {
    private static final FsmDefinition CIA402 = load();

    private static FsmDefinition load() {
        try (InputStream in = Cia402DriveTest.class.getClassLoader().getResourceAsStream("fsm/velma.cia402.yaml")) {
            return FsmLoader.load("velma.cia402.yaml", in, Map.of());
        } catch (IOException | FsmLoadException e) {
            throw new AssertionError(e);
        }
    }

    private static Cia402Drive drive(boolean needsHoming) {
        return new Cia402Drive(CIA402, needsHoming);
    }


    /**
     * A CiA 402 drive: its state machine, homing mode and the cyclic modes. It counts every controlword
     * its state does not accept, resets a fault only on a rising edge of bit 7, and homes only on a rising
     * edge of bit 4 while operation is enabled and it already runs homing mode: it takes a new mode of
     * operation and the controlword in the same cycle, so an edge sent with the switch to homing is lost.
     */
    static final class Drive {
        /** Statuswords of the states, with voltage enabled (bit 4) and remote (bit 9) where they apply. */
        static final int NOT_READY_TO_SWITCH_ON = 0x0000;
        static final int SWITCH_ON_DISABLED = 0x0250;
        static final int READY_TO_SWITCH_ON = 0x0231;
        static final int SWITCHED_ON = 0x0233;
        static final int OPERATION_ENABLED = 0x0237;
        static final int QUICK_STOP_ACTIVE = 0x0217;
        static final int FAULT_REACTION_ACTIVE = 0x021F;
        static final int FAULT = 0x0218;

        final DriveStatus status = new DriveStatus();
        private final int homingIterations;
        int state;
        int refusals;
        String firstRefusal;
        int homingsStarted;
        private int lastControlWord;
        private int countdown;
        private int resetsToRefuse;
        private int homingLeft;

        /** A drive in {@code state}; {@code homed} false for an incremental encoder after power-up. */
        Drive(int state, boolean homed, double position, int homingIterations) {
            this.state = state;
            this.homingIterations = homingIterations;
            status.homed = homed;
            status.position = position;
            report();
        }

        /** The drive detects a fault: fault reaction for two iterations, then Fault until {@code refused}+1 rising edges of reset. */
        void fault(int refused) {
            state = FAULT_REACTION_ACTIVE;
            countdown = 2;
            resetsToRefuse = refused;
            homingLeft = 0;
            report();
        }

        /** The drive stops on its own, say on a limit switch. */
        void quickStop() {
            state = QUICK_STOP_ACTIVE;
            homingLeft = 0;
            report();
        }

        /** Power is cut and comes back: the drive boots for three iterations and an incremental encoder forgets its home. */
        void powerCycle(boolean incremental) {
            state = NOT_READY_TO_SWITCH_ON;
            countdown = 3;
            homingLeft = 0;
            status.homed = !incremental;
            status.mode = 0;
            lastControlWord = 0;
            report();
        }

        boolean enabled() {
            return state == OPERATION_ENABLED;
        }

        private boolean accepts(int controlWord, int mode) {
            return switch (state) {
                case SWITCH_ON_DISABLED -> controlWord == 0x00 || controlWord == 0x06;
                case READY_TO_SWITCH_ON -> controlWord == 0x00 || controlWord == 0x06 || controlWord == 0x07;
                case SWITCHED_ON -> controlWord == 0x00 || controlWord == 0x06 || controlWord == 0x07 || controlWord == 0x0F;
                // bit 4 is homing's start in homing mode, and reserved in the cyclic modes
                case OPERATION_ENABLED -> controlWord == 0x00 || controlWord == 0x06 || controlWord == 0x07 || controlWord == 0x0F
                        || controlWord == 0x1F && mode == DriveCommand.MODE_HOMING;
                case FAULT -> controlWord == 0x00 || controlWord == 0x80;
                default -> controlWord == 0x00;
            };
        }

        /** One cycle: the drive takes {@code c}, runs, and updates its status. */
        void receive(DriveCommand c) {
            int cw = c.controlWord;
            if (!accepts(cw, c.mode)) {
                if (refusals++ == 0) {
                    firstRefusal = String.format("controlword 0x%02x, mode %d in state 0x%04x", cw, c.mode, state);
                }
            } else {
                transition(cw);
            }
            // booting and the fault reaction end on their own, whatever the controlword
            if ((state == NOT_READY_TO_SWITCH_ON || state == FAULT_REACTION_ACTIVE) && --countdown <= 0) {
                state = state == FAULT_REACTION_ACTIVE ? FAULT : SWITCH_ON_DISABLED;
            }
            boolean homingEdge = status.mode == DriveCommand.MODE_HOMING && (cw & 0x10) != 0 && (lastControlWord & 0x10) == 0;
            status.mode = c.mode;
            if (state == OPERATION_ENABLED) {
                run(c, homingEdge);
            } else {
                homingLeft = 0;
            }
            lastControlWord = cw;
            report();
        }

        private void transition(int cw) {
            if (state == FAULT) {
                if (cw == 0x80 && (lastControlWord & 0x80) == 0 && resetsToRefuse-- <= 0) {
                    state = SWITCH_ON_DISABLED;
                }
            } else if (state != NOT_READY_TO_SWITCH_ON && state != FAULT_REACTION_ACTIVE) {
                state = switch (cw) {
                    case 0x00 -> SWITCH_ON_DISABLED;
                    case 0x06 -> READY_TO_SWITCH_ON;
                    case 0x07 -> SWITCHED_ON;
                    default -> OPERATION_ENABLED; // 0x0F or 0x1F, accepted only when switched on or enabled
                };
            }
        }

        private void run(DriveCommand c, boolean homingEdge) {
            if (c.mode == DriveCommand.MODE_HOMING) {
                if (homingEdge) {
                    homingsStarted++;
                    homingLeft = homingIterations;
                    status.homed = false;
                } else if ((c.controlWord & 0x10) == 0) {
                    homingLeft = 0;
                }
                if (homingLeft > 0) {
                    status.position += 0.001; // searching for the home switch
                    if (--homingLeft == 0) {
                        status.homed = true;
                        status.position = 0;
                    }
                }
            } else if (c.mode == DriveCommand.MODE_CYCLIC_POSITION) {
                status.position = c.targetPosition;
            } else if (c.mode == DriveCommand.MODE_CYCLIC_TORQUE) {
                status.velocity += 0.01 * c.targetTorque;
                status.position += 0.002 * status.velocity;
            }
        }

        private void report() {
            boolean homingAttained = status.mode == DriveCommand.MODE_HOMING && status.homed && homingLeft == 0;
            status.statusWord = state | (homingAttained ? DriveStatus.HOMING_ATTAINED : 0);
        }
    }

    /** What the sequencer sent, iteration by iteration. */
    private static final class Log {
        final List<Integer> controlWords = new ArrayList<>();
        final List<Integer> modes = new ArrayList<>();
        final List<Double> torques = new ArrayList<>();
        final List<Double> positions = new ArrayList<>();

        void add(DriveCommand c) {
            controlWords.add(c.controlWord);
            modes.add(c.mode);
            torques.add(c.targetTorque);
            positions.add(c.targetPosition);
        }
    }

    private static Log torqueCycles(Cia402Drive sequencer, Drive drive, double torque, int n) {
        Log log = new Log();
        DriveCommand c = new DriveCommand();
        for (int i = 0; i < n; i++) {
            sequencer.torque(drive.status, torque, c);
            log.add(c);
            drive.receive(c);
        }
        return log;
    }

    @Test
    void theShippedDefinitionIsDeterministicForEveryStatusword() {
        StaticCheck.Report report = StaticCheck.check(CIA402);
        assertTrue(report.clean(), report.format());
    }

    @Test
    void aStatuswordCiA402DoesNotAllowNextIsFollowedThroughUnknownInTheSameCycle() {
        Drive torso = new Drive(Drive.SWITCH_ON_DISABLED, true, 0.5, 0);
        Cia402Drive fsm = drive(false);
        DriveCommand c = new DriveCommand();
        fsm.torque(torso.status, 5, c);
        assertEquals("switch_on_disabled", fsm.state());
        // Straight to Operation enabled, in torque mode: no transition of CiA 402 does that.
        torso.status.statusWord = Drive.OPERATION_ENABLED;
        torso.status.mode = DriveCommand.MODE_CYCLIC_TORQUE;
        fsm.torque(torso.status, 5, c);
        assertEquals("operation_enabled", fsm.state());
        assertEquals(DriveCommand.ENABLE_OPERATION, c.controlWord);
        assertEquals(5, c.targetTorque);
        assertEquals(null, fsm.fault());
    }

    @Test
    void aStateWhoseBehaviourThrewEndsThroughUnknownToTheStateTheDriveShows() {
        boolean[] behaviourOk = {true};
        FsmExecutor fsm = FsmExecutor.forReplay(CIA402, new FsmExecutor.InputSource() {
            @Override
            public boolean input(int index) {
                return CIA402.inputs().get(index).name().equals("swOperationEnabled");
            }

            @Override
            public boolean currentBehaviorOk() {
                return behaviourOk[0];
            }
        });
        fsm.step();
        assertEquals("operation_enabled", fsm.currentState());
        behaviourOk[0] = false;
        fsm.step();
        assertEquals("unknown", fsm.currentState(), "ε ended operation_enabled although the statusword still shows it");
        assertTrue(fsm.lastInError());
        behaviourOk[0] = true;
        fsm.step();
        assertEquals("operation_enabled", fsm.currentState());
    }

    @Test
    void anUndefinedStatuswordDisablesTheVoltageUntilTheDriveShowsAState() {
        Drive tilt = new Drive(Drive.OPERATION_ENABLED, true, 0.2, 0);
        tilt.status.mode = DriveCommand.MODE_CYCLIC_POSITION;
        Cia402Drive fsm = drive(true);
        DriveCommand c = new DriveCommand();
        fsm.position(tilt.status, 0.1, c);
        assertEquals("operation_enabled", fsm.state());
        assertEquals(0.1, c.targetPosition);
        tilt.status.statusWord = 0x0001;
        for (int i = 0; i < 3; i++) {
            fsm.position(tilt.status, 0.1, c);
            assertEquals("unknown", fsm.state());
            assertEquals(DriveCommand.DISABLE_VOLTAGE, c.controlWord);
            assertEquals(0.2, c.targetPosition, "the drive's own position");
            assertEquals(0, c.targetTorque);
        }
        tilt.status.statusWord = Drive.SWITCH_ON_DISABLED;
        fsm.position(tilt.status, 0.1, c);
        assertEquals("switch_on_disabled", fsm.state());
        assertEquals(DriveCommand.SHUTDOWN, c.controlWord);
    }

    @Test
    void bringsADriveUpFromNotReadyToSwitchOnOneAcceptedStepAtATime() {
        Drive torso = new Drive(Drive.NOT_READY_TO_SWITCH_ON, true, 0.5, 0);
        torso.powerCycle(false);
        Log log = torqueCycles(drive(false), torso, 5, 8);
        assertEquals(List.of(0x00, 0x00, 0x00, 0x06, 0x07, 0x0F, 0x0F, 0x0F), log.controlWords,
                "booting, then Shutdown, Switch on, Enable operation");
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 5.0), log.torques, "torque only once operation is enabled");
        assertTrue(log.modes.stream().allMatch(m -> m == DriveCommand.MODE_CYCLIC_TORQUE), "the torso needs no homing");
        assertTrue(torso.enabled());
        assertEquals(0, torso.refusals, torso.firstRefusal);
    }

    @Test
    void leavesQuickStopActiveByDisableVoltageAndComesBackUp() {
        Drive torso = new Drive(Drive.OPERATION_ENABLED, true, 0.5, 0);
        Cia402Drive sequencer = drive(false);
        torqueCycles(sequencer, torso, 5, 2);
        torso.quickStop();
        Log log = torqueCycles(sequencer, torso, 5, 6);
        assertEquals(List.of(0x00, 0x06, 0x07, 0x0F, 0x0F, 0x0F), log.controlWords);
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 5.0, 5.0), log.torques);
        assertEquals(0, torso.refusals, torso.firstRefusal);
    }

    @Test
    void recoversFromFaultByRisingEdgesOfFaultReset() {
        Drive torso = new Drive(Drive.SWITCH_ON_DISABLED, true, 0.5, 0);
        Cia402Drive sequencer = drive(false);
        torqueCycles(sequencer, torso, 5, 5);
        assertTrue(torso.enabled());
        torso.fault(2);
        Log log = torqueCycles(sequencer, torso, 5, 12);
        assertEquals(List.of(0x00, 0x00, 0x80, 0x00, 0x80, 0x00, 0x80, 0x06, 0x07, 0x0F, 0x0F, 0x0F), log.controlWords,
                "nothing during the fault reaction; in Fault, resets as rising edges until one holds; then up again");
        assertTrue(log.torques.subList(0, 10).stream().allMatch(t -> t == 0), "no torque until enabled again: " + log.torques);
        assertEquals(5.0, log.torques.get(10).doubleValue());
        assertEquals(0, torso.refusals, torso.firstRefusal);
    }

    @Test
    void homesAHeadDriveThenRunsItInCyclicPositionModeAtTheCommandedTarget() {
        Drive pan = new Drive(Drive.SWITCH_ON_DISABLED, false, 0.3, 20);
        Cia402Drive sequencer = drive(true);
        Log log = new Log();
        List<Integer> seen = new ArrayList<>();
        DriveCommand c = new DriveCommand();
        for (int i = 0; i < 30; i++) {
            seen.add(pan.status.statusWord);
            sequencer.position(pan.status, 0.1, c);
            assertTrue(pan.status.homed && pan.status.mode == DriveCommand.MODE_CYCLIC_POSITION
                    || c.targetPosition == pan.status.position, "iteration " + i + ": the target is where the drive is, until homed");
            log.add(c);
            pan.receive(c);
        }
        List<Integer> expected = new ArrayList<>(List.of(0x06, 0x07, 0x0F));
        expected.addAll(Collections.nCopies(20, 0x1F));
        expected.addAll(List.of(0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F, 0x0F));
        assertEquals(expected, log.controlWords, "power-up, bit 4 rising after Enable operation and up until homed, then cyclic");
        assertTrue(log.modes.subList(0, 23).stream().allMatch(m -> m == DriveCommand.MODE_HOMING), "homing mode until homed");
        assertTrue(log.modes.subList(23, 30).stream().allMatch(m -> m == DriveCommand.MODE_CYCLIC_POSITION), "then cyclic position");
        assertEquals(Drive.OPERATION_ENABLED | DriveStatus.HOMING_ATTAINED, seen.get(23), "the drive reported homing attained");
        assertEquals(1, pan.homingsStarted, "one rising edge of bit 4, one homing");
        assertEquals(0.0, log.positions.get(23), "switching to cyclic position: the target is still the homed position");
        assertEquals(0.1, log.positions.get(24), "then the commanded target");
        assertEquals(0.1, pan.status.position, 1e-12, "which the drive reached");
        assertEquals(0, pan.refusals, pan.firstRefusal);
    }

    @Test
    void homesAHeadFoundEnabledInCyclicPositionModeButNotHomed() {
        Drive tilt = new Drive(Drive.OPERATION_ENABLED, false, 0.4, 5);
        tilt.status.mode = DriveCommand.MODE_CYCLIC_POSITION;
        Cia402Drive sequencer = drive(true);
        Log log = new Log();
        DriveCommand c = new DriveCommand();
        for (int i = 0; i < 9; i++) {
            sequencer.position(tilt.status, 0.1, c);
            log.add(c);
            tilt.receive(c);
        }
        assertEquals(List.of(0x0F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x0F, 0x0F, 0x0F), log.controlWords,
                "bit 4 rises only once the drive shows homing mode");
        assertEquals(List.of(0.4, 0.4), log.positions.subList(0, 2), "no target but its own position before it is homed");
        assertEquals(1, tilt.homingsStarted);
        assertEquals(0.1, tilt.status.position, 1e-12);
        assertEquals(0, tilt.refusals, tilt.firstRefusal);
    }

    @Test
    void neverSendsATorqueOrAMovedPositionBeforeTheDriveIsEnabledAndHomed() {
        Random random = new Random(7);
        Drive torso = new Drive(Drive.SWITCH_ON_DISABLED, true, 0.5, 0);
        Drive tilt = new Drive(Drive.SWITCH_ON_DISABLED, false, -0.2, 15);
        Cia402Drive torsoSequencer = drive(false);
        Cia402Drive tiltSequencer = drive(true);
        DriveCommand t = new DriveCommand();
        DriveCommand h = new DriveCommand();
        int torsoLive = 0;
        int tiltLive = 0;
        for (int i = 0; i < 20_000; i++) {
            for (Drive d : new Drive[] {torso, tilt}) {
                int event = random.nextInt(1000);
                if (event < 2) {
                    d.fault(random.nextInt(3));
                } else if (event < 3) {
                    d.quickStop();
                } else if (event < 4) {
                    d.powerCycle(d == tilt);
                }
            }
            double torque = random.nextGaussian() * 10;
            double position = random.nextDouble() - 0.5;
            torsoSequencer.torque(torso.status, torque, t);
            tiltSequencer.position(tilt.status, position, h);
            if (torso.enabled() && torso.status.mode == DriveCommand.MODE_CYCLIC_TORQUE) {
                assertEquals(torque, t.targetTorque, "iteration " + i + ": an enabled torso gets its torque");
                torsoLive++;
            } else {
                assertEquals(0, t.targetTorque, "iteration " + i + ": no torque to a torso not enabled in torque mode");
            }
            if (tilt.enabled() && tilt.status.homed && tilt.status.mode == DriveCommand.MODE_CYCLIC_POSITION) {
                assertEquals(position, h.targetPosition, "iteration " + i + ": an enabled, homed head gets its target");
                tiltLive++;
            } else {
                assertEquals(tilt.status.position, h.targetPosition, "iteration " + i + ": the head not yet enabled and homed stays put");
                assertEquals(0, h.targetTorque);
            }
            torso.receive(t);
            tilt.receive(h);
        }
        assertEquals(0, torso.refusals, torso.firstRefusal);
        assertEquals(0, tilt.refusals, tilt.firstRefusal);
        assertTrue(torsoLive > 15_000 && tiltLive > 10_000, "the drives spent most of the time up: " + torsoLive + ", " + tiltLive);
        assertTrue(tilt.homingsStarted > 5, "the head was homed again after each power cycle: " + tilt.homingsStarted);
    }

    @Test
    void allocatesNothingPerIterationOnceWarm() {
        Drive torso = new Drive(Drive.SWITCH_ON_DISABLED, true, 0.5, 0);
        Drive pan = new Drive(Drive.SWITCH_ON_DISABLED, false, 0.2, 15);
        Cia402Drive torsoSequencer = drive(false);
        Cia402Drive panSequencer = drive(true);
        DriveCommand t = new DriveCommand();
        DriveCommand p = new DriveCommand();
        long[] cycle = {0};
        Runnable iteration = () -> {
            long c = cycle[0]++;
            if (c % 1000 == 500) {
                torso.fault(1);
            } else if (c % 1000 == 700) {
                pan.quickStop();
            } else if (c % 3000 == 900) {
                pan.powerCycle(true);
            }
            torsoSequencer.torque(torso.status, -20 * torso.status.velocity, t);
            panSequencer.position(pan.status, 0.001 * (c % 100), p);
            torso.receive(t);
            pan.receive(p);
        };
        for (int i = 0; i < 100_000; i++) {
            iteration.run();
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.getCurrentThreadAllocatedBytes();
        // The least of three rounds: a one-off JVM event may allocate in one, a per-iteration allocation shows in all.
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++) {
                iteration.run();
            }
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, allocated, "bytes allocated by 100,000 warm iterations");
        assertTrue(pan.homingsStarted > 10, "the measured loop homed the head again and again");
        assertEquals(0, torso.refusals + pan.refusals, torso.firstRefusal + " / " + pan.firstRefusal);
    }

    @Test
    void veBodyBringsTheDrivesUpAndHomesTheHeadInSafeModeThenPassesCsTargetsInTransparentMode() {
        VeBody body = new VeBody();
        Safe safe = new Safe(body);
        Transp transp = new Transp(body);
        Drive torso = new Drive(Drive.SWITCH_ON_DISABLED, true, 0.5, 0);
        Drive pan = new Drive(Drive.SWITCH_ON_DISABLED, false, 0.3, 10);
        Drive tilt = new Drive(Drive.SWITCH_ON_DISABLED, false, -0.2, 12);
        Drive[] drives = {torso, pan, tilt};
        List<InputBuffer<DriveStatus>> statusIns = List.of(body.torsoStatus(), body.headPanStatus(), body.headTiltStatus());
        List<OutputBuffer<DriveCommand>> commandOuts = List.of(body.torsoCommand(), body.headPanCommand(), body.headTiltCommand());
        List<OutputBuffer<DriveStatus>> statusOuts = new ArrayList<>();
        List<InputBuffer<DriveCommand>> commandIns = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            OutputBuffer<DriveStatus> out = new OutputBuffer<>("status", DriveStatus.class, DriveStatus::new);
            out.connect(statusIns.get(d));
            statusOuts.add(out);
            InputBuffer<DriveCommand> in = new InputBuffer<>("command", DriveCommand.class, DriveCommand::new);
            commandOuts.get(d).connect(in);
            commandIns.add(in);
        }
        OutputBuffer<BodyCommand> cs = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        cs.connect(body.command());
        Runnable drivesReport = () -> {
            for (int d = 0; d < 3; d++) {
                statusOuts.get(d).write(drives[d].status);
                statusIns.get(d).receive();
            }
        };
        Runnable drivesRun = () -> {
            for (int d = 0; d < 3; d++) {
                commandIns.get(d).receive();
                drives[d].receive(commandIns.get(d).get());
            }
        };
        for (int i = 0; i < 25; i++) {
            drivesReport.run();
            safe.step(i);
            drivesRun.run();
        }
        assertTrue(torso.enabled() && pan.enabled() && tilt.enabled(), "safe mode brought every drive up");
        assertTrue(pan.status.homed && tilt.status.homed, "and homed the head");
        assertEquals(DriveCommand.MODE_CYCLIC_POSITION, pan.status.mode);
        assertEquals(DriveCommand.MODE_CYCLIC_TORQUE, torso.status.mode);
        assertEquals(0.0, pan.status.position, "the head holds its homed position");

        BodyCommand c = cs.message();
        c.torsoTorque = 3;
        c.headPan = 0.1;
        c.headTilt = 0.2;
        for (int i = 0; i < 2; i++) {
            drivesReport.run();
            cs.send();
            body.command().receive();
            transp.step(i);
            drivesRun.run();
        }
        assertEquals(3, commandIns.get(0).get().targetTorque, "cs's torque reached the torso");
        assertEquals(0.1, pan.status.position, 1e-12, "the head pan went to cs's target");
        assertEquals(0.2, tilt.status.position, 1e-12, "the head tilt too");
        for (Drive d : drives) {
            assertEquals(0, d.refusals, d.firstRefusal);
        }
    }
}
