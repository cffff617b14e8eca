package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.testing.Allocations;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.model.Arm;
import org.junit.jupiter.api.Test;

/**
 * What one tick allocates once warm, with every device busy as in transparent mode: both arms in
 * COMMAND, the torso enabled in cyclic torque, the head in cyclic position, and every buffer of the
 * three subsystems connected to a reader that receives each tick, as ve_body would.
 */
class TickCostTest {
    @Test
    void aWarmTickAllocatesNothingThePhysicsStepIncluded() {
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            RightLwrEffector right = new RightLwrEffector(sim);
            LeftLwrEffector left = new LeftLwrEffector(sim);
            EthercatEffector ethercat = new EthercatEffector(sim);
            OutputBuffer<LwrCommand> toRight = new OutputBuffer<>("lwr_r_command", LwrCommand.class, LwrCommand::new);
            OutputBuffer<LwrCommand> toLeft = new OutputBuffer<>("lwr_l_command", LwrCommand.class, LwrCommand::new);
            toRight.connect(right.command);
            toLeft.connect(left.command);
            @SuppressWarnings("unchecked")
            OutputBuffer<DriveCommand>[] toDrives = new OutputBuffer[3];
            @SuppressWarnings("unchecked")
            InputBuffer<DriveStatus>[] fromDrives = new InputBuffer[3];
            for (int d = 0; d < 3; d++) {
                toDrives[d] = new OutputBuffer<>("command", DriveCommand.class, DriveCommand::new);
                fromDrives[d] = new InputBuffer<>("status", DriveStatus.class, DriveStatus::new);
            }
            toDrives[0].connect(ethercat.torsoCommand);
            toDrives[1].connect(ethercat.headPanCommand);
            toDrives[2].connect(ethercat.headTiltCommand);
            ethercat.torsoStatus.connect(fromDrives[0]);
            ethercat.headPanStatus.connect(fromDrives[1]);
            ethercat.headTiltStatus.connect(fromDrives[2]);
            InputBuffer<LwrStatus> fromRight = new InputBuffer<>("lwr_r_status", LwrStatus.class, LwrStatus::new);
            InputBuffer<LwrStatus> fromLeft = new InputBuffer<>("lwr_l_status", LwrStatus.class, LwrStatus::new);
            right.status.connect(fromRight);
            left.status.connect(fromLeft);
            toDrives[0].message().mode = DriveCommand.MODE_CYCLIC_TORQUE;
            for (int d = 1; d < 3; d++) {
                toDrives[d].message().mode = DriveCommand.MODE_CYCLIC_POSITION;
            }
            int[] controlWord = {DriveCommand.SHUTDOWN};
            sim.attach(() -> {
                // ve_body: status up, safe damping down; then the real effectors receive and step.
                fromRight.receive();
                fromLeft.receive();
                for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                    toRight.message().torque[j] = -Velma.SAFE_DAMPING[j] * fromRight.get().dq[j];
                    toLeft.message().torque[j] = -Velma.SAFE_DAMPING[j] * fromLeft.get().dq[j];
                }
                toRight.send();
                toLeft.send();
                for (int d = 0; d < 3; d++) {
                    fromDrives[d].receive();
                    DriveCommand c = toDrives[d].message();
                    c.controlWord = controlWord[0];
                    c.targetPosition = fromDrives[d].get().position;
                    toDrives[d].send();
                }
                right.command.receive();
                left.command.receive();
                ethercat.torsoCommand.receive();
                ethercat.headPanCommand.receive();
                ethercat.headTiltCommand.receive();
                right.step();
                left.step();
                ethercat.step();
            });
            sim.advance(20);
            controlWord[0] = DriveCommand.ENABLE_OPERATION;
            sim.advance(2000);
            assertEquals(FriState.COMMAND, sim.lwr(Arm.RIGHT).state());
            assertEquals(FriState.COMMAND, sim.lwr(Arm.LEFT).state());
            assertEquals(Cia402State.OPERATION_ENABLED, sim.torso().state());
            assertEquals(Cia402State.OPERATION_ENABLED, sim.headPan().state());
            assertEquals(Cia402State.OPERATION_ENABLED, sim.headTilt().state());

            // The whole tick: devices, ODE's world step, publishing, snapshot and the cycle.
            long bytes = Allocations.warmUpThenLeastOfTenRounds(20_000, 1000, () -> sim.advance(1));
            assertEquals(0, bytes, "bytes allocated by 1000 warm ticks, the physics step included");
            assertEquals(0, sim.cycleFailures(), String.valueOf(sim.lastCycleFailure()));
            assertEquals(Cia402State.OPERATION_ENABLED, sim.headTilt().state());
        }
    }
}
