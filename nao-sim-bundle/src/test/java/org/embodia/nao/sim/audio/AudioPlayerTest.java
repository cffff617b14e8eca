package org.embodia.nao.sim.audio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;

import org.embodia.speech.PcmAudio;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class AudioPlayerTest {
    private static final int RATE = 16_000;

    @TempDir
    Path directory;
    private Path source;
    private short[] samples;
    private AudioPlayer player;

    /** One second of samples that differ from one to the next, so that any shift or gap shows. */
    @BeforeEach
    void writeSource() throws Exception {
        samples = new short[RATE];
        for (int i = 0; i < RATE; i++) {
            samples[i] = (short) (i * 7 % 20_000 - 10_000);
        }
        source = directory.resolve("source.wav");
        new PcmAudio(RATE, samples).writeWav(source);
        player = new AudioPlayer(directory.resolve("played"), Set.of("kevin16", "kevin"));
    }

    /** The output's frames: [frame][0 = left, 1 = right]. */
    private static short[][] readStereo(Path file) throws Exception {
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            AudioFormat format = in.getFormat();
            assertEquals(2, format.getChannels());
            assertEquals(16, format.getSampleSizeInBits());
            assertEquals(RATE, format.getSampleRate());
            byte[] bytes = in.readAllBytes();
            short[][] frames = new short[bytes.length / 4][2];
            for (int i = 0; i < frames.length; i++) {
                frames[i][0] = (short) (bytes[4 * i + 1] << 8 | bytes[4 * i] & 0xff);
                frames[i][1] = (short) (bytes[4 * i + 3] << 8 | bytes[4 * i + 2] & 0xff);
            }
            return frames;
        }
    }

    private static short half(short sample) {
        return (short) Math.round(sample * 0.5);
    }

    @Test
    void aFilePlayedOnceEndsAndItsOutputHoldsTheSamplesAtTheVolume() throws Exception {
        Playback playback = player.play(source, false, 0, 0.5, 0);
        player.advance(0.6);
        assertTrue(playback.isPlaying());
        assertFalse(Files.exists(playback.output()));

        player.advance(0.6);

        assertFalse(playback.isPlaying());
        assertTrue(player.playing().isEmpty());
        short[][] played = readStereo(playback.output());
        assertEquals(RATE, played.length);
        for (int i = 0; i < RATE; i++) {
            assertEquals(half(samples[i]), played[i][0], "left " + i);
            assertEquals(half(samples[i]), played[i][1], "right " + i);
        }
        assertEquals(1.0, playback.secondsPlayed());
    }

    @Test
    void playingStartsFromThePosition() throws Exception {
        Playback playback = player.playFileFromPosition(source, 0.25, 1, 0);
        player.advance(5);

        short[][] played = readStereo(playback.output());

        assertEquals(12_000, played.length);
        for (int i = 0; i < played.length; i++) {
            assertEquals(samples[4000 + i], played[i][0], "frame " + i);
        }
    }

    @Test
    void aLoopRepeatsTheFileUntilStopped() throws Exception {
        Playback playback = player.playFileInLoop(source, 1, 0);
        for (int step = 0; step < 125; step++) {
            player.advance(0.02);
        }
        assertTrue(playback.isPlaying());

        player.stop(playback.id());

        assertFalse(playback.isPlaying());
        short[][] played = readStereo(playback.output());
        assertEquals(40_000, played.length);
        for (int i = 0; i < played.length; i++) {
            assertEquals(samples[i % RATE], played[i][1], "frame " + i);
        }
    }

    @Test
    void aLoopFromAPositionRepeatsTheWholeFileAfterwards() throws Exception {
        Playback playback = player.play(source, true, 0.5);
        player.advance(1);
        player.stopAll();

        short[][] played = readStereo(playback.output());

        assertEquals(RATE, played.length);
        assertEquals(samples[8000], played[0][0]);
        assertEquals(samples[RATE - 1], played[7999][0]);
        assertEquals(samples[0], played[8000][0]);
    }

    @Test
    void thePanoramaTurnsTheFarSideDownAndTheMasterVolumeScalesAll() throws Exception {
        player.setMasterVolume(0.5);
        Playback left = player.play(source, false, 0, 1, -1);
        Playback rightish = player.play(source, false, 0, 1, 0.5);
        player.advance(1);

        short[][] leftOnly = readStereo(left.output());
        short[][] mostlyRight = readStereo(rightish.output());

        for (int i = 0; i < RATE; i += 97) {
            assertEquals(half(samples[i]), leftOnly[i][0]);
            assertEquals(0, leftOnly[i][1]);
            assertEquals((short) Math.round(samples[i] * 0.25), mostlyRight[i][0]);
            assertEquals(half(samples[i]), mostlyRight[i][1]);
        }
    }

    @Test
    void theLoudspeakerParametersGiveTheDefaultPanorama() throws Exception {
        player.setParameters(new LoudspeakerParameters("kevin", "English", 1, 1));
        Playback playback = player.play(source, false, 0);
        player.advance(1);

        short[][] played = readStereo(playback.output());

        assertEquals(0, played[100][0]);
        assertEquals(samples[100], played[100][1]);
        assertEquals("kevin", player.getParameters().voice());
    }

    @Test
    void aStereoFileKeepsItsChannels() throws Exception {
        byte[] pcm = new byte[4 * 100];
        for (int i = 0; i < 100; i++) {
            pcm[4 * i] = 100;
            pcm[4 * i + 2] = (byte) 200;
            pcm[4 * i + 3] = (byte) 0xff;
        }
        Path stereo = directory.resolve("stereo.wav");
        AudioFormat format = new AudioFormat(RATE, 16, 2, true, false);
        AudioSystem.write(new AudioInputStream(new ByteArrayInputStream(pcm), format, 100), AudioFileFormat.Type.WAVE,
                stereo.toFile());

        Playback playback = player.play(stereo, false, 0);
        player.advance(1);
        short[][] played = readStereo(playback.output());

        assertEquals(100, played.length);
        assertEquals(100, played[50][0]);
        assertEquals(-56, played[50][1]);
    }

    @Test
    void unplayableFilesAreRefusedNamingTheFile() throws Exception {
        Path missing = directory.resolve("missing.wav");
        Path text = Files.writeString(directory.resolve("notes.wav"), "not a sound");

        assertMessage("cannot play " + missing + ": no such file", () -> player.play(missing, false, 0));
        assertMessage("cannot play " + directory + ": it is a directory", () -> player.play(directory, false, 0));
        assertMessage("cannot play " + text + ": not an audio file Java can read (WAV, AIFF, AU)",
                () -> player.play(text, false, 0));
        assertMessage("cannot play " + source + " from 1.0 s: it lasts 1.0 s", () -> player.play(source, false, 1.0));
        assertTrue(player.playing().isEmpty());
    }

    @Test
    void badValuesAreRefusedNamingTheRange() {
        assertMessage("the position must be finite and at least 0 s, was -1.0", () -> player.play(source, false, -1));
        assertMessage("the position must be finite and at least 0 s, was NaN",
                () -> player.play(source, false, Double.NaN));
        assertMessage("the volume must be in [0, 1], was 1.5", () -> player.play(source, false, 0, 1.5, 0));
        assertMessage("the panorama must be in [-1, 1], was NaN", () -> player.play(source, false, 0, 1, Double.NaN));
        assertMessage("the volume must be in [0, 1], was -0.1", () -> player.setMasterVolume(-0.1));
        assertMessage("unknown voice 'allison', the voices are [kevin, kevin16]",
                () -> player.setParameters(new LoudspeakerParameters("allison", "English", 1, 0)));
        assertMessage("unknown language 'French', the voices speak English",
                () -> player.setParameters(new LoudspeakerParameters("kevin16", "French", 1, 0)));
        assertMessage("no playback 7 is playing; playing: []", () -> player.stop(7));
        assertMessage("time advances by a finite, non-negative amount, not -0.02 s", () -> player.advance(-0.02));
        assertEquals(List.of(), player.playing());
    }

    private static void assertMessage(String expected, Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
