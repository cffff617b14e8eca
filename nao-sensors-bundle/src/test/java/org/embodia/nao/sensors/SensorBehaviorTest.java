package org.embodia.nao.sensors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.TouchSensor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Idle's and get's transition functions against [RAPP] §3.4.2-3.4.3, §3.5.2-3.5.3 and
 * §3.6.2-3.6.3, for each of the three receptors over real buffers and the real FSM: what reaches the
 * real receptor at i0 and later, when tm switches and that the state ends at the next check, what
 * reaches cs and when.
 */
class SensorBehaviorTest {

    /** A key each receptor reads: the head's front zone, the torso's pitch, the left foot's front left FSR. */
    static String key(SensorFamily family) {
        return switch (family) {
            case TOUCH -> TouchSensor.HEAD_FRONT.key();
            case INERTIAL -> InertialSensor.ANGLE_Y.key();
            case FSR -> Fsr.L_FRONT_LEFT.key();
        };
    }

    /** Another key of the same receptor. */
    static String otherKey(SensorFamily family) {
        return switch (family) {
            case TOUCH -> TouchSensor.R_FOOT_BUMPER_LEFT.key();
            case INERTIAL -> InertialSensor.ACCELEROMETER_Z.key();
            case FSR -> "Device/SubDeviceList/RFoot/FSR/TotalWeight/Sensor/Value";
        };
    }

    /** Steps {@code n} times in {@code state} without a command: nothing reaches the real receptor or cs, tm stays FALSE. */
    private static void runsQuietly(Rig rig, String state, int n) {
        for (int k = 0; k < n; k++) {
            assertEquals(state, rig.step(), "step " + k);
            assertFalse(rig.reCommand.isNew(), state + " sends nothing to the real receptor (the dash)");
            assertFalse(rig.csStatus.isNew(), state + " sends nothing to cs while no new value arrives (the dash)");
            assertFalse(rig.sensor.memory().tm, "tm stays FALSE");
        }
    }

    /** The step after tm switched: its check ends get, which does not run again; idle runs and sends nothing. */
    private static void endsOneStepLater(Rig rig) {
        assertTrue(rig.sensor.memory().tm, "tm switched");
        assertEquals("get", rig.fsm.currentState(), "τ reads tm^i: get has not ended in the step tm switched");
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded(), "get ends at the check of the step after tm switched");
        assertEquals("get", rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew(), "nothing to the real receptor in the step get ends: idle sends it nothing");
        assertFalse(rig.csStatus.isNew(), "nothing more to cs in that step");
        assertFalse(rig.sensor.memory().tm, "tm is cleared for the next get");
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void getSendsGetDataAtI0ThenWaitsAndPassesTheNewValueToCsOnce(SensorFamily family) throws FsmLoadException {
        String key = key(family);
        Rig rig = new Rig(family);
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "idle sends nothing to the real receptor");
        assertFalse(rig.csStatus.hasData(), "idle sends nothing to cs (y r^(i+1) = -)");

