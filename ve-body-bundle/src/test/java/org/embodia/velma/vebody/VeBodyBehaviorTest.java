package org.embodia.velma.vebody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.vebody.behaviors.Idle;
import org.embodia.velma.vebody.behaviors.Safe;
import org.embodia.velma.vebody.behaviors.SafeSt;
import org.embodia.velma.vebody.behaviors.SafeStOk;
import org.embodia.velma.vebody.behaviors.Transp;
import org.embodia.velma.vebody.behaviors.TranspSt;
import org.junit.jupiter.api.Test;

/**
 * ve_body's behaviours and predicates over real buffers: a rig plays the real effectors and cs, and
 * each cycle runs ve_body twice as the scheduler does, first receiving the status, then the command.
 */
class VeBodyBehaviorTest {

    /** The real effectors and cs around one ve_body. */
    static final class Rig {
        final VeBody body = new VeBody();
        final FsmExecutor fsm;
        final OutputBuffer<LwrStatus> rStatus = new OutputBuffer<>("s", LwrStatus.class, LwrStatus::new);
        final OutputBuffer<LwrStatus> lStatus = new OutputBuffer<>("s", LwrStatus.class, LwrStatus::new);
        final OutputBuffer<DriveStatus> tStatus = new OutputBuffer<>("s", DriveStatus.class, DriveStatus::new);
        final OutputBuffer<DriveStatus> hpStatus = new OutputBuffer<>("s", DriveStatus.class, DriveStatus::new);
        final OutputBuffer<DriveStatus> htStatus = new OutputBuffer<>("s", DriveStatus.class, DriveStatus::new);
        final OutputBuffer<BodyCommand> cs = new OutputBuffer<>("c", BodyCommand.class, BodyCommand::new);
        final InputBuffer<LwrCommand> rCommand = new InputBuffer<>("c", LwrCommand.class, LwrCommand::new);
        final InputBuffer<LwrCommand> lCommand = new InputBuffer<>("c", LwrCommand.class, LwrCommand::new);
        final InputBuffer<DriveCommand> tCommand = new InputBuffer<>("c", DriveCommand.class, DriveCommand::new);
        final InputBuffer<DriveCommand> hpCommand = new InputBuffer<>("c", DriveCommand.class, DriveCommand::new);
        final InputBuffer<BodyStatus> csStatus = new InputBuffer<>("s", BodyStatus.class, BodyStatus::new);
        boolean hardwareReady;
        boolean statusFlows = true;

        Rig(int safeIterations) throws FsmLoadException {
            rStatus.connect(body.rightArmStatus());
            lStatus.connect(body.leftArmStatus());
            tStatus.connect(body.torsoStatus());
            hpStatus.connect(body.headPanStatus());
            htStatus.connect(body.headTiltStatus());
            cs.connect(body.command());
            body.rightArmCommand().connect(rCommand);
            body.leftArmCommand().connect(lCommand);
            body.torsoCommand().connect(tCommand);
            body.headPanCommand().connect(hpCommand);
            body.status().connect(csStatus);
            Map<String, Behavior> behaviors = new HashMap<>();
            behaviors.put("idle", new Idle());
            behaviors.put("safe", new Safe(body));
            behaviors.put("safe_st", new SafeSt(body));
            behaviors.put("safe_st_ok", new SafeStOk(body));
            behaviors.put("transp", new Transp(body));
            behaviors.put("transp_st", new TranspSt(body));
            fsm = FsmExecutor.create(FsmLoader.load("fsm/velma.ve_body.yaml",
                    VeBody.class.getClassLoader().getResourceAsStream("fsm/velma.ve_body.yaml"), Map.of("safeIterations", safeIterations)),
                    behaviors, body.predicates());
        }

        /** The real effectors report; arms moving at dq = 0.1·(j+1) rad/s. */
        void effectorsReport(long cycle) {
            if (!statusFlows) {
                return;
            }
            for (OutputBuffer<LwrStatus> arm : new OutputBuffer[] {rStatus, lStatus}) {
                LwrStatus s = arm.message();
                for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                    s.dq[j] = 0.1 * (j + 1);
                    s.q[j] = 0.001 * cycle;
                }
                s.power = hardwareReady ? 0b1111111 : 0;
                s.controlMode = ControlMode.JOINT_IMPEDANCE;
                s.quality = FriQuality.PERFECT;
                s.state = hardwareReady ? FriState.COMMAND : FriState.MONITOR;
                arm.send();
            }
            report(tStatus, DriveCommand.MODE_CYCLIC_TORQUE, true);
            report(hpStatus, DriveCommand.MODE_CYCLIC_POSITION, hardwareReady);
            report(htStatus, DriveCommand.MODE_CYCLIC_POSITION, hardwareReady);
        }

