package org.embodia.bench.voice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.bench.voice.Scoring.Cell;
import org.embodia.bench.voice.Scoring.Hit;
import org.embodia.bench.voice.Scoring.Kind;
import org.embodia.bench.voice.Scoring.Outcome;
import org.embodia.bench.voice.Scoring.Utterance;
import org.junit.jupiter.api.Test;

/** How outcomes become the table's rates. */
class ScoringTest {
    @Test
    void theFirstAcceptedKeywordIsTheWordHeardAndTheOneAppNamedTheApp() {
        Outcome o = new Outcome(List.of(new Hit("please", 1), new Hit("walk", 0.2), new Hit("long", 0.9),
                new Hit("photo", 0.8)), 1);
        assertEquals("walk", Scoring.spotted(o, 0.1));
        assertEquals("long", Scoring.spotted(o, 0.3));
        assertNull(Scoring.app(o, 0.1), "walk and photo name two apps");
        assertEquals("photographer", Scoring.app(o, 0.3), "long is cs's word, no app's keyword");
        assertNull(Scoring.app(o, 0.95));
    }

    @Test
    void ratesCountEachKindAgainstItsOwnUtterances() {
        List<Utterance> set = List.of(u("k1", Kind.KEYWORD, "hello"), u("k2", Kind.KEYWORD, "walk"),
                u("o1", Kind.OTHER, null), u("o2", Kind.OTHER, null), u("l1", Kind.LONG_APP, "photographer"),
                u("l2", Kind.LONG_APP, "walker"), u("n1", Kind.LONG_NONE, null), u("n2", Kind.LONG_NONE, null));
        Map<String, Outcome> outcomes = Map.of(
                "k1", o(10, "hello"), "k2", o(20, "photo"),
                "o1", o(30), "o2", o(40, "abort"),
                "l1", o(50, "take", "photo"), "l2", o(60, "hello", "walk"),
                "n1", o(70, "what"), "n2", o(80, "long", "greet"));
        Cell c = Scoring.score(set, outcomes, 0.5);
        assertEquals(8, c.n());
        assertEquals(0.5, c.keywordAccuracy(), 1e-12);
        assertEquals(2.0 / 4, c.falseAccept(), 1e-12, "o2 (abort) and n2 (greet), of 2 words and 2 long commands");
        assertEquals(0.5, c.longCorrect(), 1e-12, "l1 resolved; l2 names two apps");
        assertEquals(1.0 / 4, c.wrongApp(), 1e-12, "n2 resolved to the greeter");
        assertEquals(40, c.p50());
        assertEquals(80, c.p99());
        assertEquals(0.5 + 0.5 - 0.5 - 0.25, c.objective(), 1e-12);
    }

    @Test
    void utterancesWithoutAnOutcomeAreLeftOutAndEmptyRatesAreNaN() {
        Cell c = Scoring.score(List.of(u("k1", Kind.KEYWORD, "hello")), Map.of(), 0.5);
        assertEquals(0, c.n());
        assertEquals(Double.NaN, c.keywordAccuracy());
        assertEquals(Double.NaN, c.p50());
    }

    @Test
    void percentilesAreNearestRank() {
        double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, Scoring.percentile(sorted, 0.5));
        assertEquals(10, Scoring.percentile(sorted, 0.99));
        assertEquals(1, Scoring.percentile(sorted, 0));
    }

    @Test
    void theTargetsAskEveryVoiceCleanAndAllVoicesAt10dB() {
        List<Utterance> set = List.of(u("a-c", "a", "clean", Kind.KEYWORD, "hello"),
                u("b-c", "b", "clean", Kind.KEYWORD, "walk"), u("a-n", "a", "white10", Kind.KEYWORD, "hello"),
                u("b-n", "b", "pink10", Kind.KEYWORD, "walk"), u("b-2", "b", "white20", Kind.KEYWORD, "walk"),
                u("a-l", "a", "clean", Kind.LONG_NONE, null));
        Map<String, Outcome> all = Map.of("a-c", o(1, "hello"), "b-c", o(1, "walk"), "a-n", o(1, "hello"),
                "b-n", o(1, "walk"), "b-2", o(1), "a-l", o(1, "what"));
        Scoring.Targets met = Scoring.targets(set, all, 0.5, 0.5);
        assertEquals(new Scoring.Targets(1, 1, 0), met);
        assertTrue(met.met(), "20 dB is no target");

        Map<String, Outcome> oneVoiceMisses = new HashMap<>(all);
        oneVoiceMisses.put("b-c", o(1));
        assertEquals(0, Scoring.targets(set, oneVoiceMisses, 0.5, 0.5).worstCleanVoice());
        assertFalse(Scoring.targets(set, oneVoiceMisses, 0.5, 0.5).met());

        Map<String, Outcome> wrongApp = new HashMap<>(all);
        wrongApp.put("a-l", o(1, "please", "walk"));
        assertEquals(1, Scoring.targets(set, wrongApp, 0.5, 0.5).wrongApps());
        assertFalse(Scoring.targets(set, wrongApp, 0.5, 0.5).met());
    }

    private static Utterance u(String id, Kind kind, String expected) {
        return u(id, "v", "clean", kind, expected);
    }

    private static Utterance u(String id, String voice, String condition, Kind kind, String expected) {
        return new Utterance(id, voice, condition, kind, id, expected, null);
    }

    private static Outcome o(double millis, String... words) {
        return new Outcome(java.util.Arrays.stream(words).map(w -> new Hit(w, 1)).toList(), millis);
    }
}
