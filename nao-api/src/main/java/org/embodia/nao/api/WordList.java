package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** dct: the words to be recognized (ALSpeechRecognition's vocabulary). */
public final class WordList implements Message<WordList> {
    /** The most words a vocabulary may hold. */
    public static final int CAPACITY = 64;

    /** The words, valid up to {@link #count}. */
    public final String[] words = new String[CAPACITY];
    public int count;

    public void clear() {
        count = 0;
    }

    /**
     * Appends a word.
     *
     * @throws IllegalStateException when the list already holds {@link #CAPACITY} words
     */
    public void add(String word) {
        if (count == CAPACITY) {
            throw new IllegalStateException("a vocabulary holds at most " + CAPACITY + " words; cannot add \"" + word + "\"");
        }
        words[count++] = word;
    }

    @Override
    public void copyFrom(WordList w) {
        System.arraycopy(w.words, 0, words, 0, w.count);
        count = w.count;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ", ").append(words[i]);
        }
        return s.append(']').toString();
    }
}
