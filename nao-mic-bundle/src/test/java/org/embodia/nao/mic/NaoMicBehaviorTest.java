package org.embodia.nao.mic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorCommand.Cmd;
import org.embodia.nao.api.MicStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each behaviour's transition functions against [RAPP] §3.3.2-3.3.6, over real buffers and the
 * real FSM: what reaches the real receptor at i0 and later, when tm switches and that the state ends
 * at the next check, what reaches cs and when.
 */
class NaoMicBehaviorTest {

    /** Steps {@code n} times in {@code state} without a command: nothing reaches the real receptor or cs, tm stays FALSE. */
    private static void runsQuietly(Rig rig, String state, int n) {
        for (int k = 0; k < n; k++) {
            assertEquals(state, rig.step(), "step " + k);
            assertFalse(rig.reCommand.isNew(), state + " sends nothing to the real receptor (the dash)");
            assertFalse(rig.csStatus.isNew(), state + " sends nothing to cs until it has something to say");
            assertFalse(rig.mic.memory().tm, "tm stays FALSE");
        }
    }

    /**
     * After STOP_RECORDING: until the real receptor reports the recording ended, cs hears nothing (its
     * file may still be written); in the step that reads the report rec = TRUE reaches cs and tm switches.
     */
    private static void recReachesCsOnceTheRecordingEnded(Rig rig, String state) {
        assertFalse(rig.csStatus.isNew(), "no rec while the file may still be written");
        runsQuietly(rig, state, 3);
        rig.recordingEnded();
        assertEquals(state, rig.step());
        assertFalse(rig.reCommand.isNew(), "STOP_RECORDING went out once");
        assertTrue(rig.csStatus.isNew(), "rec reaches cs when the real receptor has ended the recording");
        assertTrue(rig.csStatus.get().rec);
        assertEquals(1, rig.csStatus.get().recSeq);
    }