        /**
         * A drive in its cyclic mode: operation enabled when the hardware is ready, else switch on disabled.
         * The torso's absolute encoder is always homed; the head's incremental ones are homed once it is ready.
         */
        private void report(OutputBuffer<DriveStatus> drive, int mode, boolean homed) {
            DriveStatus s = drive.message();
            s.statusWord = hardwareReady ? 0x0237 : 0x0250;
            s.mode = mode;
            s.homed = homed;
            s.velocity = 0.5;
            s.position = 0.25;
            drive.send();
        }

        /**
         * One 2 ms cycle: ve_body reads status, cs runs ({@code command}, or nothing when null), ve_body
         * reads the command, the real effectors read ve_body's commands. Returns the states whose behaviours
         * ran in both passes, "status-pass/command-pass": each pass checks the state the other selected, and
         * runs the one it selects on the inputs it just received.
         */
        String cycle(long cycle, BodyCommand command) {
            effectorsReport(cycle);
            for (InputBuffer<?> in : new InputBuffer<?>[] {body.rightArmStatus(), body.leftArmStatus(), body.torsoStatus(), body.headPanStatus(),
                    body.headTiltStatus()}) {
                in.receive();
            }
            fsm.step();
            String first = fsm.currentState();
            if (command != null) {
                cs.write(command);
            }
            body.command().receive();
            fsm.step();
            rCommand.receive();
            lCommand.receive();
            tCommand.receive();
            hpCommand.receive();
            csStatus.receive();
            return first + "/" + fsm.currentState();
        }
    }

    private static BodyCommand command(double torque, boolean exitSafe) {
        BodyCommand c = new BodyCommand();
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            c.rightArm.torque[j] = torque;
            c.leftArm.torque[j] = -torque;
        }
        c.torsoTorque = 2 * torque;
        c.headPan = 0.1;
        c.headTilt = 0.2;
        c.exitSafeState = exitSafe;
        return c;
    }

    /** Drives the rig until a cycle runs transp_st/transp, and returns the next cycle's number. */
    private static long intoTransparentMode(Rig rig) {
        rig.hardwareReady = true;
        long c = 0;
        String passes = "";
        while (c < 1000 && !passes.equals("transp_st/transp")) {
            passes = rig.cycle(c++, command(1, true));
        }
        assertEquals("transp_st/transp", passes, "ve_body reached transparent mode");
        return c;
    }

    @Test
    void idleUntilStatusThenSafeModeWithDampingTorques() throws FsmLoadException {
        Rig rig = new Rig(500);
        rig.statusFlows = false;
        assertEquals("idle/idle", rig.cycle(0, null));
        assertFalse(rig.rCommand.hasData(), "idle sends nothing to the real effectors");
        rig.statusFlows = true;
        assertEquals("safe_st/safe", rig.cycle(1, null),
                "status arrived: idle ends in the status pass, which runs safe_st; the command pass runs safe");
        assertTrue(rig.csStatus.hasData() && rig.csStatus.get().safeMode, "cs saw the status in the cycle it arrived, in safe mode");
        assertEquals(0.001, rig.csStatus.get().rightArm.q[0], 1e-12, "this cycle's status");
        assertEquals(-Velma.SAFE_DAMPING[0] * 0.1, rig.rCommand.get().torque[0], 1e-12, "and the arms were damped in it");
        assertEquals("safe_st/safe", rig.cycle(2, null), "hardware not ready: safe_st and safe alternate");
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            assertEquals(-Velma.SAFE_DAMPING[j] * 0.1 * (j + 1), rig.rCommand.get().torque[j], 1e-12, "τ = −D·q̇, joint " + (j + 1));
            assertEquals(rig.rCommand.get().torque[j], rig.lCommand.get().torque[j], 1e-12);
        }
        assertEquals(DriveCommand.SHUTDOWN, rig.tCommand.get().controlWord, "the torso drive is being brought up");
        assertEquals(0, rig.tCommand.get().targetTorque, "a drive not yet enabled gets no torque");
        assertEquals(0.25, rig.hpCommand.get().targetPosition, 1e-12, "the head holds its position");
        assertTrue(rig.csStatus.hasData() && rig.csStatus.get().safeMode, "cs sees ve_body in safe mode");
        rig.hardwareReady = true;
        assertEquals("safe_st_ok/safe", rig.cycle(3, null), "hardware ready: still safe, until more than 500 safe iterations");
        assertEquals(-Safe.TORSO_SAFE_DAMPING * 0.5, rig.tCommand.get().targetTorque, 1e-12, "the torso damped");
        assertEquals(0.25, rig.hpCommand.get().targetPosition, 1e-12, "the head holds its position");
    }

    @Test
    void transparentModeOnlyAfterMoreThan500SafeIterationsWithHardwareReadyAndTheExitCommand() throws FsmLoadException {
        Rig rig = new Rig(500);
        rig.hardwareReady = true;
        assertEquals("safe_st/safe", rig.cycle(0, command(1, true)));
        // Cycle 0 checks idle (not counted), then safe_st (1). Cycle c checks safe (2c), then safe_st_ok (2c+1),
        // whose σ selects transp once 2c + 1 > 500: in cycle 250's command pass.
        for (long c = 1; c <= 249; c++) {
            assertEquals("safe_st_ok/safe", rig.cycle(c, command(1, true)), "cycle " + c + ": " + (2 * c + 1) + " safe iterations");
        }
        assertEquals("safe_st_ok/transp", rig.cycle(250, command(2, true)), "safe_st_ok at iteration 501 (> 500) selects transp");
        assertEquals(2, rig.rCommand.get().torque[0], 1e-12, "which passed this cycle's command down at once");
        long c = 251;
        assertEquals("transp_st/transp", rig.cycle(c, command(3, false)));
        assertEquals(0.001 * c, rig.csStatus.get().rightArm.q[0], 1e-12, "transp_st passed this cycle's status up");
        c++;
        assertEquals("transp_st/transp", rig.cycle(c++, command(3, false)));
        assertEquals(3, rig.rCommand.get().torque[0], 1e-12, "cs's command reached the right arm");
        assertEquals(-3, rig.lCommand.get().torque[6], 1e-12);
        assertEquals(6, rig.tCommand.get().targetTorque, 1e-12);
        assertEquals(0.1, rig.hpCommand.get().targetPosition, 1e-12);
        assertFalse(rig.csStatus.get().safeMode);
    }

    @Test
    void aNaNAnOverLimitTorqueAndAMissingCommandEachSendVeBodyToSafeInTheCycleTheyArrive() throws FsmLoadException {
        for (String fault : new String[] {"NaN", "over limit", "missing", "infinite"}) {
            Rig rig = new Rig(10);
            long c = intoTransparentMode(rig);
            BodyCommand bad = command(1, false);
            switch (fault) {
                case "NaN" -> bad.rightArm.torque[3] = Double.NaN;
                case "over limit" -> bad.leftArm.torque[6] = 10.0;
                case "infinite" -> bad.torsoTorque = Double.POSITIVE_INFINITY;
                default -> bad = null;
            }
            assertEquals("transp_st/safe", rig.cycle(c++, bad), fault + ": transp_st's conditions refuse what arrived, safe runs at once");
            assertTrue(rig.rCommand.get().valid() && rig.lCommand.get().valid(), fault + ": the arms got valid (safe) torques");
            assertEquals(-Velma.SAFE_DAMPING[0] * 0.1, rig.rCommand.get().torque[0], 1e-12, fault + ": safe damping, not the command");
            assertTrue(Double.isFinite(rig.tCommand.get().targetTorque) && Math.abs(rig.tCommand.get().targetTorque) < 100, fault);
            assertEquals("safe_st_ok/safe", rig.cycle(c++, command(1, false)), fault);
        }
    }

    @Test
    void aRandomizedCommandStormNeverLetsAnInvalidCommandReachTheEffectors() throws FsmLoadException {
        Rig rig = new Rig(10);
        Random random = new Random(42);
        long c = intoTransparentMode(rig);
        int transparentCycles = 0;
        for (int i = 0; i < 20_000; i++) {
            BodyCommand cmd = command(random.nextGaussian() * 5, random.nextInt(10) > 0);
            int kind = random.nextInt(20);
            if (kind == 0) {
                cmd.rightArm.torque[random.nextInt(7)] = Double.NaN;
            } else if (kind == 1) {
                cmd.leftArm.torque[random.nextInt(7)] = (random.nextBoolean() ? 1 : -1) * (50 + random.nextDouble() * 100);
            } else if (kind == 2) {
                cmd.torsoTorque = random.nextBoolean() ? Double.NEGATIVE_INFINITY : 150;
            } else if (kind == 3) {
                cmd = null;
            } else if (kind == 4) {
                rig.hardwareReady = !rig.hardwareReady;
            }
            if (rig.cycle(c++, cmd).endsWith("/transp")) {
                transparentCycles++;
            }
            if (rig.rCommand.hasData()) {
                assertTrue(rig.rCommand.get().valid() && rig.lCommand.get().valid(), "cycle " + c + ": an invalid arm command reached an arm");
                assertTrue(Math.abs(rig.tCommand.get().targetTorque) < Velma.TORSO_TORQUE_LIMIT, "cycle " + c + ": torso");
            }
            assertEquals(null, rig.fsm.fault(), "no determinism fault");
        }
        assertTrue(transparentCycles > 1000, "the storm spent time in transparent mode: " + transparentCycles);
    }
}
