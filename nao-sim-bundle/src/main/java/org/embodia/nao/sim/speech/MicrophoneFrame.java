package org.embodia.nao.sim.speech;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Audio from the four microphones: signed 16-bit samples, one per microphone per instant, interleaved in
 * {@link Microphone} order (left, right, front, rear). Immutable.
 */
public final class MicrophoneFrame {
    public static final int CHANNELS = Microphone.values().length;

    private final int sampleRate;
    private final short[] interleaved;

    public MicrophoneFrame(int sampleRate, short[] interleaved) {
        if (sampleRate <= 0) {
            throw new IllegalArgumentException("the sample rate must be positive, got " + sampleRate);
        }
        if (interleaved.length % CHANNELS != 0) {
            throw new IllegalArgumentException(
                    interleaved.length + " samples do not make whole frames of " + CHANNELS + " channels");
        }
        this.sampleRate = sampleRate;
        this.interleaved = interleaved.clone();
    }

    /**
     * Samples [from, to) of a mono sound as the four microphones hear it. The simulation has no room acoustics: every
     * microphone gets the same samples, with no delay or gain between them.
     */
    public static MicrophoneFrame fromMono(PcmAudio sound, int from, int to) {
        short[] interleaved = new short[CHANNELS * (to - from)];
        for (int i = from; i < to; i++) {
            short sample = sound.sample(i);
            for (int channel = 0; channel < CHANNELS; channel++) {
                interleaved[CHANNELS * (i - from) + channel] = sample;
            }
        }
        return new MicrophoneFrame(sound.sampleRate(), interleaved);
    }

    /** The frames one after the other, as one recording. */
    public static MicrophoneFrame concat(int sampleRate, List<MicrophoneFrame> frames) {
        int total = 0;
        for (MicrophoneFrame frame : frames) {
            if (frame.sampleRate != sampleRate) {
                throw new IllegalArgumentException(
                        "cannot join a " + frame.sampleRate + " Hz frame to " + sampleRate + " Hz audio");
            }
            total += frame.interleaved.length;
        }
        short[] joined = new short[total];
        int at = 0;
        for (MicrophoneFrame frame : frames) {
            System.arraycopy(frame.interleaved, 0, joined, at, frame.interleaved.length);
            at += frame.interleaved.length;
        }
        return new MicrophoneFrame(sampleRate, joined);
    }

    public int sampleRate() {
        return sampleRate;
    }

    public int samplesPerChannel() {
        return interleaved.length / CHANNELS;
    }

    public double durationSeconds() {
        return (double) samplesPerChannel() / sampleRate;
    }

    public short sample(Microphone microphone, int index) {
        return interleaved[CHANNELS * index + microphone.ordinal()];
    }

    /**
     * The energy of one microphone's signal: the root mean square of its samples, in 16-bit sample units, so in
     * [0, 32768], the scale of NAOqi's ALAudioDevice.get*MicEnergy. Zero for an empty frame.
     */
    public double energy(Microphone microphone) {
        int n = samplesPerChannel();
        if (n == 0) {
            return 0;
        }
        double sumOfSquares = 0;
        for (int i = microphone.ordinal(); i < interleaved.length; i += CHANNELS) {
            double sample = interleaved[i];
            sumOfSquares += sample * sample;
        }
        return Math.sqrt(sumOfSquares / n);
    }

    public Map<Microphone, Double> energies() {
        Map<Microphone, Double> energies = new EnumMap<>(Microphone.class);
        for (Microphone microphone : Microphone.values()) {
            energies.put(microphone, energy(microphone));
        }
        return energies;
    }

    /** One microphone's signal as mono audio, for instance to hand it to the recognizer. */
    public PcmAudio channel(Microphone microphone) {
        short[] mono = new short[samplesPerChannel()];
        for (int i = 0; i < mono.length; i++) {
            mono[i] = sample(microphone, i);
        }
        return new PcmAudio(sampleRate, mono);
    }

    byte[] toLittleEndian() {
        return PcmAudio.toLittleEndian(interleaved);
    }
}
