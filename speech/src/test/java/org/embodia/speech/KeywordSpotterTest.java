package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.embodia.speech.KeywordSpotter.Evidence;
import org.embodia.speech.KeywordSpotter.Fusion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The robot's word spotting, on espeak-ng's voices, which it was not chosen on. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeywordSpotterTest {
    /** cs's listen dictionary in nao-sim: nao-sim.json's words, then the example apps' keywords. */
    private static final List<String> DICTIONARY = List.of("Long", "Abort", "hello", "greet", "photo", "picture",
            "walk");
    /** cs's word-spotting threshold in nao-sim.json. */
    private static final double THRESHOLD = 0.2;

    private KeywordSpotter spotter;
    @TempDir
    Path work;

    @BeforeAll
    void load() throws IOException {
        spotter = new KeywordSpotter(Fusion.CHOSEN);
    }

    @AfterAll
    void free() {
        spotter.close();
    }

    @Test
    void espeakNgGreetIsSpottedWhereMoonshineAloneWritesAnotherWord() throws Exception {
        PcmAudio greet = Utterances.espeak(work, "en-us", "greet");
        Evidence evidence = spotter.evidence(greet, DICTIONARY);
        Recognition alone = evidence.moonshine().recognition(MoonshineRecognizer.KEYWORD_BIAS, THRESHOLD);
        assertNotEquals(Optional.of("greet"), alone.word(), "Moonshine alone (its language model hears \"Great.\")");
        Recognition r = spotter.recognize(greet, DICTIONARY, THRESHOLD);
        assertEquals(Optional.of("greet"), r.word(), r.toString());
    }

    @Test
    void espeakNgHelloIsSpotted() throws Exception {
        Recognition r = spotter.recognize(Utterances.espeak(work, "en+m3", "hello"), DICTIONARY, THRESHOLD);
        assertEquals(Optional.of("hello"), r.word(), r.toString());
    }

    @Test
    void silenceIsNoWord() {
        Recognition r = spotter.recognize(PcmAudio.silence(MoonshineRecognizer.SAMPLE_RATE, 1.5), DICTIONARY,
                THRESHOLD);
        assertEquals(Optional.empty(), r.word(), r.toString());
    }

    @Test
    void aWordOutsideTheDictionaryIsNotTakenForOne() throws Exception {
        Recognition r = spotter.recognize(Utterances.espeak(work, "en-us", "banana"), DICTIONARY, THRESHOLD);
        assertEquals(Optional.empty(), r.word(), r.toString());
    }

    @Test
    void underTheThresholdTheWordIsEmptyAndItsCandidateKept() throws Exception {
        Recognition r = spotter.recognize(Utterances.espeak(work, "en-us", "photo"), DICTIONARY, 1);
        assertEquals(Optional.of("photo"), r.candidate(), r.toString());
        assertEquals(Optional.empty(), r.word(), r.toString());
    }

    @Test
    void wordsSphinx4CannotSayAreRefusedByName() {
        PcmAudio silence = PcmAudio.silence(MoonshineRecognizer.SAMPLE_RATE, 1);
        String message = assertThrows(IllegalArgumentException.class,
                () -> spotter.recognize(silence, List.of("hello", "rtquiet"), THRESHOLD)).getMessage();
        assertTrue(message.contains("'rtquiet'"), message);
        assertThrows(IllegalArgumentException.class, () -> spotter.recognize(silence, DICTIONARY, 1.5));
    }

    /** Moonshine nearly even between two words, Sphinx4 sure of the second: the second is chosen. */
    @Test
    void sphinx4DecidesBetweenWordsMoonshineFindsAlike() {
        Evidence evidence = new Evidence(new MoonshineRecognizer.Spotting(Map.of("walk", -1.0, "water", -1.1), -3),
                Map.of("walk", -20.0, "water", -20.0), Map.of("walk", 0.1, "water", 0.9));
        Fusion fusion = new Fusion(0.5, 4, 2, 0.5, 1);
        Recognition r = fusion.recognition(evidence, THRESHOLD);
        assertEquals(Optional.of("water"), r.candidate(), r.toString());
        // sigmoid(0.5 logit(P(any word)) + 1 logit(0.9)), P(any word) = (e^3 + e^2.9) / (e^3 + e^2.9 + e^-3)
        double any = (Math.exp(3) + Math.exp(2.9)) / (Math.exp(3) + Math.exp(2.9) + Math.exp(-3));
        double z = 0.5 * Math.log(any / (1 - any)) + Math.log(0.9 / 0.1);
        assertEquals(1 / (1 + Math.exp(-z)), r.confidence(), 1e-9);
    }

    /** A word Moonshine's language model finds rare keeps a share of its lower prior back. */
    @Test
    void aShareOfTheLanguageModelsPriorIsTakenOut() {
        Evidence evidence = new Evidence(new MoonshineRecognizer.Spotting(Map.of("greet", -3.0, "hello", -1.0),
                Double.NEGATIVE_INFINITY), Map.of("greet", -50.0, "hello", -25.0), Map.of("greet", 0.5, "hello", 0.5));
        assertEquals(Optional.of("hello"), new Fusion(0, 0, 0, 1, 1).recognition(evidence, 0).candidate());
        assertEquals(Optional.of("greet"), new Fusion(0.5, 0, 0, 1, 1).recognition(evidence, 0).candidate());
    }
}