    /** The step after tm switched: its check ends the state, which does not run again; idle runs and sends nothing. */
    private static void endsOneStepLater(Rig rig, String state) {
        assertTrue(rig.mic.memory().tm, "tm switched");
        assertEquals(state, rig.fsm.currentState(), "τ reads tm^i: the state has not ended in the step tm switched");
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded(), state + " ends at the check of the step after tm switched");
        assertEquals(state, rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew(), "nothing to the real receptor in the step the state ends");
        assertFalse(rig.csStatus.isNew(), "nothing more to cs in that step");
        assertFalse(rig.mic.memory().tm, "tm is cleared for the next behaviour");
    }

    @ParameterizedTest(name = "time {0} s: {1} steps")
    @CsvSource({"0.1, 5", "1.0, 50", "0.02, 1", "0.03, 2"})
    void recordSendsStartRecordingThenStopRecordingTimeOverSamplingPeriodStepsLater(double time, int steps) throws FsmLoadException {
        Rig rig = new Rig();
        rig.energy(3000); // loud or not, record records for its time
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "idle sends nothing to the real receptor");
        assertFalse(rig.csStatus.hasData(), "idle sends nothing to cs (cy r^(i+1) = -)");

        assertEquals("record", rig.step(Rig.record("/home/nao/recording.wav", time)), "RECORD ends idle at the check of the step it arrives in");
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.reCommand.isNew(), "record's i0 runs in that step and sends the command");
        MicReceptorCommand r = rig.reCommand.get();
        assertEquals(Cmd.START_RECORDING, r.cmd);
        assertEquals("/home/nao/recording.wav", r.fp);
        assertEquals(steps, rig.mic.memory().silence, "silence = time / sampling_period, rounded up");
        assertFalse(rig.mic.memory().tm, "tm^(i0+1) = FALSE");

        runsQuietly(rig, "record", steps - 1);
        assertEquals("record", rig.step(), "i = i0 + silence");
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.STOP_RECORDING, rig.reCommand.get().cmd);
        recReachesCsOnceTheRecordingEnded(rig, "record");
        endsOneStepLater(rig, "record");
        assertEquals(1, rig.csStatus.get().recSeq, "rec is passed once");
    }

    @Test
    void registerStartsWithTheEnergyComputationAndStopsAfterStOfSilence() throws FsmLoadException {
        Rig rig = new Rig();
        rig.energy(500);
        assertEquals("register", rig.step(Rig.register("/home/nao/speech.wav", 100, 0.2)));
        assertTrue(rig.reCommand.isNew());
        MicReceptorCommand r = rig.reCommand.get();
        assertEquals(Cmd.START_RECORDING, r.cmd);
        assertEquals("/home/nao/speech.wav", r.fp);
        assertTrue(r.enableMicComp, "enable_mic_comp = TRUE");
        assertEquals(16000, r.params.sampleRate, "params = arg[params]");
        assertTrue(r.params.channels[MicParams.FRONT]);
        assertFalse(r.params.channels[MicParams.LEFT]);
        assertEquals(10, rig.mic.memory().silence, "silence = st / sampling_period = 0.2 s / 0.02 s");
        assertEquals(0, rig.mic.memory().cit);

        runsQuietly(rig, "register", 30); // someone speaks: every step is loud
        assertEquals(0, rig.mic.memory().cit);

        rig.energy(99.9); // under the threshold on every microphone
        runsQuietly(rig, "register", 7);
        assertEquals(7, rig.mic.memory().cit, "cit counts the silent steps");
        rig.report().enrg[MicParams.REAR] = 100; // one microphone at the threshold is not silence
        runsQuietly(rig, "register", 1);
        assertEquals(0, rig.mic.memory().cit, "a loud step restarts the count");

        rig.energy(20);
        runsQuietly(rig, "register", 10); // ten silent readings: 0.2 s
        assertEquals(10, rig.mic.memory().cit);
        assertEquals("register", rig.step(), "cit = silence");
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.STOP_RECORDING, rig.reCommand.get().cmd);
        rig.energy(3000); // a voice after the STOP neither restarts the count nor sends it again
        recReachesCsOnceTheRecordingEnded(rig, "register");
        endsOneStepLater(rig, "register");
    }

    @Test
    void registerInSilenceFromTheStartEndsAfterSilenceCountedSteps() throws FsmLoadException {
        Rig rig = new Rig();
        rig.energy(Double.NaN); // a reading that is no measurement reaches no threshold
        assertEquals("register", rig.step(Rig.register("r.wav", 0.5, 0.1)));
        runsQuietly(rig, "register", 5); // i0 + 1 .. i0 + 5: cit counts 0 .. 4
        assertEquals("register", rig.step());
        assertEquals(Cmd.STOP_RECORDING, rig.reCommand.get().cmd, "the STOP goes out at i0 + silence + 1");
        assertTrue(rig.reCommand.isNew());
        recReachesCsOnceTheRecordingEnded(rig, "register");
        endsOneStepLater(rig, "register");
    }

    @Test
    void recogSubscribesThenQueriesLastWordRecognizedThenUnsubscribesAndPassesTheWord() throws FsmLoadException {
        Rig rig = new Rig();
        rig.reportRecognized("old", 0.9); // an earlier result, received at i0, in the step the command arrives in
        assertEquals("recog", rig.step(Rig.recognize(0.4, "yes", "no", "stop")));
        assertTrue(rig.reCommand.isNew());
        assertFalse(rig.csStatus.isNew(), "the earlier result is not passed");
        MicReceptorCommand r = rig.reCommand.get();
        assertEquals(Cmd.SUBSCRIBE, r.cmd);
        assertEquals("[yes, no, stop]", r.dct.toString(), "dct = arg[dct]");
        assertEquals(0.4, rig.mic.memory().threshold, "threshold is memorized");
        assertFalse(rig.mic.memory().tm);

        assertEquals("recog", rig.step());
        assertTrue(rig.reCommand.isNew(), "i0 + 1 sends the query");
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals("LastWordRecognized", rig.reCommand.get().dataName);
        assertFalse(rig.csStatus.isNew());

        runsQuietly(rig, "recog", 4);
        rig.reportRecognized("no", 0.85, "yes", 0.1);
        assertEquals("recog", rig.step());
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd, "a new rw ends the subscription");
        assertTrue(rig.csStatus.isNew(), "the word reaches cs in the step rw arrived");
        assertEquals("no", rig.csStatus.get().rw, "fst(rw): the most probable word");
        assertEquals(1, rig.csStatus.get().rwSeq);
        rig.reportRecognized("yes", 0.9);
        endsOneStepLater(rig, "recog");
        assertEquals(1, rig.csStatus.get().rwSeq, "rw is passed once");
    }

    /** Ours: word spotting has no end in silence, so cs can abort it; the next RECOGNIZE is then taken. */
    @Test
    void anAbortEndsTheWordSpottingWithNothingToCs() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("recog", rig.step(Rig.recognize(0.4, "fine", "good", "bad")));
        assertEquals("recog", rig.step());
        runsQuietly(rig, "recog", 3);
        assertEquals("recog", rig.step(Rig.abort()));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd, "the real receptor stops spotting");
        assertFalse(rig.csStatus.isNew(), "no word and no rejection reach cs");
        rig.reportRecognized("good", 0.9); // a result already on its way is not passed
        endsOneStepLater(rig, "recog");
        assertEquals(0, rig.csStatus.get().rwSeq);

        assertEquals("recog", rig.step(Rig.recognize(0.4, "hello", "Long")), "cs's own dictionary is taken next");
        assertEquals("[hello, Long]", rig.reCommand.get().dct.toString());
    }

    /** Recognizes with threshold 0.5, then the real receptor reports {@code words}: what reaches cs. */
    private static String recognized(Object... words) throws FsmLoadException {
        Rig rig = new Rig();
        rig.step(Rig.recognize(0.5, "hello", "goodbye"));
        rig.step(); // i0 + 1: the query
        rig.reportRecognized(words);
        assertEquals("recog", rig.step(), "i0 + 2: the answer");
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertTrue(rig.csStatus.isNew());
        assertEquals(1, rig.csStatus.get().rwSeq);
        endsOneStepLater(rig, "recog");
        return rig.csStatus.get().rw;
    }

    @Test
    void recogPassesEmptyWhenTheWordsProbabilityIsUnderTheThreshold() throws FsmLoadException {
        assertEquals(MicStatus.EMPTY, recognized("hello", 0.49), "under the threshold: Empty");
        assertEquals("hello", recognized("hello", 0.5), "at the threshold: the word");
        assertEquals(MicStatus.EMPTY, recognized(), "nothing heard: Empty");
        assertEquals("goodbye", recognized("goodbye", 0.7, "hello", 0.2));
    }

    @Test
    void aRecognitionArrivingBeforeTheQueryIsNotTheAnswer() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("recog", rig.step(Rig.recognize(0.3, "left", "right")));
        rig.reportRecognized("left", 0.8); // made before the query i0 + 1 sends
        assertEquals("recog", rig.step(), "i0 + 1");
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd, "i0 + 1 queries as written");
        assertFalse(rig.csStatus.isNew());
        runsQuietly(rig, "recog", 3);
        rig.reportRecognized("right", 0.6);
        assertEquals("recog", rig.step());
        assertEquals("right", rig.csStatus.get().rw);
        endsOneStepLater(rig, "recog");
    }

    @Test
    void getSendsGetDataAndPassesTheNewValueToCs() throws FsmLoadException {
        String energy = "ALAudioDevice/FrontMicEnergy";
        Rig rig = new Rig();
        assertEquals("get", rig.step(Rig.get(energy)));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals(energy, rig.reCommand.get().dataName);
        runsQuietly(rig, "get", 3);

        rig.report().value.setNumber(energy, 812);
        rig.report().valueSeq++;
        assertEquals("get", rig.step());
        assertFalse(rig.reCommand.isNew());
        assertTrue(rig.csStatus.isNew(), "the new value reaches cs in the step it arrives");
        DataValue v = rig.csStatus.get().value;
        assertEquals(1, rig.csStatus.get().valueSeq);
        assertEquals(energy, v.dataName);
        assertEquals(812, v.number);
        rig.report().valueSeq++;
        endsOneStepLater(rig, "get");
        assertEquals(1, rig.csStatus.get().valueSeq, "the value is passed once");
    }

    @Test
    void commandsArrivingWhileABehaviourRunsAreNotForIt() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("record", rig.step(Rig.record("a.wav", 0.1)));
        assertEquals("record", rig.step(Rig.abort()), "ABORT ends recog only: a recording ends on its own");
        assertFalse(rig.reCommand.isNew());
        assertEquals("record", rig.step(Rig.get("x")));
        assertFalse(rig.reCommand.isNew());
        assertFalse(rig.csStatus.isNew(), "and they are not rejected either: only idle checks commands");
        runsQuietly(rig, "record", 2);
        assertEquals("record", rig.step());
        assertEquals(Cmd.STOP_RECORDING, rig.reCommand.get().cmd);
    }
}
