package org.embodia.velma.cs;

import static org.embodia.velma.model.VelmaModel.CROSSED;
import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.testing.Allocations;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.junit.jupiter.api.Test;

/**
 * velma_core_cs over real buffers, ve_body played by the test with a fixed status: the task
 * interface's checks, what becomes of commands the FSM does not take, and a loop that allocates
 * nothing in any behaviour.
 */
class CsLoopTest {

    final VelmaCs cs = new VelmaCs();
    final TaskInterface task = new TaskInterface(cs);
    final OutputBuffer<BodyStatus> veBody = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    final InputBuffer<BodyCommand> commands = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    final FsmExecutor fsm;

    CsLoopTest() throws Exception {
        veBody.connect(cs.status());
        cs.command().connect(commands);
        Map<String, Behavior> behaviors = new HashMap<>();
        behaviors.put("idle", new Idle(cs));
        behaviors.put("safe", new Safe(cs));
        behaviors.put("safe_col", new SafeCol(cs));
        behaviors.put("jnt_imp", new JntImp(cs));
        behaviors.put("cart_imp", new CartImp(cs));
        fsm = FsmExecutor.create(CsFsmTest.definition(), behaviors, cs.predicates());
        status(READY_RIGHT, READY_LEFT, false);
    }

    void status(double[] right, double[] left, boolean safeMode) {
        BodyStatus s = veBody.message();
        arm(s.rightArm, right);
        arm(s.leftArm, left);
        for (DriveStatus d : new DriveStatus[] {s.torso, s.headPan, s.headTilt}) {
            d.statusWord = 0x1237;
            d.homed = true;
        }
        s.safeMode = safeMode;
    }

    private static void arm(LwrStatus a, double[] q) {
        System.arraycopy(q, 0, a.q, 0, 7);
        a.power = 0b1111111;
        a.controlMode = ControlMode.JOINT_IMPEDANCE;
        a.quality = FriQuality.PERFECT;
        a.state = FriState.COMMAND;
    }

    /** One cycle: ve_body sends the status, cs receives it, steps its FSM, ends its iteration. */
    void cycle() {
        veBody.send();
        cs.status().receive();
        assertTrue(fsm.step(), () -> "cs's FSM stopped: " + fsm.fault());
        cs.endIteration();
        commands.receive();
    }

    void cycles(int n) {
        for (int i = 0; i < n; i++) {
            cycle();
        }
    }

