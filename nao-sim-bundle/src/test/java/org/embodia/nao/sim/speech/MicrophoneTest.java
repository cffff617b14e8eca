package org.embodia.nao.sim.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicrophoneTest {
    private static final int RATE = 16_000;
    private static final Duration FRAME = SimulatedMicrophones.FRAME;

    static PcmAudio tone(double seconds, double amplitude) {
        short[] samples = new short[(int) Math.round(RATE * seconds)];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (short) Math.round(amplitude * Math.sin(2 * Math.PI * 440 * i / RATE));
        }
        return new PcmAudio(RATE, samples);
    }

    static MicrophoneFrame constantFrame(short left, short right, short front, short rear) {
        short[] interleaved = new short[4 * 320];
        for (int i = 0; i < 320; i++) {
            interleaved[4 * i] = left;
            interleaved[4 * i + 1] = right;
            interleaved[4 * i + 2] = front;
            interleaved[4 * i + 3] = rear;
        }
        return new MicrophoneFrame(RATE, interleaved);
    }

    static MicrophoneFrame loud() {
        return constantFrame((short) 1000, (short) 1000, (short) 1000, (short) 1000);
    }

    static MicrophoneFrame quiet() {
        return constantFrame((short) 10, (short) -10, (short) 10, (short) -10);
    }

    @Test
    void theEnergyOfASineIsItsAmplitudeOverRootTwoOnEveryMicrophone() {
        // 440 Hz over one second: whole periods, so the RMS is exact up to rounding the samples
        MicrophoneFrame frame = MicrophoneFrame.fromMono(tone(1, 10_000), 0, RATE);

        for (Microphone microphone : Microphone.values()) {
            assertEquals(10_000 / Math.sqrt(2), frame.energy(microphone), 1, microphone.name());
        }
    }

    @Test
    void channelsInterleaveLeftRightFrontRear() {
        MicrophoneFrame frame = constantFrame((short) 100, (short) -200, (short) 300, (short) 400);

        assertEquals(100, frame.energy(Microphone.LEFT), 1e-9);
        assertEquals(200, frame.energy(Microphone.RIGHT), 1e-9);
        assertEquals(300, frame.energy(Microphone.FRONT), 1e-9);
        assertEquals(400, frame.energy(Microphone.REAR), 1e-9);
        assertEquals(-200, frame.channel(Microphone.RIGHT).sample(319));
        assertEquals(4, frame.energies().size());
        assertEquals(320, frame.samplesPerChannel());
    }

    @Test
    void energyRunsFromZeroToFullScale() {
        assertEquals(0, constantFrame((short) 0, (short) 0, (short) 0, (short) 0).energy(Microphone.FRONT));
        assertEquals(32_768, constantFrame(Short.MIN_VALUE, (short) 0, (short) 0, (short) 0).energy(Microphone.LEFT));
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

        assertFalse(detector.offer(constantFrame((short) 0, (short) 0, (short) 0, (short) 150)));
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
    void theRecorderStopsAfterTheSoundAndTheSilenceTime(@TempDir Path directory) throws Exception {
        SimulatedMicrophones microphones = new SimulatedMicrophones(RATE);
        microphones.hear(tone(0.5, 5_000));
        microphones.hear(PcmAudio.silence(RATE, 0.3));
        microphones.hear(tone(0.2, 5_000));
        Path file = directory.resolve("register.wav");

        MicrophoneRecorder.Recording recording = MicrophoneRecorder.recordUntilSilence(microphones::nextFrame,
                new SilenceDetector(500, Duration.ofMillis(500), FRAME), Duration.ofSeconds(10), file);

        assertTrue(recording.endedBySilence());
        // 1.0 s of sound and pause, then the 0.5 s of silence that ends it
        assertEquals(RATE * 3 / 2, recording.audio().samplesPerChannel());
        AudioFormat format = AudioSystem.getAudioFileFormat(file.toFile()).getFormat();
        assertEquals(4, format.getChannels());
        assertEquals(RATE, format.getSampleRate());
        assertEquals(RATE * 3 / 2, AudioSystem.getAudioInputStream(file.toFile()).getFrameLength());
    }

    @Test
    void theRecorderStopsAtTheTimeLimitWhenTheRoomIsNeverQuiet(@TempDir Path directory) throws Exception {
        SimulatedMicrophones microphones = new SimulatedMicrophones(RATE);
        microphones.hear(tone(3, 5_000));

        MicrophoneRecorder.Recording recording = MicrophoneRecorder.recordUntilSilence(microphones::nextFrame,
                new SilenceDetector(500, Duration.ofMillis(500), FRAME), Duration.ofSeconds(1),
                directory.resolve("noisy.wav"));

        assertFalse(recording.endedBySilence());
        assertEquals(RATE, recording.audio().samplesPerChannel());
    }
}
