package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;

import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.speech.PcmAudio;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * core/a.ls/re driven through its buffers as e_core,ls drives it: speech into a file and into the robot's own
 * microphones, files played from a position and in a loop, parameters, and what NAOqi would refuse. One simulation
 * for the class: FreeTTS's voice loads once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LsEffectorTest {
    private Path directory;
    private Rig rig;
    private Path tone;

    @BeforeAll
    void start(@TempDir Path directory) throws IOException {
        this.directory = directory;
        rig = new Rig(directory.resolve("out"));
        tone = directory.resolve("tone.wav");
        writeTone(tone, 2.0);
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.SET_PARAMETERS;
        c.params.dvt = "kevin16";
        c.params.dl = "English";
        c.params.dv = 1.0;
        c.params.spr = 0;
        rig.ls.send();
        rig.tick(2);
    }

    @AfterAll
    void stop() {
        rig.close();
    }

    private LsEffectorStatus status() {
        return rig.ls.last();
    }

    /** A 440 Hz tone at amplitude 8000, 16 kHz mono. */
    static void writeTone(Path file, double seconds) throws IOException {
        int rate = 16_000;
        int n = (int) (seconds * rate);
        byte[] pcm = new byte[2 * n];
        for (int k = 0; k < n; k++) {
            short v = (short) Math.round(8000 * Math.sin(2 * Math.PI * 440 * k / rate));
            pcm[2 * k] = (byte) v;
            pcm[2 * k + 1] = (byte) (v >> 8);
        }
        try (AudioInputStream in = new AudioInputStream(new ByteArrayInputStream(pcm), new AudioFormat(rate, 16, 1, true, false), n)) {
            AudioSystem.write(in, AudioFileFormat.Type.WAVE, file.toFile());
        }
    }

    /** The output directory's files whose name starts with {@code prefix}: "play-" or "say-". */
    private Set<Path> files(String prefix) {
        try (Stream<Path> files = Files.list(rig.sim.outputDirectory())) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.getFileName().toString().endsWith(".wav"))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Set<Path> played() {
        return files("play-");
    }

    /** Waits for the one new file that appeared since {@code before}. */
    private Path newFile(String prefix, Set<Path> before) {
        Rig.await(() -> files(prefix).size() > before.size(), "a new " + prefix + "NNNN.wav");
        Set<Path> now = files(prefix);
        now.removeAll(before);
        assertEquals(1, now.size(), now.toString());
        return now.iterator().next();
    }

    private Path newPlayFile(Set<Path> before) {
        return newFile("play-", before);
    }

    private static double seconds(Path wav) throws Exception {
        try (AudioInputStream in = AudioSystem.getAudioInputStream(wav.toFile())) {
            return in.getFrameLength() / in.getFormat().getFrameRate();
        }
    }

    private static double rms(PcmAudio audio) {
        double sum = 0;
        for (int i = 0; i < audio.length(); i++) {
            sum += (double) audio.sample(i) * audio.sample(i);
        }
        return Math.sqrt(sum / audio.length());
    }

    private String awaitError() {
        long seq = status().valueSeq;
        rig.ls.send();
        rig.until(() -> status().valueSeq != seq, "the error");
        assertEquals(NaoSimulator.ERROR, status().value.dataName);
        return status().value.text;
    }

    @Test
    void sayPlaysTheSpeechIntoAFileAndIntoTheMicrophonesWhoseWordSpottingHearsIt() throws Exception {
        MicReceptorCommand m = rig.mic.next();
        m.cmd = MicReceptorCommand.Cmd.SUBSCRIBE;
        m.dct.clear();
        for (String word : List.of("hello", "goodbye", "robot", "photo")) {
            m.dct.add(word);
        }
        m.threshold = 0.3;
        rig.mic.send();
        rig.tick(3);
        long rwSeq = rig.mic.last().rwSeq;
        Set<Path> before = played();
        Set<Path> saidBefore = files("say-");

        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.SAY;
        c.text = "goodbye";
        c.params.dl = "English";
        long seq = status().synthesizedSeq;
        rig.ls.send();
        long ticks = rig.until(() -> status().synthesizedSeq != seq, "synthesized");

        assertTrue(status().synthesized);
        Path said = newFile("say-", saidBefore);
        double spoken = seconds(said);
        assertTrue(ticks * 0.02 >= spoken, "reported after the " + spoken + " s of speech were played (" + ticks + " ticks)");
        rig.until(() -> rig.mic.last().rwSeq != rwSeq, "the robot hears itself");
        assertEquals(1, rig.mic.last().rw.count, rig.mic.last().toString());
        assertEquals("goodbye", rig.mic.last().rw.recogWord[0]);
        Path output = newPlayFile(before);
        assertEquals(spoken, seconds(output), 0.021, "the loudspeakers played the speech whole");

        m.cmd = MicReceptorCommand.Cmd.UNSUBSCRIBE;
        rig.mic.send();
        rig.tick(2);
    }

    @Test
    void playFromPositionPlaysTheRestOfTheFileIntoAFileAtTheVolumeAsked() throws Exception {
        Set<Path> before = played();
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.PLAY_FROM_POSITION;
        c.fp = tone.toString();
        c.beginPosition = 1.5;
        c.params.dv = 0.5;
        c.params.spr = 0;
        rig.ls.send();
        rig.tick(40);

        Path output = newPlayFile(before);
        assertEquals(0.5, seconds(output), 1e-3);
        AudioFormat format = AudioSystem.getAudioFileFormat(output.toFile()).getFormat();
        assertEquals(2, format.getChannels());
        assertEquals(0.5 * 8000 / Math.sqrt(2), rms(PcmAudio.readWav(output)), 30);
    }

    @Test
    void aLoopPlaysUntilStopAll() throws Exception {
        Set<Path> before = played();
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.PLAY_FILE_IN_LOOP;
        c.fp = tone.toString();
        c.params.dv = 1.0;
        c.params.spr = 0;
        rig.ls.send();
        rig.tick(150);
        assertEquals(before, played(), "still playing after 3 s of a 2 s file");

        c.cmd = LsEffectorCommand.Cmd.STOP_ALL;
        rig.ls.send();
        rig.tick(2);

        double seconds = seconds(newPlayFile(before));
        assertEquals(3.0, seconds, 0.05, "from PLAY to STOP_ALL");
    }

    @Test
    void aMissingFileIsAnErrorNamingIt() {
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.PLAY_FROM_POSITION;
        c.fp = directory.resolve("missing.wav").toString();
        c.beginPosition = 0;
        c.params.dv = 1;

        String error = awaitError();

        assertTrue(error.contains("missing.wav") && error.contains("no such file"), error);
    }

    @Test
    void aFileThatIsNoSoundAndAPositionBeyondTheEndAreErrors() throws IOException {
        Path text = directory.resolve("notes.wav");
        Files.writeString(text, "not a sound");
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.PLAY_FILE_IN_LOOP;
        c.fp = text.toString();
        c.params.dv = 1;
        assertTrue(awaitError().contains("not an audio file"), status().value.text);

        c.cmd = LsEffectorCommand.Cmd.PLAY_FROM_POSITION;
        c.fp = tone.toString();
        c.beginPosition = 5;
        assertTrue(awaitError().contains("it lasts 2.0 s"), status().value.text);
    }

    @Test
    void anUnknownVoiceOrLanguageIsRefused() {
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.SET_PARAMETERS;
        c.params.dvt = "allison";
        c.params.dl = "English";
        c.params.dv = 1;
        c.params.spr = 0;
        assertTrue(awaitError().contains("allison"), status().value.text);

        c.cmd = LsEffectorCommand.Cmd.SAY;
        c.text = "bonjour";
        c.params.dl = "French";
        long seq = status().synthesizedSeq;
        assertTrue(awaitError().contains("French"), status().value.text);
        rig.until(() -> status().synthesizedSeq != seq, "the SAY's end");
        assertFalse(status().synthesized, "nothing was said");
    }

    @Test
    void stopAllCutsASpeechShort() {
        Set<Path> saidBefore = files("say-");
        LsEffectorCommand c = rig.ls.next();
        c.cmd = LsEffectorCommand.Cmd.SAY;
        c.text = "this is a rather long sentence that takes its time to say";
        c.params.dl = "English";
        long seq = status().synthesizedSeq;
        rig.ls.send();
        rig.tick(5);
        c.cmd = LsEffectorCommand.Cmd.STOP_ALL;
        rig.ls.send();
        rig.until(() -> status().synthesizedSeq != seq, "the SAY's end");

        assertFalse(status().synthesized);
        c.cmd = LsEffectorCommand.Cmd.GET_DATA;
        c.dataName = LoudspeakerDevice.CURRENT_SENTENCE;
        long valueSeq = status().valueSeq;
        rig.ls.send();
        rig.until(() -> status().valueSeq != valueSeq, "the value");
        assertEquals("this is a rather long sentence that takes its time to say", status().value.text);
        c.dataName = LoudspeakerDevice.TEXT_DONE;
        long next = status().valueSeq;
        rig.ls.send();
        rig.until(() -> status().valueSeq != next, "the value");
        assertEquals(1, status().value.number, "done with the text, if not whole");
        // The synthesis the STOP_ALL overtook still ends in its file; the next test starts after it
        newFile("say-", saidBefore);
    }
}
