package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;

import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.speech.PcmAudio;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * core/a.mic/rr driven through its buffers as r_core,mic drives it: the energies every tick, recordings into WAV
 * files, word spotting on what someone near the robot says, and values. One simulation for the class: the recognizer's
 * model loads once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MicReceptorTest {
    private Path directory;
    private Rig rig;

    @BeforeAll
    void start(@TempDir Path directory) {
        this.directory = directory;
        rig = new Rig(directory.resolve("out"));
    }

    @AfterAll
    void stop() {
        rig.close();
    }

    private MicReceptorStatus status() {
        return rig.mic.last();
    }

    private void send(MicReceptorCommand.Cmd cmd) {
        rig.mic.next().cmd = cmd;
        rig.mic.send();
    }

    private String awaitError() {
        long seq = status().valueSeq;
        rig.mic.send();
        rig.until(() -> status().valueSeq != seq, "the error");
        assertEquals(NaoSimulator.ERROR, status().value.dataName);
        return status().value.text;
    }

    /** Subscribes with the words and threshold, lets someone say {@code said}, and waits for rw. */
    private MicReceptorStatus spot(List<String> words, double threshold, String said) {
        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.SUBSCRIBE;
        c.dct.clear();
        words.forEach(c.dct::add);
        c.threshold = threshold;
        long seq = status().rwSeq;
        rig.mic.send();
        rig.tick(3);
        if (said != null) {
            rig.sim.hear(said);
        }
        rig.until(() -> status().rwSeq != seq, "rw");
        send(MicReceptorCommand.Cmd.UNSUBSCRIBE);
        rig.tick(2);
        return status();
    }

    @Test
    void theEnergiesFollowWhatTheMicrophonesHearEveryTick() throws Exception {
        rig.tick(2);
        for (int k = 0; k < MicParams.MICROPHONES; k++) {
            assertEquals(0, status().enrg[k], "digital silence");
        }
        Path tone = directory.resolve("tone.wav");
        LsEffectorTest.writeTone(tone, 0.5);
        assertEquals(0.5, rig.sim.hear(tone), 1e-9);

        rig.tick(10);
        for (int k = 0; k < MicParams.MICROPHONES; k++) {
            assertEquals(8000 / Math.sqrt(2), status().enrg[k], 200, "microphone " + k);
        }
        rig.tick(20);
        assertEquals(0, status().enrg[MicParams.FRONT], "over");
    }

    @Test
    void aRecordingHoldsEveryFrameFromStartToStop() throws Exception {
        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.START_RECORDING;
        c.fp = "one-second.wav";
        c.params.sampleRate = 0;
        java.util.Arrays.fill(c.params.channels, false);
        long ended = status().recSeq;
        rig.mic.send();
        rig.sim.hear("hello");
        rig.tick(50);
        send(MicReceptorCommand.Cmd.STOP_RECORDING);
        rig.until(() -> status().recSeq > ended, "the report that the recording ended");
        assertEquals(ended + 1, status().recSeq);

        Path file = rig.sim.outputDirectory().resolve("one-second.wav");
        AudioFormat format = AudioSystem.getAudioFileFormat(file.toFile()).getFormat();
        assertEquals(4, format.getChannels(), "no channel chosen: all four");
        assertEquals(16_000, format.getSampleRate());
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            assertEquals(16_000, in.getFrameLength(), "50 frames of 20 ms");
        }
        assertTrue(rms(PcmAudio.readWav(file)) > 100, "the speech is in it");
    }

    @Test
    void aRecordingAt48KilohertzOfTheFrontMicrophoneOnly() throws Exception {
        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.START_RECORDING;
        Path file = directory.resolve("front.wav");
        c.fp = file.toString();
        c.params.sampleRate = 48_000;
        java.util.Arrays.fill(c.params.channels, false);
        c.params.channels[MicParams.FRONT] = true;
        long written = rig.sim.microphone().recordingsEnded();
        rig.mic.send();
        rig.tick(25);
        send(MicReceptorCommand.Cmd.STOP_RECORDING);
        rig.tick(2);
        Rig.await(() -> rig.sim.microphone().recordingsEnded() > written, "the file");

        AudioFormat format = AudioSystem.getAudioFileFormat(file.toFile()).getFormat();
        assertEquals(1, format.getChannels());
        assertEquals(48_000, format.getSampleRate());
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            assertEquals(24_000, in.getFrameLength(), "half a second");
        }
    }

    @Test
    void recordingTwiceOrStoppingNothingIsAnError() {
        send(MicReceptorCommand.Cmd.STOP_RECORDING);
        rig.tick(1);
        assertTrue(awaitError().contains("no recording"), status().value.text);

        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.START_RECORDING;
        c.fp = "twice.wav";
        c.params.sampleRate = 16_000;
        long written = rig.sim.microphone().recordingsEnded();
        rig.mic.send();
        rig.tick(2);
        assertTrue(awaitError().contains("already recording"), status().value.text);

        c.params.sampleRate = 22_050;
        send(MicReceptorCommand.Cmd.STOP_RECORDING);
        rig.tick(2);
        c.cmd = MicReceptorCommand.Cmd.START_RECORDING;
        assertTrue(awaitError().contains("22050 Hz"), status().value.text);
        Rig.await(() -> rig.sim.microphone().recordingsEnded() > written, "the first file");
    }

    @Test
    void aFileThatCannotBeWrittenIsAnError() throws Exception {
        Path notADirectory = directory.resolve("plain-file");
        java.nio.file.Files.writeString(notADirectory, "x");
        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.START_RECORDING;
        c.fp = notADirectory.resolve("recording.wav").toString();
        c.params.sampleRate = 16_000;
        long seq = status().valueSeq;
        rig.mic.send();
        rig.until(() -> status().valueSeq != seq, "the error");

        assertEquals(NaoSimulator.ERROR, status().value.dataName);
        assertTrue(status().value.text.contains("cannot write") && status().value.text.contains("plain-file"),
                status().value.text);
        send(MicReceptorCommand.Cmd.STOP_RECORDING);
        rig.tick(2);
    }

    @Test
    void wordSpottingHearsTheWordSaidNearTheRobot() {
        MicReceptorStatus s = spot(List.of("hello", "goodbye", "robot"), 0.3, "robot");

        assertEquals(1, s.rw.count, s.toString());
        assertEquals("robot", s.rw.recogWord[0]);
        assertTrue(s.rw.recogProb[0] >= 0.3 && s.rw.recogProb[0] <= 1, s.toString());

        MicReceptorCommand c = rig.mic.next();
        c.cmd = MicReceptorCommand.Cmd.GET_DATA;
        c.dataName = MicrophoneDevice.LAST_WORD_RECOGNIZED;
        long seq = status().valueSeq;
        rig.mic.send();
        rig.until(() -> status().valueSeq != seq, "the value");
        assertEquals("robot", status().value.text);
    }

    /** Moonshine rates this "goodbye" 0.999999998 against hello and robot: under a threshold of 1. */
    @Test
    void underTheThresholdTheResultIsEmpty() {
        MicReceptorStatus s = spot(List.of("hello", "goodbye", "robot"), 1, "goodbye");

        assertEquals(0, s.rw.count, s.toString());
    }

    /** An app's made-up keyword must not keep the other words from being heard (cs would inform, never listen). */
    @Test
    void aWordTheDictionaryLacksIsLeftOutWithAnErrorAndTheOthersAreSpotted() {
        long errors = rig.sim.commandErrors();
        MicReceptorStatus s = spot(List.of("hello", "xqzzyv", "robot"), 0.3, "robot");

        assertEquals(1, s.rw.count, s.toString());
        assertEquals("robot", s.rw.recogWord[0]);
        assertEquals(errors + 1, rig.sim.commandErrors());
        assertTrue(rig.sim.lastCommandError().endsWith(
                ": ALSpeechRecognition: left out of the vocabulary, not words of the CMU en-us pronunciation dictionary: xqzzyv"),
                rig.sim.lastCommandError());
    }

    /** In silence nothing is reported, whatever dct holds: no Empty rw for a word the recognizer cannot say. */
    @Test
    void inSilenceAVocabularyWithWordsTheDictionaryLacksGivesNoResult() {
        for (List<String> dct : List.of(List.of("hello", "xqzzyv"), List.of("xqzzyv"))) {
            long errors = rig.sim.commandErrors();
            MicReceptorCommand c = rig.mic.next();
            c.cmd = MicReceptorCommand.Cmd.SUBSCRIBE;
            c.dct.clear();
            dct.forEach(c.dct::add);
            c.threshold = 0.3;
            long seq = status().rwSeq;
            rig.mic.send();
            rig.until(() -> rig.sim.commandErrors() > errors, "the vocabulary's error");
            assertTrue(rig.sim.lastCommandError().contains("xqzzyv"), rig.sim.lastCommandError());
            rig.tick(50);
            assertEquals(seq, status().rwSeq, "no rw in silence with dct " + dct);
            send(MicReceptorCommand.Cmd.UNSUBSCRIBE);
            rig.tick(2);
        }
    }

    private static double rms(PcmAudio audio) {
        double sum = 0;
        for (int i = 0; i < audio.length(); i++) {
            sum += (double) audio.sample(i) * audio.sample(i);
        }
        return Math.sqrt(sum / audio.length());
    }
}
