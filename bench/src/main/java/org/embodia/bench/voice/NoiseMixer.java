package org.embodia.bench.voice;

/**
 * Speech plus noise at a signal-to-noise ratio. SNR (dB) = 20 log10(rms_speech / rms_noise_added), where rms_speech is
 * taken over the speech's active 20 ms frames only (those within 30 dB of the loudest frame: the synthesizers' own
 * leading and trailing quiet and the silence padded around would otherwise lower it) and rms_noise_added over the
 * scaled noise as a whole. The noise is scaled by gain = rms_speech / (rms_noise * 10^(SNR/20)).
 */
final class NoiseMixer {
    static final double FRAME_SECONDS = 0.02;
    static final double ACTIVE_RANGE_DB = 30;

    private NoiseMixer() {
    }

    static double rms(short[] samples, int from, int to) {
        if (to <= from) {
            return 0;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (double) samples[i] * samples[i];
        }
        return Math.sqrt(sum / (to - from));
    }

    /** The RMS over the frames within {@link #ACTIVE_RANGE_DB} of the loudest frame. */
    static double activeRms(short[] samples, int sampleRate) {
        int frame = Math.max(1, (int) Math.round(sampleRate * FRAME_SECONDS));
        int frames = (samples.length + frame - 1) / frame;
        double[] frameRms = new double[frames];
        double loudest = 0;
        for (int f = 0; f < frames; f++) {
            frameRms[f] = rms(samples, f * frame, Math.min(samples.length, (f + 1) * frame));
            loudest = Math.max(loudest, frameRms[f]);
        }
        if (loudest == 0) {
            return 0;
        }
        double floor = loudest * Math.pow(10, -ACTIVE_RANGE_DB / 20);
        double sum = 0;
        long n = 0;
        for (int f = 0; f < frames; f++) {
            if (frameRms[f] >= floor) {
                int from = f * frame;
                int to = Math.min(samples.length, from + frame);
                sum += frameRms[f] * frameRms[f] * (to - from);
                n += to - from;
            }
        }
        return Math.sqrt(sum / n);
    }

    /** The factor on the noise that puts it {@code snrDb} under speech of RMS {@code speechRms}. */
    static double gain(double speechRms, double noiseRms, double snrDb) {
        if (!(noiseRms > 0)) {
            throw new IllegalArgumentException("the noise is silent (RMS " + noiseRms + ")");
        }
        return speechRms / (noiseRms * Math.pow(10, snrDb / 20));
    }

    /**
     * {@code signal} plus {@code gain} times {@code noise[offset ...]}, clipped to 16 bits.
     *
     * @throws IllegalArgumentException if the noise is shorter than the signal from the offset on
     */
    static short[] mix(short[] signal, short[] noise, int offset, double gain) {
        if (offset < 0 || offset + signal.length > noise.length) {
            throw new IllegalArgumentException("the noise (" + noise.length + " samples) does not cover "
                    + signal.length + " samples from " + offset);
        }
        short[] mixed = new short[signal.length];
        for (int i = 0; i < signal.length; i++) {
            long v = Math.round(signal[i] + gain * noise[offset + i]);
            mixed[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, v));
        }
        return mixed;
    }
}
