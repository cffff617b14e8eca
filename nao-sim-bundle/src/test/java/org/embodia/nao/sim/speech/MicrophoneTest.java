package org.embodia.nao.sim.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.WavWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicrophoneTest {
    private static final int RATE = SimulatedMicrophones.SAMPLE_RATE;
    private static final Duration FRAME = SimulatedMicrophones.FRAME;

    static PcmAudio tone(double seconds, double amplitude) {
        short[] samples = new short[(int) Math.round(RATE * seconds)];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (short) Math.round(amplitude * Math.sin(2 * Math.PI * 440 * i / RATE));
        }
        return new PcmAudio(RATE, samples);
    }

    static double[] energies(double left, double right, double front, double rear) {
        return new double[] {left, right, front, rear};
    }

    static double[] loud() {
        return energies(1000, 1000, 1000, 1000);
    }

    static double[] quiet() {
        return energies(10, 10, 10, 10);
    }

    @Test
    void aFrameIs20MsOfEveryMicrophoneAtSixteenKilohertz() {
        assertEquals(320, SimulatedMicrophones.FRAME_SAMPLES);
        assertEquals(4, SimulatedMicrophones.CHANNELS);
    }

    @Test
    void theEnergyOfASineIsItsAmplitudeOverRootTwoOnEveryMicrophone() {
        SimulatedMicrophones microphones = new SimulatedMicrophones();
        microphones.hear(tone(1, 10_000));

        // 20 ms of 440 Hz is 8.8 periods: the RMS of a frame is within a few per cent of the whole periods'
        for (int frame = 0; frame < 50; frame++) {
            microphones.advance();
            for (Microphone microphone : Microphone.values()) {
                assertEquals(10_000 / Math.sqrt(2), microphones.energy(microphone), 200, microphone + " in frame " + frame);
            }
        }
        microphones.advance();
        assertEquals(0, microphones.energy(Microphone.FRONT), "digital silence once the sound is over");
    }

    @Test
    void soundsAreHeardOneAfterAnotherAndEveryMicrophoneGetsTheSameSamples() {
        SimulatedMicrophones microphones = new SimulatedMicrophones();
        microphones.hear(new PcmAudio(RATE, new short[] {1, 2, 3}));
        microphones.hear(new PcmAudio(RATE, new short[] {4, 5}));

        microphones.advance();
        short[] frame = new short[4 * 320];
        microphones.copyFrame(frame);
        for (int i = 0; i < 5; i++) {
            for (Microphone microphone : Microphone.values()) {
                assertEquals(i + 1, microphones.sample(microphone, i));
                assertEquals(i + 1, frame[4 * i + microphone.ordinal()]);
            }
        }
        assertEquals(0, microphones.sample(Microphone.REAR, 5));
    }

    @Test
    void theRobotsOwnVoiceIsMixedOnTopAtItsGainAndClipped() {
        SimulatedMicrophones microphones = new SimulatedMicrophones();
        microphones.hear(new PcmAudio(RATE, new short[] {100, 30_000}));
        microphones.speak(new short[] {1000, 10_000, 500}, 0.5);

        assertTrue(microphones.speaking());
        microphones.advance();

        assertEquals(600, microphones.sample(Microphone.LEFT, 0));
        assertEquals(Short.MAX_VALUE, microphones.sample(Microphone.LEFT, 1));
        assertEquals(250, microphones.sample(Microphone.LEFT, 2));
        assertFalse(microphones.speaking(), "three samples are spoken within a frame");

        microphones.speak(new short[1000], 1);
        microphones.stopSpeaking();
        assertFalse(microphones.speaking());
    }

    @Test
    void onlySoundsAtSixteenKilohertzAreHeard() {
        SimulatedMicrophones microphones = new SimulatedMicrophones();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> microphones.hear(new PcmAudio(8000, new short[10])))
                .getMessage().contains("8000 Hz"));
    }

    @Test
    void silenceStopsAfterTheSilenceTimeInWholeFrames() {
        assertEquals(25, new SilenceDetector(100, Duration.ofMillis(500), FRAME).quietFramesToStop());
        assertEquals(26, new SilenceDetector(100, Duration.ofMillis(510), FRAME).quietFramesToStop());

        SilenceDetector detector = new SilenceDetector(100, Duration.ofMillis(500), FRAME);
        for (int i = 0; i < 10; i++) {
            assertFalse(detector.offer(loud()));
        }
        for (int i = 1; i < 25; i++) {
            assertFalse(detector.offer(quiet()), "quiet frame " + i);
        }
        assertTrue(detector.offer(quiet()));
        assertTrue(detector.offer(loud()), "a stopped recording stays stopped");
        detector.reset();
        assertFalse(detector.offer(quiet()), "until reset");
    }

    @Test
    void aShorterPauseDoesNotStopTheRecording() {
        SilenceDetector detector = new SilenceDetector(100, Duration.ofMillis(500), FRAME);
        detector.offer(loud());
        for (int i = 0; i < 24; i++) {
            assertFalse(detector.offer(quiet()));
        }
        assertFalse(detector.offer(loud()));
        assertEquals(0, detector.quietFrames());
    }

    @Test
    void oneMicrophoneOverTheThresholdKeepsTheRecordingGoing() {
        SilenceDetector detector = new SilenceDetector(100, Duration.ofMillis(40), FRAME);
        detector.offer(quiet());

        assertFalse(detector.offer(energies(0, 0, 0, 150)));
        assertEquals(0, detector.quietFrames());
    }

    @Test
    void silenceFromTheStartStopsTheRecordingToo() {
        SilenceDetector detector = new SilenceDetector(100, Duration.ofMillis(100), FRAME);
        for (int i = 1; i < 5; i++) {
            assertFalse(detector.offer(quiet()));
        }
        assertTrue(detector.offer(quiet()));
    }

    @Test
    void aWavFileWrittenAsItComesHasTheSizesInItsHeader(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("sub/recording.wav");
        try (WavWriter writer = new WavWriter(file, 2, RATE)) {
            short[] samples = new short[2 * 1600];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = (short) (i % 2 == 0 ? i : -i);
            }
            for (int k = 0; k < 10; k++) {
                writer.write(samples, samples.length);
            }
            assertEquals(1.0, writer.seconds(), 1e-9);
        }

        AudioFormat format = AudioSystem.getAudioFileFormat(file.toFile()).getFormat();
        assertEquals(2, format.getChannels());
        assertEquals(RATE, format.getSampleRate());
        assertEquals(16, format.getSampleSizeInBits());
        assertEquals(RATE, AudioSystem.getAudioInputStream(file.toFile()).getFrameLength());
        PcmAudio mono = PcmAudio.readWav(file);
        assertEquals(RATE, mono.length());
        assertEquals(0, mono.sample(7), "left and right averaged");
    }

    @Test
    void resamplingKeepsTheDurationAndInterpolates() {
        PcmAudio eight = new PcmAudio(8000, new short[] {0, 100, 200, 300});

        PcmAudio sixteen = eight.resample(16_000);

        assertEquals(8, sixteen.length());
        assertEquals(50, sixteen.sample(1));
        assertEquals(200, sixteen.sample(4));
        assertEquals(eight.durationSeconds(), sixteen.durationSeconds(), 1e-9);
    }
}
