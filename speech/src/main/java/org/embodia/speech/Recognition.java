package org.embodia.speech;

import java.util.Optional;

/**
 * The outcome of word spotting: the vocabulary word that best explains the utterance (none if the decoder found no
 * path), its confidence in [0, 1], and the caller's threshold.
 */
public record Recognition(Optional<String> candidate, double confidence, double threshold) {

    /** The word heard, or empty when the confidence is under the threshold (spec 3.3.5: the result is then Empty). */
    public Optional<String> word() {
        return candidate.filter(word -> confidence >= threshold);
    }
}
