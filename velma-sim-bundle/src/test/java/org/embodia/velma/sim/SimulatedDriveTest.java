package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.model.VelmaModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SimulatedDriveTest {
    private final VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final DriveCommand command = new DriveCommand();
    private final DriveStatus status = new DriveStatus();

    @AfterEach
    void close() {
        sim.close();
    }

    private DriveStatus tick(SimulatedDrive drive, int controlWord) {
        command.controlWord = controlWord;
        drive.command(command);
        sim.advance(1);
        drive.status(status);
        return status;
    }

    private DriveStatus ticks(SimulatedDrive drive, int controlWord, int n) {
        for (int i = 0; i < n; i++) {
            tick(drive, controlWord);
        }
        return status;
    }

    /** Statusword bits 0..3, 5, 6: the state as CiA 402 encodes it. */
    private static int state(DriveStatus s) {
        return s.statusWord & 0x6F;
    }

    private void enable(SimulatedDrive drive) {
        sim.advance(SimulatedDrive.INIT_TICKS);
        tick(drive, DriveCommand.SHUTDOWN);
        tick(drive, DriveCommand.SWITCH_ON);
        tick(drive, DriveCommand.ENABLE_OPERATION);
        assertTrue(status.ok(), status.toString());
    }

    private double trueAngle(SimulatedDrive drive) {
        return sim.physics().angle(drive == sim.torso() ? VelmaModel.BODY_TORSO
                : drive == sim.headPan() ? VelmaModel.BODY_HEAD_PAN : VelmaModel.BODY_HEAD_TILT);
    }

    @Test
    void theEnableSequenceReachesOperationEnabled() {
        SimulatedDrive torso = sim.torso();
        sim.advance(1);
        torso.status(status);
        assertEquals(0, state(status) & 0x4F, "Not ready to switch on");
        sim.advance(SimulatedDrive.INIT_TICKS);
        torso.status(status);
        assertEquals(0x40, state(status) & 0x4F, "Switch on disabled");
        assertFalse(status.ok());
        assertEquals(0x21, state(tick(torso, DriveCommand.SHUTDOWN)), "Ready to switch on");
        assertFalse(status.ok());
        assertEquals(0x23, state(tick(torso, DriveCommand.SWITCH_ON)), "Switched on");
        assertFalse(status.ok());
        assertEquals(0x27, state(tick(torso, DriveCommand.ENABLE_OPERATION)), "Operation enabled");
        assertTrue(status.ok());
        assertEquals(Cia402State.OPERATION_ENABLED, torso.state());
        assertEquals(0x23, state(tick(torso, DriveCommand.SWITCH_ON)), "Disable operation: Switched on");
        assertEquals(0x27, state(tick(torso, DriveCommand.ENABLE_OPERATION)));
        assertEquals(0x21, state(tick(torso, DriveCommand.SHUTDOWN)) & 0x6F);
        // Switch on + enable operation from Ready to switch on: transitions 3 and 4 at once.
        assertEquals(0x27, state(tick(torso, DriveCommand.ENABLE_OPERATION)));
        assertEquals(0x40, state(tick(torso, DriveCommand.DISABLE_VOLTAGE)) & 0x4F, "Disable voltage: Switch on disabled");
        assertEquals(0, torso.invalidCommands());
    }

    @Test
    void enableOperationFromSwitchOnDisabledIsRefused() {
        SimulatedDrive pan = sim.headPan();
        sim.advance(SimulatedDrive.INIT_TICKS);
        ticks(pan, DriveCommand.ENABLE_OPERATION, 100);
        assertEquals(Cia402State.SWITCH_ON_DISABLED, pan.state());
        assertFalse(status.ok());
        assertEquals(0, pan.invalidCommands(), "a refused transition is not an invalid command");
    }

    @Test
    void quickStopStopsAndEndsInSwitchOnDisabled() {
        SimulatedDrive torso = sim.torso();
        enable(torso);
        assertEquals(0x07, state(tick(torso, 0x02)), "Quick stop active");
        tick(torso, 0x02);
        assertEquals(Cia402State.SWITCH_ON_DISABLED, torso.state());
    }

    @Test
    void anInvalidCommandFaultsTheDriveUntilAFaultResetEdge() {
        SimulatedDrive torso = sim.torso();
        enable(torso);
        command.targetTorque = 100;
        tick(torso, DriveCommand.ENABLE_OPERATION);
        assertEquals(Cia402State.FAULT_REACTION_ACTIVE, torso.state());
        assertEquals(0, status.torque, "the invalid torque was not applied");
        assertEquals(1, torso.invalidCommands());
        command.targetTorque = 0;
        tick(torso, DriveCommand.ENABLE_OPERATION);
        assertEquals(0x08, status.statusWord & 0x4F, "Fault");
        assertFalse(status.ok());
        assertEquals(DriveFault.INVALID_COMMAND, torso.fault());
        ticks(torso, DriveCommand.ENABLE_OPERATION, 10);
        assertEquals(Cia402State.FAULT, torso.state(), "only a fault reset leaves Fault");
        tick(torso, DriveCommand.FAULT_RESET);
        assertEquals(Cia402State.SWITCH_ON_DISABLED, torso.state());
        assertEquals(DriveFault.NONE, torso.fault());
        enable(torso);

        command.targetTorque = Double.NaN;
        tick(torso, DriveCommand.ENABLE_OPERATION);
        command.targetTorque = 0;
        command.mode = DriveCommand.MODE_CYCLIC_POSITION;
        command.targetPosition = 2.0;
        tick(torso, DriveCommand.FAULT_RESET);
        assertEquals(3, torso.invalidCommands(), "then a NaN torque, and a target beyond the torso's limit (the reset with it is dropped too)");
        assertEquals(Cia402State.FAULT, torso.state());
        command.targetPosition = 0;
        tick(torso, 0);
        tick(torso, DriveCommand.FAULT_RESET);
        tick(torso, DriveCommand.FAULT_RESET);
        assertEquals(Cia402State.SWITCH_ON_DISABLED, torso.state(), "one edge, one reset");
        assertEquals(3, sim.snapshot().invalidCommands[SimulationState.TORSO]);
    }

    @Test
    void cyclicTorqueAppliesTheTargetTorque() {
        SimulatedDrive torso = sim.torso();
        enable(torso);
        command.targetTorque = 30;
        ticks(torso, DriveCommand.ENABLE_OPERATION, 100);
        assertEquals(30, status.torque);
        assertTrue(status.velocity > 0.05, "velocity " + status.velocity);
        assertTrue(status.homed, "the torso's absolute encoder needs no homing");
        assertEquals(trueAngle(torso), status.position, 1e-12);
    }

    @Test
    void withoutOperationEnabledTheBrakeHoldsTheHead() {
        SimulatedDrive tilt = sim.headTilt();
        double at = trueAngle(tilt);
        sim.advance(500);
        assertEquals(at, trueAngle(tilt), 1e-4, "the tilt's weight is held by its brake");
        assertTrue(Math.abs(sim.physics().gravityTorque(VelmaModel.BODY_HEAD_TILT)) > 0.1, "there is a weight to hold");
    }

    @Test
    void homingMovesTheHeadToItsSwitchAndReferencesThePosition() {
        sim.physics().place(0, VelmaModel.REST_RIGHT, VelmaModel.REST_LEFT, 0.6, -0.4);
        home(sim.headPan(), 0.6, DriveSpec.HEAD_PAN.encoderOffset(), -1);
        home(sim.headTilt(), -0.4, DriveSpec.HEAD_TILT.encoderOffset(), 1);
    }

    private void home(SimulatedDrive drive, double start, double encoderOffset, int direction) {
        command.mode = DriveCommand.MODE_HOMING;
        enable(drive);
        assertFalse(status.homed);
        assertEquals(start + encoderOffset, status.position, 1e-3, "before homing: the true angle plus the encoder's power-up offset");
        assertEquals(SimulatedDrive.TARGET_REACHED, status.statusWord & 0x3400, "homing not started");
        tick(drive, DriveCommand.ENABLE_OPERATION | SimulatedDrive.HOMING_OPERATION_START);
        ticks(drive, DriveCommand.ENABLE_OPERATION | SimulatedDrive.HOMING_OPERATION_START, 500);
        assertEquals(0, status.statusWord & 0x3400, "homing in progress");
        assertEquals(direction * SimulatedDrive.HOMING_SPEED, status.velocity, 0.05, "moving to the switch at the homing speed");
        int n = 0;
        while ((status.statusWord & 0x1400) != 0x1400 && n++ < 2000) {
            tick(drive, DriveCommand.ENABLE_OPERATION | SimulatedDrive.HOMING_OPERATION_START);
        }
        assertEquals(0x1400, status.statusWord & 0x3400, "homing attained and target reached: " + status);
        assertTrue(status.homed);
        assertTrue(drive.homed());
        assertEquals(0, trueAngle(drive), SimulatedDrive.HOME_TOLERANCE, "at the switch");
        assertTrue(status.ok());
        ticks(drive, DriveCommand.ENABLE_OPERATION, 50);
        assertEquals(trueAngle(drive), status.position, 1e-12, "after homing the position is the true angle");
    }

    @Test
    void cyclicPositionFollowsATarget() {
        SimulatedDrive tilt = sim.headTilt();
        command.mode = DriveCommand.MODE_CYCLIC_POSITION;
        enable(tilt);
        double from = status.position;
        double to = from + 0.8;
        double worst = 0;
        for (int i = 1; i <= 500; i++) {
            command.targetPosition = from + (to - from) * i / 500;
            tick(tilt, DriveCommand.ENABLE_OPERATION);
            worst = Math.max(worst, Math.abs(command.targetPosition - status.position));
        }
        assertTrue(worst < 0.05, "tracking error on a 0.8 rad/s ramp: " + worst);
        ticks(tilt, DriveCommand.ENABLE_OPERATION, 250);
        assertEquals(to, status.position, 1e-3, "holds the target against the head's weight");
        assertEquals(to - DriveSpec.HEAD_TILT.encoderOffset(), trueAngle(tilt), 1e-3);
        assertEquals(SimulatedDrive.MODE_BIT_12, status.statusWord & 0x3000, "follows the command value, no following error");
    }

    @Test
    void aFollowingErrorFaultsTheDrive() {
        // Not yet homed, a target is not checked against the limits: one beyond the hard stop is never reached.
        SimulatedDrive pan = sim.headPan();
        command.mode = DriveCommand.MODE_CYCLIC_POSITION;
        enable(pan);
        command.targetPosition = 3.0;
        ticks(pan, DriveCommand.ENABLE_OPERATION, SimulatedDrive.FOLLOWING_ERROR_TICKS - 10);
        assertEquals(Cia402State.OPERATION_ENABLED, pan.state());
        assertEquals(SimulatedDrive.MODE_BIT_13, status.statusWord & SimulatedDrive.MODE_BIT_13, "following error bit");
        ticks(pan, DriveCommand.ENABLE_OPERATION, 20);
        assertEquals(Cia402State.FAULT, pan.state());
        assertEquals(DriveFault.FOLLOWING_ERROR, pan.fault());
        assertEquals(0, pan.invalidCommands());
    }

    @Test
    void processDataThatStopFaultAnEnabledDrive() {
        SimulatedDrive torso = sim.torso();
        enable(torso);
        sim.advance(SimulatedDrive.WATCHDOG_TICKS);
        assertEquals(Cia402State.OPERATION_ENABLED, torso.state());
        sim.advance(2);
        assertEquals(Cia402State.FAULT, torso.state());
        assertEquals(DriveFault.WATCHDOG, torso.fault());
    }
}
