package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SpeechSynthesizerTest {
    private static SpeechSynthesizer synthesizer;

    @BeforeAll
    static void loadVoices() {
        synthesizer = new SpeechSynthesizer();
    }

    @AfterAll
    static void freeVoices() {
        synthesizer.close();
    }

    static double rms(PcmAudio audio) {
        double sum = 0;
        for (int i = 0; i < audio.length(); i++) {
            sum += (double) audio.sample(i) * audio.sample(i);
        }
        return Math.sqrt(sum / audio.length());
    }

    @Test
    void helloIsHalfASecondOfSixteenKilohertzSpeech() {
        PcmAudio hello = synthesizer.synthesize("hello");

        assertEquals(16_000, hello.sampleRate());
        assertTrue(hello.durationSeconds() > 0.4 && hello.durationSeconds() < 1.5, hello.toString());
        assertTrue(rms(hello) > 500, "speech, not silence: RMS " + rms(hello));
    }

    @Test
    void aSentenceLastsLongerThanAWord() {
        double word = synthesizer.synthesize("hello").durationSeconds();
        double sentence = synthesizer.synthesize("hello, I am a robot and I can walk").durationSeconds();

        assertTrue(sentence > 3 * word, sentence + " s against " + word + " s");
    }

    @Test
    void theKevinVoiceSpeaksAtEightKilohertz() {
        assertEquals(Set.of("kevin", "kevin16"), synthesizer.voiceNames());
        assertEquals(8_000, synthesizer.synthesize("hello", "kevin").sampleRate());
    }

    @Test
    void emptyTextIsRefused() {
        for (String text : new String[] {"", "   ", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> synthesizer.synthesize(text));
            assertTrue(e.getMessage().contains("empty"), e.getMessage());
        }
    }

    @Test
    void textWithNothingToPronounceIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> synthesizer.synthesize("!!!"));

        assertTrue(e.getMessage().contains("nothing to pronounce"), e.getMessage());
    }

    @Test
    void anUnknownVoiceIsNamedWithTheVoicesThereAre() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> synthesizer.synthesize("hello", "alan"));

        assertTrue(e.getMessage().contains("'alan'") && e.getMessage().contains("kevin16"), e.getMessage());
    }
}
