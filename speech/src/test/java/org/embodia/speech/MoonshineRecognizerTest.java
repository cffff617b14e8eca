package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Moonshine on speech of two synthesizers: FreeTTS's kevin16, and espeak-ng's American voice, which the recognizer was
 * never tried on before it was chosen (.ci/setup installs espeak-ng).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MoonshineRecognizerTest {
    private static final List<String> COMMANDS = List.of("hello", "goodbye", "robot");
    /** cs's word-spotting threshold in nao-sim. */
    private static final double THRESHOLD = 0.3;

    private SpeechSynthesizer synthesizer;
    private MoonshineRecognizer recognizer;
    @TempDir
    Path work;

    @BeforeAll
    void load() throws IOException {
        synthesizer = new SpeechSynthesizer();
        recognizer = new MoonshineRecognizer();
    }

    @AfterAll
    void free() {
        recognizer.close();
        synthesizer.close();
    }

    private static PcmAudio padded(PcmAudio speech) {
        return Utterances.padded(speech);
    }

    private PcmAudio espeak(String voice, String text) throws IOException, InterruptedException {
        return Utterances.espeak(work, voice, text);
    }

    @Test
    void freeTtsHelloIsSpotted() {
        Recognition r = recognizer.recognize(padded(synthesizer.synthesize("hello")), COMMANDS, THRESHOLD);
        assertEquals(Optional.of("hello"), r.word(), r.toString());
    }

    @Test
    void espeakNgHelloIsSpottedThoughNeverTunedTo() throws Exception {
        Recognition r = recognizer.recognize(espeak("en-us", "hello"), COMMANDS, THRESHOLD);
        assertEquals(Optional.of("hello"), r.word(), r.toString());
    }

    @Test
    void silenceIsNoWord() {
        Recognition r = recognizer.recognize(PcmAudio.silence(MoonshineRecognizer.SAMPLE_RATE, 1.5), COMMANDS,
                THRESHOLD);
        assertEquals(Optional.empty(), r.word(), r.toString());
        assertTrue(r.confidence() < THRESHOLD, r.toString());
    }

    @Test
    void aWordOutsideTheVocabularyIsNotTakenForOne() throws Exception {
        Recognition r = recognizer.recognize(espeak("en-us", "banana"), COMMANDS, THRESHOLD);
        assertEquals(Optional.empty(), r.word(), r.toString());
    }

    @Test
    void aSentenceKeepsTheVocabularysWordsEachRated() throws Exception {
        List<String> vocabulary = List.of("please", "take", "photo", "walk", "me");
        for (PcmAudio said : List.of(padded(synthesizer.synthesize("please take a photo of me")),
                espeak("en+m3", "please take a photo of me"))) {
            List<HeardWord> heard = recognizer.recognizeWords(said, vocabulary);
            List<String> words = heard.stream().map(HeardWord::word).toList();
            assertEquals(List.of("please", "take", "photo", "me"), words, heard.toString());
            HeardWord photo = heard.get(2);
            assertTrue(photo.confidence() > 0.5 && photo.confidence() <= 1, heard.toString());
        }
    }

    @Test
    void aGarbledCommandGivesNoConfidentKeyword() {
        // Tones and clicks, no speech: whatever the decoder writes for it, no app's keyword is confidently in it.
        short[] samples = new short[MoonshineRecognizer.SAMPLE_RATE * 2];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (short) (8000 * Math.sin(i * 0.05) * Math.sin(i * 0.0007) + (i % 997 == 0 ? 20000 : 0));
        }
        List<HeardWord> heard = recognizer.recognizeWords(new PcmAudio(MoonshineRecognizer.SAMPLE_RATE, samples),
                List.of("hello", "photo", "walk"));
        assertFalse(heard.stream().anyMatch(w -> w.confidence() >= 0.5), heard.toString());
    }

    @Test
    void aWordsConfidenceIsItsShareOfTheHypothesesWithTheCommandsPrior() {
        MoonshineRecognizer.Spotting spotting = new MoonshineRecognizer.Spotting(Map.of("hello", -1.0, "robot", -3.0),
                -2.0);
        double plain = Math.exp(-1) / (Math.exp(-1) + Math.exp(-3) + Math.exp(-2));
        Recognition even = spotting.recognition(0, 0.3);
        assertEquals(Optional.of("hello"), even.candidate());
        assertEquals(plain, even.confidence(), 1e-12);
        double weighed = Math.exp(3) / (Math.exp(3) + Math.exp(1) + Math.exp(-2));
        assertEquals(weighed, spotting.recognition(4, 0.3).confidence(), 1e-12);
        assertEquals(Optional.empty(), spotting.recognition(0, 0.9).word(), "under the threshold: Empty");
        assertEquals(1, new MoonshineRecognizer.Spotting(Map.of("hello", -5.0), Double.NEGATIVE_INFINITY)
                .recognition(0, 0.3).confidence(), 1e-12, "the free transcript was the word itself");
    }

    @Test
    void theLanguageModelsPriorFindsAGreetingWordRarerThanHello() {
        Map<String, Double> priors = recognizer.priors(List.of("Hello", "greet"));
        assertEquals(List.of("Hello", "greet"), priors.keySet().stream().sorted().toList(), "spelled as given");
        assertTrue(priors.values().stream().allMatch(p -> p < 0 && Double.isFinite(p)), priors.toString());
        // Without audio the decoder still prefers what its training text had more of: the cause of greet's misses.
        assertTrue(priors.get("Hello") > priors.get("greet") + 5, priors.toString());
        assertEquals(priors.get("Hello"), recognizer.priors(List.of("hello")).get("hello"), 1e-9,
                "a word's prior does not depend on its letter case");
        assertThrows(IllegalArgumentException.class, () -> recognizer.priors(List.of()));
    }

    @Test
    void badInputIsRefusedNamingWhatIsWrong() {
        PcmAudio audio = PcmAudio.silence(MoonshineRecognizer.SAMPLE_RATE, 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> recognizer.recognize(audio, List.of(), 0.3))
                .getMessage().contains("vocabulary is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> recognizer.recognize(audio, COMMANDS, Double.NaN)).getMessage().contains("threshold"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> recognizer.recognizeWords(PcmAudio.silence(8000, 1), COMMANDS)).getMessage()
                .contains("16000 Hz"));
    }
}
