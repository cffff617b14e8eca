package org.embodia.rapp.store.api;

/**
 * A word the RAPP Platform's speech recognition heard in a long command, with its confidence in [0, 1]: how much
 * better the word explains its stretch of sound than any sequence of sounds, and an app's keyword also than its best
 * competitor among the other words.
 */
public record SpokenWord(String word, double confidence) {
}
