package org.embodia.nao.ls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorCommand.Cmd;
import org.embodia.nao.api.LsStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each behaviour's transition functions against [RAPP] §3.2.2-3.2.7, over real buffers and the
 * real FSM: what reaches the real effector at i0, that nothing follows (the dash), what goes on STOP,
 * when tm switches and that the state ends at the next check, what reaches cs and when.
 */
class NaoLsBehaviorTest {

    @TempDir
    Path dir;

    /** A sound file in the temporary directory; e_core,ls only checks that it can be read. */
    private String soundFile(String name) throws IOException {
        return Files.write(dir.resolve(name), new byte[] {'R', 'I', 'F', 'F'}).toString();
    }

    /** Steps {@code n} times in {@code state} without a command: nothing reaches the real effector or cs, tm stays FALSE. */
    private static void runsQuietly(Rig rig, String state, int n) {
        for (int k = 0; k < n; k++) {
            assertEquals(state, rig.step(), "step " + k + " after i0");
            assertFalse(rig.reCommand.isNew(), state + " sends nothing to the real effector after i0 (the dash)");
            assertFalse(rig.csStatus.isNew(), state + " sends nothing to cs until it has something to say");
            assertFalse(rig.ls.memory().tm, "tm stays FALSE");
        }
    }

    /** The step after tm switched: its check ends the state, which does not run again; idle runs and sends nothing. */
    private static void endsOneStepLater(Rig rig, String state) {
        assertTrue(rig.ls.memory().tm, "tm switched");
        assertEquals(state, rig.fsm.currentState(), "τ reads tm^i: the state has not ended in the step tm switched");
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded(), state + " ends at the check of the step after tm switched");
        assertEquals(state, rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew(), "nothing to the real effector in the step the state ends");
        assertFalse(rig.csStatus.isNew(), "nothing more to cs in that step");
        assertFalse(rig.ls.memory().tm, "tm is cleared for the next behaviour");
    }

    @Test
    void saySendsTheTextAndLanguageAtI0ThenNothingUntilSynthesizedWhichRepliesToCs() throws FsmLoadException {
        Rig rig = new Rig();
        rig.report().synthesized = true; // left from an earlier synthesis, not a new report
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "idle sends nothing to the real effector");
        assertFalse(rig.csStatus.hasData(), "idle sends nothing to cs (cy e^(i+1) = -)");

        assertEquals("say", rig.step(Rig.say("Hello, I am NAO", "English")), "SAY ends idle at the check of the step it arrives in");
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.reCommand.isNew(), "say's i0 runs in that step and sends the command");
        LsEffectorCommand e = rig.reCommand.get();
        assertEquals(Cmd.SAY, e.cmd);
        assertEquals("Hello, I am NAO", e.text);
        assertEquals("English", e.params.dl, "params[dl] = arg[params[dl]]");
        assertFalse(rig.csStatus.isNew());
        assertFalse(rig.ls.memory().tm, "tm^(i0+1) = FALSE");

        runsQuietly(rig, "say", 10);
        assertEquals("say", rig.step(Rig.get("x")), "another command than STOP is not for say");
        assertFalse(rig.reCommand.isNew());
        assertFalse(rig.ls.memory().tm);

        rig.reportSynthesized(true);
        assertEquals("say", rig.step());
        assertFalse(rig.reCommand.isNew(), "the end of the synthesis sends the real effector nothing");
        assertTrue(rig.csStatus.isNew(), "the end of the synthesis reaches cs in the step it is reported");
        LsStatus s = rig.csStatus.get();
        assertTrue(s.reply, "reply = TRUE");
        assertEquals(1, s.replySeq);
        assertNull(s.reason);
        rig.reportSynthesized(true);
        endsOneStepLater(rig, "say");
        assertEquals(1, rig.csStatus.get().replySeq, "reply is passed once");
    }

    @Test
    void aSynthesisTheRealEffectorReportsFailedEndsSayWithReplyFalse() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("say", rig.step(Rig.say("Hello", "Klingon")));
        runsQuietly(rig, "say", 3);
        rig.reportSynthesized(false);
        assertEquals("say", rig.step());
        assertFalse(rig.reCommand.isNew(), "nothing more to the real effector");
        assertTrue(rig.csStatus.isNew(), "cs learns that say ended");
        assertFalse(rig.csStatus.get().reply, "reply = FALSE: nothing was spoken");
        assertEquals(1, rig.csStatus.get().replySeq);
        endsOneStepLater(rig, "say");
    }

    @Test
    void stopDuringSaySendsStopAllAndRepliesToCs() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("say", rig.step(Rig.say("A long story", "French")));
        runsQuietly(rig, "say", 3);
        assertEquals("say", rig.step(Rig.stop()));
        assertTrue(rig.reCommand.isNew(), "STOP sends a command");
        assertEquals(Cmd.STOP_ALL, rig.reCommand.get().cmd, "on STOP: STOP_ALL");
        assertTrue(rig.csStatus.isNew());
        assertTrue(rig.csStatus.get().reply, "on STOP: reply = TRUE");
        assertEquals(1, rig.csStatus.get().replySeq);
        endsOneStepLater(rig, "say");
        assertEquals("idle", rig.step(), "the STOP was say's: it does not also run the stop behaviour");
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void aStopRightAfterTheSayIsActedOnAtI0PlusOne() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("say", rig.step(Rig.say("Hi", "English")));
        assertEquals(Cmd.SAY, rig.reCommand.get().cmd, "i0 sends the start command in the step it arrived in");
        assertFalse(rig.ls.memory().tm);
        assertFalse(rig.csStatus.isNew());
        assertEquals("say", rig.step(Rig.stop()), "the earliest STOP cs can send arrives at i0 + 1");
        assertTrue(rig.reCommand.isNew(), "and is acted on there");
        assertEquals(Cmd.STOP_ALL, rig.reCommand.get().cmd);
        assertTrue(rig.csStatus.get().reply);
        endsOneStepLater(rig, "say");
    }

    @Test
    void aSynthesizedArrivingAtI0BelongsToAnEarlierSynthesis() throws FsmLoadException {
        Rig rig = new Rig();
        rig.reportSynthesized(true); // received in the step the command arrives in: i0
        assertEquals("say", rig.step(Rig.say("One", "English")));
        assertFalse(rig.csStatus.isNew(), "no reply at i0: made before the real effector got SAY");
        assertFalse(rig.ls.memory().tm);
        runsQuietly(rig, "say", 3);
    }

    @Test
    void playInALoopSendsPlayFileInLoopWithVolumeAndPanoramaInItsOnlyStep() throws FsmLoadException, IOException {
        String fp = soundFile("music.wav");
        Rig rig = new Rig();
        assertEquals("play", rig.step(Rig.play(fp, 0.7, -0.5, null)));
        assertTrue(rig.reCommand.isNew());
        LsEffectorCommand e = rig.reCommand.get();
        assertEquals(Cmd.PLAY_FILE_IN_LOOP, e.cmd, "playLoop = TRUE");
        assertEquals(fp, e.fp);
        assertEquals(0.7, e.params.dv);
        assertEquals(-0.5, e.params.spr);
        assertFalse(rig.csStatus.hasData(), "play sends cs nothing");
        assertEquals("idle", rig.step(), "a one step behaviour: τ = TRUE ends it at the next check");
        assertTrue(rig.fsm.lastEnded());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void playOnceSendsPlayFromPositionWithTheBeginPosition() throws FsmLoadException, IOException {
        String fp = soundFile("speech.ogg");
        Rig rig = new Rig();
        assertEquals("play", rig.step(Rig.play(fp, 1.0, 1.0, 12.5)));
        LsEffectorCommand e = rig.reCommand.get();
        assertEquals(Cmd.PLAY_FROM_POSITION, e.cmd, "playLoop = FALSE");
        assertEquals(fp, e.fp);
        assertEquals(12.5, e.beginPosition);
        assertEquals(1.0, e.params.dv);
        assertEquals(1.0, e.params.spr);
        assertFalse(rig.csStatus.hasData());
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void stopInIdleSendsStopAllInItsOnlyStep() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("stop", rig.step(Rig.stop()), "STOP is one of idle's terminal commands");
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.STOP_ALL, rig.reCommand.get().cmd);
        assertFalse(rig.csStatus.hasData(), "stop sends cs nothing");
        assertEquals("idle", rig.step(), "a one step behaviour: τ = TRUE ends it at the next check");
        assertTrue(rig.fsm.lastEnded());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void setParamsSendsSetParametersWithAllFourParametersInItsOnlyStep() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("set_params", rig.step(Rig.setParams("naoenu", "English", 0.4, 0.25)));
        assertTrue(rig.reCommand.isNew());
        LsEffectorCommand e = rig.reCommand.get();
        assertEquals(Cmd.SET_PARAMETERS, e.cmd);
        assertEquals("[dvt=naoenu, dl=English, dv=0.4, spr=0.25]", e.params.toString(), "params = arg[params]");
        assertFalse(rig.csStatus.hasData());
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void getSendsGetDataAndPassesTheNewValueToCs() throws FsmLoadException {
        String volume = "ALAudioDevice/OutputVolume";
        Rig rig = new Rig();
        rig.report().value.setNumber("old", 3);
        assertEquals("get", rig.step(Rig.get(volume)));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals(volume, rig.reCommand.get().dataName);
        runsQuietly(rig, "get", 3);

        rig.report().value.setNumber(volume, 62);
        rig.report().valueSeq++;
        assertEquals("get", rig.step());
        assertFalse(rig.reCommand.isNew());
        assertTrue(rig.csStatus.isNew(), "the new value reaches cs in the step it arrives");
        DataValue v = rig.csStatus.get().value;
        assertEquals(1, rig.csStatus.get().valueSeq);
        assertEquals(volume, v.dataName);
        assertEquals(DataValue.Kind.NUMBER, v.kind);
        assertEquals(62, v.number);
        rig.report().valueSeq++;
        endsOneStepLater(rig, "get");
        assertEquals(1, rig.csStatus.get().valueSeq, "the value is passed once");
        assertEquals(0, rig.csStatus.get().replySeq, "get passes cs no reply");
    }

    @Test
    void aValueArrivingAtI0BelongsToAnEarlierQuery() throws FsmLoadException {
        Rig rig = new Rig();
        rig.report().valueSeq++; // received in the step the command arrives in: i0
        assertEquals("get", rig.step(Rig.get("a/b")));
        assertFalse(rig.csStatus.isNew(), "made before the real effector got GET_DATA");
        assertFalse(rig.ls.memory().tm);
        runsQuietly(rig, "get", 2);
    }
}
