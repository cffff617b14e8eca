package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The dictionary alone: which words the recognizer could say, in any letter case, and nothing that is no entry. */
class PronouncingDictionaryTest {
    @Test
    void wordsOfTheDictionaryAreKnownAndOthersNamedAsGiven() {
        PronouncingDictionary d = PronouncingDictionary.load();

        assertTrue(d.contains("hello"));
        assertTrue(d.contains(" Walk "), "letter case and blanks around it do not matter");
        assertTrue(d.contains("o'clock"));
        assertFalse(d.contains("rtquiet"));
        assertFalse(d.contains("take photo"), "two words are no entry");
        assertFalse(d.contains(""));
        assertEquals(List.of("Rt-Quiet", "xqzzy"), d.unknown(List.of("photo", "Rt-Quiet", "HELLO", "xqzzy")));
    }
}
