package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SimulatedLwrTest {
    private final VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final SimulatedLwr arm = sim.lwr(Arm.RIGHT);
    private final LwrCommand command = new LwrCommand();
    private final LwrStatus status = new LwrStatus();

    @AfterEach
    void close() {
        sim.close();
    }

    /** One tick with {@link #command} sent, then the arm's status. */
    private LwrStatus tick() {
        arm.command(command);
        sim.advance(1);
        arm.status(status);
        return status;
    }

    private LwrStatus silentTick() {
        sim.advance(1);
        arm.status(status);
        return status;
    }

    private void ticks(int n) {
        for (int i = 0; i < n; i++) {
            tick();
        }
    }

    private void enterCommand() {
        ticks(SimulatedLwr.START_AFTER_COMMANDS);
        assertEquals(FriState.COMMAND, status.state, "COMMAND after quality PERFECT and 50 valid commands");
    }

    private double[] q() {
        arm.status(status);
        return status.q.clone();
    }

    private static double maxDrift(double[] from, double[] to) {
        double max = 0;
        for (int j = 0; j < from.length; j++) {
            max = Math.max(max, Math.abs(to[j] - from[j]));
        }
        return max;
    }

    @Test
    void startsInMonitorWithBrakesOnAndEntersCommandOncePerfectWithValidCommands() {
        LwrStatus s = silentTick();
        assertEquals(FriState.MONITOR, s.state);
        assertEquals(0, s.power);
        assertEquals(FriQuality.BAD, s.quality);
        assertFalse(s.ok());
        double[] braked = q();
        command.torque[1] = 20;
        // Quality rises; commands before PERFECT are not applied and the brakes hold.
        ticks(SimulatedLwr.PERFECT_AFTER_TICKS - 2);
        assertEquals(FriQuality.GOOD, status.quality);
        assertEquals(FriState.MONITOR, status.state);
        assertEquals(0, status.torque[1]);
        assertEquals(0, maxDrift(braked, status.q), 1e-6);
        tick();
        assertEquals(FriQuality.PERFECT, status.quality);
        // The valid-command streak began a tick late, so COMMAND comes one tick after PERFECT.
        assertEquals(FriState.MONITOR, status.state);
        tick();
        assertEquals(FriState.COMMAND, status.state);
        assertEquals(SimulatedLwr.ALL_POWERED, status.power);
        assertEquals(ControlMode.JOINT_IMPEDANCE, status.controlMode);
        assertTrue(status.ok(), status.toString());
        assertTrue(status.inCommandState());
    }

    @Test
    void commandNeedsFiftyConsecutiveValidCommands() {
        ticks(60);
        assertEquals(FriState.COMMAND, status.state);
        sim.close();
        VelmaSimulation other = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
        try {
            SimulatedLwr lwr = other.lwr(Arm.LEFT);
            for (int i = 0; i < 200; i++) {
                // A command missing every tenth tick breaks the streak each time.
                if (i % 10 != 0) {
                    lwr.command(command);
                }
                other.advance(1);
            }
            assertEquals(FriState.MONITOR, lwr.state());
            assertFalse(lwr.error());
        } finally {
            other.close();
        }
    }

    @Test
    void gravityCompensationHoldsTheArmStillFromRestAndFromAnotherPosture() {
        enterCommand();
        double[] start = q();
        ticks(1000);
        assertEquals(FriState.COMMAND, status.state);
        assertTrue(maxDrift(start, status.q) < 1e-3, "drift over 2 s from rest: " + maxDrift(start, status.q));

        sim.close();
        VelmaSimulation other = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
        try {
            other.physics().place(0, VelmaPhysicsTest.OTHER_RIGHT, VelmaPhysicsTest.OTHER_LEFT, 0, 0);
            SimulatedLwr lwr = other.lwr(Arm.RIGHT);
            LwrStatus s = new LwrStatus();
            for (int i = 0; i < 1050; i++) {
                lwr.command(command);
                other.advance(1);
            }
            lwr.status(s);
            assertEquals(FriState.COMMAND, s.state);
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                assertEquals(VelmaPhysicsTest.OTHER_RIGHT[j], s.q[j], 1e-3, "joint " + (j + 1) + " after 2 s from another posture");
            }
        } finally {
            other.close();
        }
    }

    @Test
    void withoutGravityCompensationTheArmFalls() {
        arm.compensateGravity(false);
        enterCommand();
        double[] start = q();
        ticks(1000);
        assertTrue(maxDrift(start, status.q) > 0.1, "drift over 2 s without compensation: " + maxDrift(start, status.q));
    }

    @Test
    void aCommandedTorqueMovesItsJointAndTheLimitStopsIt() {
        enterCommand();
        double[] start = q();
        command.torque[3] = 3;
        ticks(50);
        assertTrue(status.dq[3] > 0.1, "elbow rate " + status.dq[3]);
        assertTrue(status.q[3] > start[3] + 0.01);
        assertEquals(3 - SimulatedLwr.INTERNAL_DAMPING * status.dq[3], status.torque[3] + gravityTorque(3), 0.05,
                "applied torque: command + gravity compensation − damping");
        command.torque[3] = 0;
        command.torque[6] = -5;
        ticks(1000);
        assertEquals(-Velma.LWR_LIMITS[6], status.q[6], 0.01, "joint 7 at its lower limit");
        assertEquals(0, status.dq[6], 0.01);
    }

    private double gravityTorque(int j) {
        return sim.physics().gravityTorque(VelmaModel.BODY_RIGHT_ARM + j);
    }

    @Test
    void commandsThatStopPutTheArmInMonitorWithBrakesUntilTheErrorIsReset() {
        enterCommand();
        for (int i = 0; i < SimulatedLwr.COMMAND_TIMEOUT_TICKS; i++) {
            silentTick();
        }
        assertEquals(FriState.COMMAND, status.state, "ten missing commands are tolerated");
        silentTick();
        assertEquals(FriState.MONITOR, status.state);
        assertTrue(status.error);
        assertEquals(0, status.power);
        assertFalse(status.ok());
        double[] braked = q();
        arm.compensateGravity(false);
        ticks(500);
        assertEquals(0, maxDrift(braked, status.q), 1e-4, "the brakes hold the arm");
        assertEquals(FriState.MONITOR, status.state, "no COMMAND again while in error");
        arm.compensateGravity(true);
        arm.requestErrorReset();
        ticks(SimulatedLwr.START_AFTER_COMMANDS);
        assertFalse(status.error);
        assertEquals(FriState.COMMAND, status.state);
    }

    @Test
    void anInvalidCommandIsCountedNeverAppliedAndStopsTheArm() {
        enterCommand();
        double[] start = q();
        command.torque[0] = Velma.LWR_TORQUE_LIMITS[0];
        tick();
        assertEquals(1, arm.invalidCommands());
        assertEquals(FriState.MONITOR, status.state);
        assertTrue(status.error);
        assertEquals(0, status.torque[0], "no torque on joint 1");
        assertEquals(0, maxDrift(start, status.q), 1e-4);
        command.torque[0] = 0;
        command.torque[4] = Double.NaN;
        tick();
        command.torque[4] = Double.POSITIVE_INFINITY;
        tick();
        assertEquals(3, arm.invalidCommands());
        assertEquals(0, maxDrift(start, status.q), 1e-4);
        assertEquals(3, sim.snapshot().invalidCommands[SimulationState.RIGHT_ARM]);
    }

    @Test
    void velmasSafeDampingFromTheLastStatusBringsAMovingArmToRest() {
        enterCommand();
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            command.torque[j] = 0.05 * Velma.LWR_TORQUE_LIMITS[j] * (j % 2 == 0 ? 1 : -1);
        }
        ticks(50);
        assertTrue(maxAbs(status.dq) > 0.5, "moving: " + maxAbs(status.dq));
        double fastest = 0;
        for (int i = 0; i < 1500; i++) {
            // ve_body's safe behaviour: τ = −D·q̇ from the status of the tick before.
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                command.torque[j] = -Velma.SAFE_DAMPING[j] * status.dq[j];
            }
            tick();
            fastest = Math.max(fastest, maxAbs(status.dq));
        }
        assertEquals(FriState.COMMAND, status.state, "every damping command was valid");
        assertTrue(fastest < 20, "stable: fastest joint " + fastest);
        assertTrue(maxAbs(status.dq) < 1e-3, "at rest: " + maxAbs(status.dq));
    }

    private static double maxAbs(double[] v) {
        double max = 0;
        for (double x : v) {
            max = Math.max(max, Math.abs(x));
        }
        return max;
    }
}