        assertEquals("get", rig.step(Rig.get(key)), "GET ends idle at the check of the step it arrives in");
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.reCommand.isNew(), "get's i0 runs in that step and sends the command");
        SensorReceptorCommand r = rig.reCommand.get();
        assertEquals(SensorReceptorCommand.Cmd.GET_DATA, r.cmd);
        assertEquals(key, r.dataName, "data_name = arg[data_name]");
        assertFalse(rig.sensor.memory().tm, "tm^(i0+1) = FALSE");
        assertFalse(rig.csStatus.isNew(), "no new value: the dash");

        runsQuietly(rig, "get", 4);
        rig.reportNumber(key, 0.25);
        assertEquals("get", rig.step());
        assertFalse(rig.reCommand.isNew(), "R y^(i+1) = - for i ≠ i0");
        assertTrue(rig.csStatus.isNew(), "the new value reaches cs in the step it arrives");
        DataValue v = rig.csStatus.get().value;
        assertEquals(key, v.dataName);
        assertEquals(DataValue.Kind.NUMBER, v.kind);
        assertEquals(0.25, v.number);
        assertEquals(1, rig.csStatus.get().valueSeq);
        assertNull(rig.csStatus.get().reason);

        rig.reportNumber(key, 0.5); // a second answer to the one GET_DATA
        endsOneStepLater(rig);
        assertEquals(1, rig.csStatus.get().valueSeq, "the value is passed once");
        assertEquals(0.25, rig.csStatus.get().value.number);
        assertNull(rig.fsm.fault());
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void aValueArrivingAtI0AnswersAnEarlierCommandAndIsNotPassed(SensorFamily family) throws FsmLoadException {
        String key = key(family);
        Rig rig = new Rig(family);
        rig.reportNumber("an earlier question", 7); // received in the step the command arrives in
        assertEquals("get", rig.step(Rig.get(key)), "i0");
        assertEquals(SensorReceptorCommand.Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertFalse(rig.csStatus.isNew(), "the value at i0 predates the GET_DATA");
        assertFalse(rig.sensor.memory().tm, "tm is FALSE at i0, whatever arrived");
        runsQuietly(rig, "get", 2);
        rig.reportNumber(key, 1);
        assertEquals("get", rig.step());
        assertTrue(rig.csStatus.isNew());
        assertEquals(key, rig.csStatus.get().value.dataName);
        assertEquals(1, rig.csStatus.get().valueSeq);
        endsOneStepLater(rig);
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void theValueReachesCsAsTheRealReceptorGaveIt(SensorFamily family) throws FsmLoadException {
        String key = key(family);
        Rig rig = new Rig(family);
        rig.step(Rig.get(key));
        rig.report().value.setNumbers(key, new double[] {1, 2, 3}, 3);
        rig.report().valueSeq++;
        rig.step();
        DataValue v = rig.csStatus.get().value;
        assertEquals(DataValue.Kind.NUMBERS, v.kind);
        assertEquals(3, v.count);
        assertEquals(3, v.numbers[2]);
        endsOneStepLater(rig);

        rig.step(Rig.get(key));
        rig.report().value.setNone(key); // ALMemory has no such entry (yet): still the answer
        rig.report().valueSeq++;
        assertEquals("get", rig.step());
        assertTrue(rig.csStatus.isNew());
        assertEquals(DataValue.Kind.NONE, rig.csStatus.get().value.kind);
        assertEquals(2, rig.csStatus.get().valueSeq);
        endsOneStepLater(rig);
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void idlePassesNoValueOnItsOwn(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        for (int k = 0; k < 5; k++) {
            rig.reportNumber(key(family), k);
            assertEquals("idle", rig.step());
            assertFalse(rig.csStatus.hasData(), "cs asked for nothing");
            assertFalse(rig.reCommand.hasData());
        }
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void eachGetAsksForItsOwnKey(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        rig.step(Rig.get(key(family)));
        rig.reportNumber(key(family), 1);
        rig.step();
        endsOneStepLater(rig);

        assertEquals("get", rig.step(Rig.get(otherKey(family))));
        assertTrue(rig.reCommand.isNew());
        assertEquals(otherKey(family), rig.reCommand.get().dataName, "the second command's data_name");
        assertFalse(rig.sensor.memory().tm, "tm starts FALSE again");
        rig.reportNumber(otherKey(family), 2);
        assertEquals("get", rig.step());
        assertEquals(otherKey(family), rig.csStatus.get().value.dataName);
        assertEquals(2, rig.csStatus.get().valueSeq);
        endsOneStepLater(rig);
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void commandsArrivingWhileGetRunsAreNotForIt(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        assertEquals("get", rig.step(Rig.get(key(family))));
        assertEquals("get", rig.step(Rig.get(otherKey(family))));
        assertFalse(rig.reCommand.isNew(), "get sends GET_DATA only at i0");
        assertEquals("get", rig.step(Rig.get("no such key")));
        assertFalse(rig.csStatus.isNew(), "and they are not rejected either: only idle checks commands");
        rig.reportNumber(key(family), 3);
        assertEquals("get", rig.step());
        assertEquals(key(family), rig.csStatus.get().value.dataName);
        endsOneStepLater(rig);
        assertEquals("idle", rig.step());
        assertEquals("idle", rig.fsm.currentState(), "the commands that came during get are not taken up later");
    }
}
