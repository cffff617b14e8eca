package org.embodia.nao.sim.speech;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.MoonshineRecognizer;

/**
 * The four microphones of the simulated NAO (real receptor R_core,mic), sampled at 16 kHz in frames of {@link #FRAME},
 * NAOqi's 20 ms step. Two kinds of sound reach them: sounds made in the room ({@link #hear}, any thread), heard one
 * after another, and what the robot's own loudspeakers play ({@link #speak}), mixed on top. Without either, digital
 * silence (zero samples).
 *
 * <p>No room acoustics: every microphone gets the same samples, with no delay or gain between them.
 *
 * <p>{@link #advance()} mixes the next frame into a buffer it keeps and computes each microphone's energy; it and
 * {@link #speak} belong to the clock thread and allocate nothing. {@link #hear} may be called from any thread: the
 * sound joins a lock-free queue the clock thread takes it from.
 */
public final class SimulatedMicrophones {
    /** ALAudioDevice's rate for the front microphone's stream and the acoustic model's rate. */
    public static final int SAMPLE_RATE = MoonshineRecognizer.SAMPLE_RATE;
    public static final Duration FRAME = Duration.ofMillis(20);
    public static final int FRAME_SAMPLES = (int) (SAMPLE_RATE * FRAME.toNanos() / 1_000_000_000L);
    public static final int CHANNELS = Microphone.values().length;

    private static final short[] NOTHING = new short[0];

    private final Queue<short[]> room = new ConcurrentLinkedQueue<>();
    private short[] heard = NOTHING;
    private int heardAt;
    private short[] own = NOTHING;
    private int ownAt;
    private double ownGain;
    /** The current frame, interleaved left, right, front, rear, as NAOqi's channel flags order them. */
    private final short[] frame = new short[CHANNELS * FRAME_SAMPLES];
    private final double[] energies = new double[CHANNELS];

    /**
     * Someone in the room makes this sound: the microphones hear it after whatever is still to be heard. Any thread.
     *
     * @throws IllegalArgumentException unless the sound is at {@value #SAMPLE_RATE} Hz
     */
    public void hear(PcmAudio sound) {
        if (sound.sampleRate() != SAMPLE_RATE) {
            throw new IllegalArgumentException(
                    "the microphones sample at " + SAMPLE_RATE + " Hz, the sound is " + sound.sampleRate() + " Hz");
        }
        room.add(sound.samples());
    }

    /**
     * The loudspeakers play {@code samples} (16 kHz mono) from the next frame on, at {@code gain}; whatever they
     * played before stops. Clock thread; the array is read, never written, and must not change.
     */
    public void speak(short[] samples, double gain) {
        own = samples;
        ownAt = 0;
        ownGain = gain;
    }

    /** The loudspeakers fall silent. Clock thread. */
    public void stopSpeaking() {
        own = NOTHING;
        ownAt = 0;
    }

    /** Whether the loudspeakers still have samples to play. */
    public boolean speaking() {
        return ownAt < own.length;
    }

    /** Mixes the next 20 ms into the frame and computes the energies. Clock thread; allocates nothing. */
    public void advance() {
        for (int i = 0; i < FRAME_SAMPLES; i++) {
            int sample = 0;
            while (heardAt == heard.length) {
                short[] next = room.poll();
                if (next == null) {
                    break;
                }
                heard = next;
                heardAt = 0;
            }
            if (heardAt < heard.length) {
                sample += heard[heardAt++];
            }
            if (ownAt < own.length) {
                sample += (int) Math.round(own[ownAt++] * ownGain);
            }
            short clipped = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, sample));
            for (int channel = 0; channel < CHANNELS; channel++) {
                frame[CHANNELS * i + channel] = clipped;
            }
        }
        for (int channel = 0; channel < CHANNELS; channel++) {
            double sumOfSquares = 0;
            for (int i = channel; i < frame.length; i += CHANNELS) {
                double sample = frame[i];
                sumOfSquares += sample * sample;
            }
            energies[channel] = Math.sqrt(sumOfSquares / FRAME_SAMPLES);
        }
    }

    /** Sample {@code index} (0 to {@value #FRAME_SAMPLES} − 1) of the current frame at {@code microphone}. */
    public short sample(Microphone microphone, int index) {
        return frame[CHANNELS * index + microphone.ordinal()];
    }

    /**
     * The energy of one microphone's signal in the current frame: the root mean square of its samples, in 16-bit
     * sample units, so in [0, 32768], the scale of NAOqi's ALAudioDevice.get*MicEnergy.
     */
    public double energy(Microphone microphone) {
        return energies[microphone.ordinal()];
    }

    /** The energies of the current frame, indexed by {@link Microphone#ordinal()}. Read only. */
    public double[] energies() {
        return energies;
    }

    /** Copies the current frame, interleaved left, right, front, rear, into {@code out} (at least 4 × 320 long). */
    public void copyFrame(short[] out) {
        System.arraycopy(frame, 0, out, 0, frame.length);
    }
}