    @Test
    void theTaskInterfaceRefusesBadCommandsSayingWhy() {
        double[] nan = READY_RIGHT.clone();
        nan[2] = Double.NaN;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(nan, null, null, 1, 1)))
                .getMessage().contains("right arm joint 3 target NaN"));
        double[] far = READY_RIGHT.clone();
        far[1] = 2.5;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(null, far, null, 1, 1)))
                .getMessage().contains("left arm joint 2 target 2.5 rad is outside ±2.09"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(new double[6], null, null, 1, 1)))
                .getMessage().contains("7 joint targets needed, got 6"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(null, null, 1.7, 1, 1)))
                .getMessage().contains("torso target 1.7"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, null, null, 0, 1)))
                .getMessage().contains("duration 0.0 s"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, null, null, 1, 11)))
                .getMessage().contains("stiffness scale 11.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.jointImpedance(new JointImpedanceCommand(null, null, null, 1, 1)))
                .getMessage().contains("needs a target"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> task.cartesianImpedance(new CartesianImpedanceCommand(Pose.position(2, 0, 1), null, 1))).getMessage()
                .contains("beyond the arm's reach"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> task.cartesianImpedance(new CartesianImpedanceCommand(null, Pose.position(0.5, Double.POSITIVE_INFINITY, 1), 1)))
                .getMessage().contains("not a finite number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.head(0, 1.4, 1)).getMessage().contains("head tilt 1.4"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> task.head(Double.NaN, 0, 1)).getMessage().contains("head pan NaN"));
    }

    /**
     * The view names the parts of allHwOk that do not hold, and keeps those of the iteration ve_body entered safe mode
     * in: what ended transparent mode, after the device came back.
     */
    @Test
    void theViewNamesTheHardwareThatEndedTransparentMode() {
        cycles(2);
        assertEquals(List.of(), task.view().hardwareNotOk());
        BodyStatus s = veBody.message();
        s.rightArm.state = FriState.MONITOR;
        s.leftArm.state = FriState.MONITOR;
        s.safeMode = true;
        cycle();
        assertEquals(List.of("rLwrInCmdState", "lLwrInCmdState"), task.view().hardwareNotOk());
        assertEquals(List.of("rLwrInCmdState", "lLwrInCmdState"), task.view().hardwareNotOkWhenSafe());
        status(READY_RIGHT, READY_LEFT, true);
        cycles(2);
        assertEquals(List.of(), task.view().hardwareNotOk(), "the KRCs are back in command mode");
        assertEquals(List.of("rLwrInCmdState", "lLwrInCmdState"), task.view().hardwareNotOkWhenSafe(), "still in the safe mode they began");
        status(READY_RIGHT, READY_LEFT, false);
        cycle();
        s.torso.statusWord = 0x0008;
        s.safeMode = true;
        cycle();
        assertEquals(List.of("tMotorOk"), task.view().hardwareNotOkWhenSafe(), "the next entry into safe mode");
    }

    @Test
    void commandsTheFsmDoesNotTakeEndAbortedWithTheReason() {
        status(READY_RIGHT, READY_LEFT, true);
        cycles(3);
        assertEquals("idle", fsm.currentState());
        Motion m = task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, null, null, 1, 1));
        cycles(3);
        assertEquals(new Motion(m.id(), "jnt_imp", Motion.Phase.ABORTED, "velma_core_ve_body is in safe mode"), task.motion(m.id()));

        status(READY_RIGHT, READY_LEFT, false);
        cycles(3);
        assertEquals("safe", fsm.currentState());
        Motion a = task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, null, null, 1, 1));
        Motion b = task.relax();
        cycles(3);
        assertEquals("safe", fsm.currentState(), "two commands in one iteration: recvOneCmd is false");
        assertEquals("not taken: several commands arrived in one iteration", task.motion(a.id()).detail());
        assertEquals(Motion.Phase.ABORTED, task.motion(b.id()).phase());

        Motion c = task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, null, null, 1, 1));
        cycles(3);
        assertEquals("jnt_imp", fsm.currentState());
        assertEquals(Motion.Phase.ACTIVE, task.motion(c.id()).phase());
        Motion d = task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 1, 1));
        cycles(2);
        assertEquals(new Motion(c.id(), "jnt_imp", Motion.Phase.ABORTED, "replaced by a newer command"), task.motion(c.id()));
        assertEquals(Motion.Phase.ACTIVE, task.motion(d.id()).phase());
    }

    @Test
    void aJointOrCartesianCommandInSelfCollisionIsRefusedRatherThanStoppingTheFsm() {
        status(CROSSED, CROSSED, false);
        cycles(3);
        assertEquals("safe", fsm.currentState());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 1, 1)));
        assertTrue(e.getMessage().contains("self collision") && e.getMessage().contains("relax"), e.getMessage());
        Motion relax = task.relax();
        cycles(3);
        assertEquals("safe_col", fsm.currentState());
        assertEquals(Motion.Phase.ACTIVE, task.motion(relax.id()).phase(), "still in collision: the status does not move");
    }

    @Test
    void everyBehaviourRunsWithoutAllocatingOnceWarm() {
        cycles(5000);
        assertEquals("safe", fsm.currentState());
        Map<String, Long> bytes = new HashMap<>();
        bytes.put("safe", least());
        task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.1, 0.5, 1));
        cycles(3);
        assertEquals("jnt_imp", fsm.currentState());
        bytes.put("jnt_imp", least());
        double[] r = task.view().rightTool();
        task.cartesianImpedance(new CartesianImpedanceCommand(Pose.position(r[0] + 0.05, r[1], r[2]), null, 0.5));
        cycles(3);
        assertEquals("cart_imp", fsm.currentState());
        bytes.put("cart_imp", least());
        task.relax();
        cycles(3);
        assertEquals("safe_col", fsm.currentState());
        bytes.put("safe_col", least());
        status(READY_RIGHT, READY_LEFT, true);
        cycles(3);
        assertEquals("idle", fsm.currentState());
        bytes.put("idle", least());
        assertEquals(Map.of("safe", 0L, "jnt_imp", 0L, "cart_imp", 0L, "safe_col", 0L, "idle", 0L), bytes,
                "bytes allocated by 2,000 warm cycles per state");
    }

    /** The least bytes 2,000 cycles allocate, over ten rounds: a one-off JVM event does not show in all of them. */
    private long least() {
        return Allocations.leastOfTenRounds(2000, () -> {
            veBody.send();
            cs.status().receive();
            fsm.step();
            cs.endIteration();
            commands.receive();
        });
    }
}
