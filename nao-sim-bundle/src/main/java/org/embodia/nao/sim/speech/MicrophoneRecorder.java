package org.embodia.nao.sim.speech;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Recording from the four microphones into a four-channel 16-bit WAV file, as NAOqi's
 * startMicrophonesRecording/stopMicrophonesRecording do on the robot.
 */
public final class MicrophoneRecorder {
    private MicrophoneRecorder() {
    }

    /** A finished recording: the file, everything recorded, and whether silence (rather than the time limit) ended it. */
    public record Recording(Path file, MicrophoneFrame audio, boolean endedBySilence) {
    }

    /**
     * Records frames until the detector reports silence or the recording reaches the time limit (the "register"
     * behaviour of spec 3.3.4, with the limit as a guard against a room that never falls silent). The trailing silence
     * is part of the recording.
     */
    public static Recording recordUntilSilence(Supplier<MicrophoneFrame> microphones, SilenceDetector detector,
            Duration limit, Path file) throws IOException {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("the time limit must be positive, got " + limit);
        }
        List<MicrophoneFrame> frames = new ArrayList<>();
        long recordedSamples = 0;
        int sampleRate;
        boolean silence;
        do {
            MicrophoneFrame frame = microphones.get();
            sampleRate = frame.sampleRate();
            frames.add(frame);
            recordedSamples += frame.samplesPerChannel();
            silence = detector.offer(frame);
            // Whole samples against nanoseconds, so that a limit of n frames is never missed by a rounding error
        } while (!silence && recordedSamples * 1_000_000_000L < limit.toNanos() * sampleRate);
        MicrophoneFrame audio = MicrophoneFrame.concat(sampleRate, frames);
        PcmAudio.writeWav(file, PcmAudio.format(sampleRate, MicrophoneFrame.CHANNELS), audio.toLittleEndian());
        return new Recording(file, audio, silence);
    }
}
