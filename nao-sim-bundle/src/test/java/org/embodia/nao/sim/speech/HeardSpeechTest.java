package org.embodia.nao.sim.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.KeywordSpotter;
import org.embodia.speech.MoonshineRecognizer;
import org.embodia.speech.Recognition;
import org.embodia.speech.SpeechSynthesizer;
import org.junit.jupiter.api.Test;

/** The loudspeaker's speech through the simulated microphones and silence detection to the recognizer. */
class HeardSpeechTest {
    private static final List<String> COMMANDS = List.of("hello", "goodbye", "walk", "photo", "stop");

    @Test
    void speechHeardByTheMicrophonesIsRecognized() throws Exception {
        try (SpeechSynthesizer synthesizer = new SpeechSynthesizer();
                KeywordSpotter recognizer = new KeywordSpotter(KeywordSpotter.Fusion.CHOSEN)) {
            SimulatedMicrophones microphones = new SimulatedMicrophones();
            PcmAudio said = synthesizer.synthesize("photo");
            microphones.hear(said);

            // Gather the front microphone's frames until half a second of silence, as the word spotting does
            SilenceDetector detector = new SilenceDetector(300, Duration.ofMillis(500), SimulatedMicrophones.FRAME);
            List<Short> heard = new ArrayList<>();
            do {
                microphones.advance();
                for (int i = 0; i < SimulatedMicrophones.FRAME_SAMPLES; i++) {
                    heard.add(microphones.sample(Microphone.FRONT, i));
                }
            } while (!detector.offer(microphones.energies()) && heard.size() < 5 * MoonshineRecognizer.SAMPLE_RATE);
            short[] samples = new short[heard.size()];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = heard.get(i);
            }
            PcmAudio recording = new PcmAudio(MoonshineRecognizer.SAMPLE_RATE, samples);
            Recognition recognition = recognizer.recognize(recording, COMMANDS, 0.2);

            double recorded = recording.durationSeconds();
            assertTrue(recorded > 0.5 && recorded <= said.durationSeconds() + 0.5 + 0.02,
                    recorded + " s recorded for " + said.durationSeconds() + " s said");
            assertEquals(Optional.of("photo"), recognition.word(), recognition.toString());
        }
    }
}
