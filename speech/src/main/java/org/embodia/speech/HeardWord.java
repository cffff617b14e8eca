package org.embodia.speech;

/**
 * A word of a recognized sentence and its confidence in [0, 1], as {@link SpeechRecognizer#recognize} rates a spotted
 * word.
 */
public record HeardWord(String word, double confidence) {
}
