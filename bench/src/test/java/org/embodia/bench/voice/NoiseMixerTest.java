package org.embodia.bench.voice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The SNR the mixer promises is the one the mixed audio has. */
class NoiseMixerTest {
    private static final int RATE = 16_000;

    @Test
    void theGainPutsTheNoiseTheGivenDecibelsUnderTheSpeech() {
        assertEquals(1.0, NoiseMixer.gain(1000, 1000, 0), 1e-12);
        assertEquals(0.1, NoiseMixer.gain(1000, 1000, 20), 1e-12);
        assertEquals(Math.pow(10, -0.5) * 2, NoiseMixer.gain(2000, 1000, 10), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> NoiseMixer.gain(1000, 0, 10));
    }

    @Test
    void theActiveRmsLeavesOutTheSilenceAround() {
        short[] tone = sine(8000, 0.5);
        short[] padded = new short[tone.length + 2 * RATE / 2];
        System.arraycopy(tone, 0, padded, RATE / 2, tone.length);
        double expected = 8000 / Math.sqrt(2);
        assertEquals(expected, NoiseMixer.activeRms(tone, RATE), expected * 0.01);
        assertEquals(expected, NoiseMixer.activeRms(padded, RATE), expected * 0.01);
        assertEquals(0, NoiseMixer.activeRms(new short[100], RATE));
    }

    @Test
    void mixedAtTenDecibelsTheNoiseAddedIsTenDecibelsUnderTheSpeech() {
        short[] speech = sine(5000, 1.0);
        short[] noise = new short[3 * RATE];
        Random random = new Random(1);
        for (int i = 0; i < noise.length; i++) {
            noise[i] = (short) Math.round(random.nextGaussian() * 3000);
        }
        int offset = 1234;
        double gain = NoiseMixer.gain(NoiseMixer.activeRms(speech, RATE),
                NoiseMixer.rms(noise, offset, offset + speech.length), 10);
        short[] mixed = NoiseMixer.mix(speech, noise, offset, gain);
        short[] added = new short[speech.length];
        for (int i = 0; i < added.length; i++) {
            added[i] = (short) (mixed[i] - speech[i]);
        }
        double snr = 20 * Math.log10(NoiseMixer.rms(speech, 0, speech.length) / NoiseMixer.rms(added, 0, added.length));
        assertEquals(10, snr, 0.05);
    }

    @Test
    void theMixIsClippedTo16BitsAndNeedsNoiseForAllOfTheSignal() {
        short[] loud = {Short.MAX_VALUE, Short.MIN_VALUE};
        short[] mixed = NoiseMixer.mix(loud, new short[] {1000, -1000}, 0, 1);
        assertEquals(Short.MAX_VALUE, mixed[0]);
        assertEquals(Short.MIN_VALUE, mixed[1]);
        assertThrows(IllegalArgumentException.class, () -> NoiseMixer.mix(loud, new short[] {0, 0}, 1, 1));
    }

    private static short[] sine(double amplitude, double seconds) {
        short[] s = new short[(int) (RATE * seconds)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) Math.round(amplitude * Math.sin(2 * Math.PI * 440 * i / RATE));
        }
        return s;
    }
}
