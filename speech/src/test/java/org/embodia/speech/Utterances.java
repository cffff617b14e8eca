package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test speech as the voice bench makes it: 16 kHz mono, 0.5 s of silence around the words. */
final class Utterances {
    private Utterances() {
    }

    static PcmAudio padded(PcmAudio speech) {
        PcmAudio audio = speech.resample(MoonshineRecognizer.SAMPLE_RATE);
        short[] samples = new short[audio.samples().length + MoonshineRecognizer.SAMPLE_RATE];
        System.arraycopy(audio.samples(), 0, samples, MoonshineRecognizer.SAMPLE_RATE / 2, audio.samples().length);
        return new PcmAudio(MoonshineRecognizer.SAMPLE_RATE, samples);
    }

    /** espeak-ng (.ci/setup installs it) saying {@code text} in {@code voice}, into a WAV under {@code work}. */
    static PcmAudio espeak(Path work, String voice, String text) throws IOException, InterruptedException {
        Path wav = Files.createTempFile(work, "espeak", ".wav");
        Process p;
        try {
            p = new ProcessBuilder("espeak-ng", "-v", voice, "-w", wav.toString(), text).redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new IOException("espeak-ng is not installed here: .ci/setup installs it", e);
        }
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), "espeak-ng failed: " + output);
        return padded(PcmAudio.readWav(wav));
    }
}
