package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** rw = [(recog_word, recog_prob), ...]: what the speech recognition heard, most probable first. */
public final class RecognizedWords implements Message<RecognizedWords> {
    /** The most pairs a result may hold. */
    public static final int CAPACITY = 16;

    /** recog_word: the recognized words, valid up to {@link #count}. */
    public final String[] recogWord = new String[CAPACITY];
    /** recog_prob: the probability that each word was recognized correctly, 0.0 to 1.0. */
    public final double[] recogProb = new double[CAPACITY];
    public int count;

    public void clear() {
        count = 0;
    }

    /**
     * Appends a pair.
     *
     * @throws IllegalStateException when the list already holds {@link #CAPACITY} pairs
     */
    public void add(String word, double probability) {
        if (count == CAPACITY) {
            throw new IllegalStateException("a recognition result holds at most " + CAPACITY + " words; cannot add \"" + word + "\"");
        }
        recogWord[count] = word;
        recogProb[count] = probability;
        count++;
    }

    @Override
    public void copyFrom(RecognizedWords r) {
        System.arraycopy(r.recogWord, 0, recogWord, 0, r.count);
        System.arraycopy(r.recogProb, 0, recogProb, 0, r.count);
        count = r.count;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ", ").append('(').append(recogWord[i]).append(", ").append(recogProb[i]).append(')');
        }
        return s.append(']').toString();
    }
}
