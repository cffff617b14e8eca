package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.embodia.rapp.store.api.SpokenWord;
import org.junit.jupiter.api.Test;

/** getAppName over the words the RAPP Platform heard and their confidence. */
class InterpretLongTest {
    private static final Map<String, String> APPS = Map.of("hello", "greeter", "greet", "greeter", "photo",
            "photographer", "walk", "walker");

    private static List<SpokenWord> words(Object... wordThenConfidence) {
        List<SpokenWord> words = new ArrayList<>();
        for (int i = 0; i < wordThenConfidence.length; i += 2) {
            words.add(new SpokenWord((String) wordThenConfidence[i], (Double) wordThenConfidence[i + 1]));
        }
        return words;
    }

    @Test
    void aKeywordHeardConfidentlyNamesItsApp() {
        assertEquals("walker", InterpretLong.appInSentence(words("please", 0.2, "Walk", 0.7), APPS, 0.4));
        assertEquals("greeter", InterpretLong.appInSentence(words("hello", 0.5, "greet", 0.9), APPS, 0.4));
    }

    @Test
    void aKeywordUnderTheThresholdNamesNothing() {
        assertEquals(CsMemory.ERROR, InterpretLong.appInSentence(words("walk", 0.39, "me", 0.9), APPS, 0.4));
        assertEquals(CsMemory.ERROR, InterpretLong.appInSentence(words(), APPS, 0.4));
    }

    @Test
    void keywordsOfTwoAppsNameNeither() {
        assertEquals(CsMemory.ERROR, InterpretLong.appInSentence(words("photo", 0.8, "walk", 0.6), APPS, 0.4));
        assertEquals("photographer", InterpretLong.appInSentence(words("photo", 0.8, "walk", 0.3), APPS, 0.4));
    }
}
