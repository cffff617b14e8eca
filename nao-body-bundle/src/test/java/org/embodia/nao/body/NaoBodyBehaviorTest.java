package org.embodia.nao.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorCommand.Cmd;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.JointValues;
import org.junit.jupiter.api.Test;

/**
 * Each behaviour's transition functions against [RAPP] §3.1.3-3.1.8, over real buffers and the
 * real FSM: what reaches the real effector at i0, that nothing follows (the dash), what goes on STOP,
 * when tm switches and that the state ends at the next check, what reaches cs.
 */
class NaoBodyBehaviorTest {

    /** Steps {@code n} times in {@code state} without a command: nothing reaches the real effector, the pose reaches cs. */
    private static void runsQuietly(Rig rig, String state, int n) {
        for (int k = 0; k < n; k++) {
            assertEquals(state, rig.step(), "step " + k + " after i0");
            assertFalse(rig.reCommand.isNew(), state + " sends nothing to the real effector after i0 (the dash)");
            assertTrue(rig.csStatus.isNew(), state + " sends cs its status (the pose) every step");
            assertFalse(rig.body.memory().tm, "tm stays FALSE");
        }
    }

    /** The step after tm switched: its check ends the state, which does not run again; idle runs. */
    private static void endsOneStepLater(Rig rig, String state) {
        assertTrue(rig.body.memory().tm, "tm switched");
        assertEquals(state, rig.fsm.currentState(), "τ reads tm^i: the state has not ended in the step tm switched");
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded(), state + " ends at the check of the step after tm switched");
        assertEquals(state, rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew(), "nothing to the real effector in the step the state ends");
        assertTrue(rig.csStatus.isNew(), "idle sends cs the pose in that step");
        assertFalse(rig.body.memory().tm, "tm is cleared for the next behaviour");
    }

    @Test
    void moveSendsMoveWithTheWalkConfigurationAtI0ThenNothingThenZeroVelocityOnStop() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "idle sends nothing to the real effector");

        assertEquals("move", rig.step(Rig.move(0.05, -0.02, 0.1)), "MOVE ends idle at the check of the step it arrives in");
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.reCommand.isNew(), "move's i0 runs in that step and sends the command");
        BodyEffectorCommand e = rig.reCommand.get();
        assertEquals(Cmd.MOVE, e.cmd);
        assertEquals(0.05, e.velocity.vx);
        assertEquals(-0.02, e.velocity.vy);
        assertEquals(0.1, e.velocity.omega);
        assertEquals("All", e.extCollis.body, "ext_collis = [\"All\", FALSE]");
        assertFalse(e.extCollis.flag);
        assertTrue(e.walkArms.left && e.walkArms.right, "walk_arms = [TRUE, TRUE]");
        assertTrue(e.footProt, "foot_prot = TRUE");
        assertFalse(rig.body.memory().tm, "tm^(i0+1) = FALSE");

        runsQuietly(rig, "move", 10);
        assertEquals("move", rig.step(Rig.posture("Crouch", 1.0)), "another command than STOP is not for move");
        assertFalse(rig.reCommand.isNew());

        assertEquals("move", rig.step(Rig.stop()));
        assertTrue(rig.reCommand.isNew(), "STOP sends a command");
        assertEquals(Cmd.MOVE, rig.reCommand.get().cmd, "on STOP: MOVE ...");
        assertEquals(0, rig.reCommand.get().velocity.vx, "... with velocity 0");
        assertEquals(0, rig.reCommand.get().velocity.vy);
        assertEquals(0, rig.reCommand.get().velocity.omega);
        endsOneStepLater(rig, "move");
        assertEquals(0, rig.csStatus.get().attainedSeq, "move passes cs no attained");
    }

    @Test
    void aStopRightAfterTheMoveIsActedOnAtI0PlusOne() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("move", rig.step(Rig.move(0.1, 0, 0)));
        assertEquals(0.1, rig.reCommand.get().velocity.vx, "i0 sends the start command in the step it arrived in");
        assertFalse(rig.body.memory().tm);
        assertEquals("move", rig.step(Rig.stop()), "the earliest STOP cs can send arrives at i0 + 1");
        assertTrue(rig.reCommand.isNew(), "and is acted on there");
        assertEquals(0, rig.reCommand.get().velocity.vx);
        endsOneStepLater(rig, "move");
    }

    @Test
    void movetoSendsMoveToAndEndsOnANewAttainedOrOnStopWithStopMove() throws FsmLoadException {
        Rig rig = new Rig();
        rig.report().attained = true; // left from an earlier motion, not a new report
        assertEquals("moveto", rig.step(Rig.moveTo(1.0, 0.5, 0.3)));
        BodyEffectorCommand e = rig.reCommand.get();
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.MOVE_TO, e.cmd);
        assertEquals(1.0, e.dpose.x);
        assertEquals(0.5, e.dpose.y);
        assertEquals(0.3, e.dpose.theta);
        assertEquals("All", e.extCollis.body);
        assertFalse(e.extCollis.flag);
        assertTrue(e.walkArms.left && e.walkArms.right);
        assertTrue(e.footProt);
        runsQuietly(rig, "moveto", 5);
        rig.reportAttained(false);
        assertEquals("moveto", rig.step(), "attained = FALSE does not end moveto");
        assertFalse(rig.body.memory().tm);
        rig.reportAttained(true);
        assertEquals("moveto", rig.step());
        assertFalse(rig.reCommand.isNew(), "arrival sends the real effector nothing");
        assertEquals(1, rig.csStatus.get().attainedSeq, "cs learns of the arrival once (its moveTo ends on it)");
        assertTrue(rig.csStatus.get().attained);
        endsOneStepLater(rig, "moveto");
        assertEquals(1, rig.csStatus.get().attainedSeq);

        assertEquals("moveto", rig.step(Rig.moveTo(-0.2, 0, 0)));
        runsQuietly(rig, "moveto", 3);
        assertEquals("moveto", rig.step(Rig.stop()));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.STOP_MOVE, rig.reCommand.get().cmd, "on STOP: STOP_MOVE");
        assertEquals(2, rig.csStatus.get().attainedSeq);
        assertFalse(rig.csStatus.get().attained, "stopped short: attained = FALSE");
        endsOneStepLater(rig, "moveto");
    }

    @Test
    void postureSendsGoToPostureWithFullStiffnessAndPassesANewAttainedOnce() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("posture", rig.step(Rig.posture("Crouch", 0.6)));
        BodyEffectorCommand e = rig.reCommand.get();
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.GO_TO_POSTURE, e.cmd);
        assertEquals("Crouch", e.dpost.posture);
        assertEquals(0.6, e.dpost.speed);
        assertEquals(1, e.stiffness.count, "stiffness = [\"Body\", 1.0]");
        assertEquals("Body", e.stiffness.joints[0]);
        assertEquals(1.0, e.stiffness.values[0]);
        runsQuietly(rig, "posture", 4);
        assertEquals(0, rig.csStatus.get().attainedSeq, "no attained before the real effector has one");

        rig.reportAttained(true);
        assertEquals("posture", rig.step());
        assertFalse(rig.reCommand.isNew());
        BodyStatus s = rig.csStatus.get();
        assertEquals(1, s.attainedSeq, "the new attained is passed to cs");
        assertTrue(s.attained);
        rig.reportAttained(true);
        endsOneStepLater(rig, "posture");
        assertEquals(1, rig.csStatus.get().attainedSeq, "attained is passed once, not again in the step the state ends");

        assertEquals("posture", rig.step(Rig.posture("Stand", 1.0)));
        runsQuietly(rig, "posture", 2);
        assertEquals("posture", rig.step(Rig.stop()));
        assertEquals(Cmd.STOP_MOVE, rig.reCommand.get().cmd, "on STOP: STOP_MOVE");
        assertTrue(rig.reCommand.isNew());
        assertEquals(2, rig.csStatus.get().attainedSeq, "on STOP cs gets attained ...");
        assertFalse(rig.csStatus.get().attained, "... FALSE");
        endsOneStepLater(rig, "posture");
    }

    @Test
    void anAttainedArrivingAtI0BelongsToAnEarlierCommandAndIsNotPassed() throws FsmLoadException {
        Rig rig = new Rig();
        rig.reportAttained(false); // received in the step the command arrives in: i0
        assertEquals("posture", rig.step(Rig.posture("Sit", 0.5)));
        assertEquals(0, rig.csStatus.get().attainedSeq, "made before the real effector got GO_TO_POSTURE");
        assertFalse(rig.body.memory().tm);
        runsQuietly(rig, "posture", 2);
    }

    /** The real effector's cja: HeadYaw and LElbowRoll at these angles. */
    private static void cja(Rig rig, double headYaw, double lElbowRoll) {
        JointValues cja = rig.report().cja;
        cja.clear();
        cja.add("HeadYaw", headYaw);
        cja.add("HeadPitch", 0.1);
        cja.add("LElbowRoll", lElbowRoll);
    }

    @Test
    void interSendsSetAnglesWithStiffnessForItsJointsAndPassesAttainedOnceTheJointsGetThere() throws FsmLoadException {
        Rig rig = new Rig();
        cja(rig, 0, -0.5);
        assertEquals("inter", rig.step(Rig.interpolation(0.3, "HeadYaw", 0.5, "LElbowRoll", -1.0)));
        BodyEffectorCommand e = rig.reCommand.get();
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.SET_ANGLES, e.cmd);
        assertEquals(2, e.dja.count);
        assertEquals("HeadYaw", e.dja.joints[0]);
        assertEquals(0.5, e.dja.values[0]);
        assertEquals("LElbowRoll", e.dja.joints[1]);
        assertEquals(-1.0, e.dja.values[1]);
        assertEquals(0.3, e.dja.fractionMaxSpeed);
        assertEquals("[HeadYaw=1.0, LElbowRoll=1.0]", e.stiffness.toString(), "stiffness = [dja, 1.0]");
        assertEquals("[HeadYaw=0.5, LElbowRoll=-1.0, fractionMaxSpeed=0.3]", rig.body.memory().dja.toString(), "dja is memorized");

        runsQuietly(rig, "inter", 2);
        cja(rig, 0.495, -0.7);
        runsQuietly(rig, "inter", 2); // one joint there is not all of them
        cja(rig, 0.495, -1.0 - 0.9 * NaoBody.ATTAINED_TOLERANCE);
        assertEquals("inter", rig.step());
        assertFalse(rig.reCommand.isNew());
        assertEquals(1, rig.csStatus.get().attainedSeq, "dja = cja (approximately): attained TRUE to cs");
        assertTrue(rig.csStatus.get().attained);
        endsOneStepLater(rig, "inter");
        assertEquals(1, rig.csStatus.get().attainedSeq, "passed once");

        // A second interpolation: at its i0 the memory still holds the first dja, which cja equals.
        assertEquals("inter", rig.step(Rig.interpolation(1.0, "HeadYaw", -0.5)));
        assertEquals(1, rig.csStatus.get().attainedSeq, "no attained at i0 from the previous dja");
        runsQuietly(rig, "inter", 2);
        assertEquals("inter", rig.step(Rig.stop()));
        assertEquals(Cmd.STOP_MOVE, rig.reCommand.get().cmd, "on STOP: STOP_MOVE");
        assertEquals(2, rig.csStatus.get().attainedSeq, "on STOP: attained ...");
        assertFalse(rig.csStatus.get().attained, "... FALSE");
        endsOneStepLater(rig, "inter");
    }

    @Test
    void interEndsOnTheRealEffectorsNewAttainedAndPassesIt() throws FsmLoadException {
        Rig rig = new Rig();
        cja(rig, 0, -0.5);
        assertEquals("inter", rig.step(Rig.interpolation(0.5, "HeadYaw", 1.5)));
        runsQuietly(rig, "inter", 3);
        rig.reportAttained(false); // the joint stopped short: setAngles has finished without getting there
        assertEquals("inter", rig.step());
        assertEquals(1, rig.csStatus.get().attainedSeq);
        assertFalse(rig.csStatus.get().attained);
        endsOneStepLater(rig, "inter");
    }

    @Test
    void setStiffnessSendsStiffnessInterpolInItsOnlyStep() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("set_stiffness", rig.step(Rig.stiffness("LArm", 0.5, "HeadYaw", 1.0)));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.STIFFNESS_INTERPOL, rig.reCommand.get().cmd);
        assertEquals("[LArm=0.5, HeadYaw=1.0]", rig.reCommand.get().stiffness.toString());
        assertTrue(rig.csStatus.isNew(), "the pose goes to cs");
        assertEquals("idle", rig.step(), "a one step behaviour: τ = TRUE ends it at the next check");
        assertTrue(rig.fsm.lastEnded());
        assertEquals("set_stiffness", rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void getSendsGetDataAndPassesTheNewValueToCs() throws FsmLoadException {
        String battery = "Device/SubDeviceList/Battery/Charge/Sensor/Value";
        Rig rig = new Rig();
        rig.report().value.setNumber("old", 3);
        assertEquals("get", rig.step(Rig.get(battery)));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals(battery, rig.reCommand.get().dataName);
        runsQuietly(rig, "get", 3);
        assertEquals(0, rig.csStatus.get().valueSeq, "no value passed before a new one");

        rig.report().value.setNumber(battery, 0.87);
        rig.report().valueSeq++;
        assertEquals("get", rig.step());
        DataValue v = rig.csStatus.get().value;
        assertEquals(1, rig.csStatus.get().valueSeq, "the new value is passed to cs");
        assertEquals(battery, v.dataName);
        assertEquals(DataValue.Kind.NUMBER, v.kind);
        assertEquals(0.87, v.number);
        endsOneStepLater(rig, "get");
        assertEquals(1, rig.csStatus.get().valueSeq);
    }
}
