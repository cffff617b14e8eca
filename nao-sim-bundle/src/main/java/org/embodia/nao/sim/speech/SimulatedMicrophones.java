package org.embodia.nao.sim.speech;

import java.time.Duration;
import java.util.Arrays;

/**
 * The four microphones of the simulated NAO (real receptor R_core,mic). Sounds made in the room are queued with
 * {@link #hear}; {@link #nextFrame} delivers them in frames of {@link #FRAME}, and digital silence (zero samples) when
 * nothing is queued.
 */
public final class SimulatedMicrophones {
    public static final Duration FRAME = Duration.ofMillis(20);

    private final int sampleRate;
    private final int samplesPerFrame;
    private short[] queued = new short[0];
    private int next;

    public SimulatedMicrophones(int sampleRate) {
        long perFrame = sampleRate * FRAME.toNanos() / 1_000_000_000L;
        if (perFrame <= 0) {
            throw new IllegalArgumentException("the sample rate must be positive, got " + sampleRate);
        }
        this.sampleRate = sampleRate;
        this.samplesPerFrame = (int) perFrame;
    }

    public int sampleRate() {
        return sampleRate;
    }

    /** Queues a sound after whatever is still to be heard. */
    public synchronized void hear(PcmAudio sound) {
        if (sound.sampleRate() != sampleRate) {
            throw new IllegalArgumentException(
                    "the microphones sample at " + sampleRate + " Hz, the sound is " + sound.sampleRate() + " Hz");
        }
        short[] rest = Arrays.copyOfRange(queued, next, queued.length);
        queued = Arrays.copyOf(rest, rest.length + sound.length());
        System.arraycopy(sound.samples(), 0, queued, rest.length, sound.length());
        next = 0;
    }

    public synchronized MicrophoneFrame nextFrame() {
        short[] mono = new short[samplesPerFrame];
        int available = Math.min(samplesPerFrame, queued.length - next);
        System.arraycopy(queued, next, mono, 0, available);
        next += available;
        return MicrophoneFrame.fromMono(new PcmAudio(sampleRate, mono), 0, samplesPerFrame);
    }
}
