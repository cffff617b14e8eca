package org.embodia.nao.cs;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@link CsConfig} checked: each bad value is named with what it must be. store is null when store_uri is empty: the
 * {@code RappStore} service's address is used then.
 */
record CsSettings(URI store, List<String> dictionary, double threshold, double sentenceThreshold, String language, Path recordings, double energy,
        double silenceTime, Duration callTimeout, Duration storeTimeout, Duration activateTimeout, Duration destroyTimeout, Duration idleLimit, Duration storeRetry) {

    static CsSettings of(CsConfig c) {
        URI store = null;
        try {
            // Empty: the RappStore service registered in the framework gives the address.
            if (c.store_uri() != null && !c.store_uri().isBlank()) {
                store = URI.create(c.store_uri());
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store.uri '" + c.store_uri() + "' is not a URI: " + e.getMessage());
        }
        List<String> dictionary = c.dictionary() == null ? List.of() : List.of(c.dictionary());
        if (!dictionary.contains(NaoCs.LONG) || !dictionary.contains(NaoCs.ABORT)) {
            throw new IllegalArgumentException("dictionary " + dictionary + " must hold " + NaoCs.LONG + " and "
                    + NaoCs.ABORT);
        }
        if (dictionary.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("dictionary " + dictionary + " holds an empty word");
        }
        if (!(c.threshold() >= 0 && c.threshold() <= 1)) {
            throw new IllegalArgumentException("threshold " + c.threshold() + " is outside [0, 1]");
        }
        if (!(c.sentence_threshold() >= 0 && c.sentence_threshold() <= 1)) {
            throw new IllegalArgumentException("sentence.threshold " + c.sentence_threshold() + " is outside [0, 1]");
        }
        if (c.language() == null || c.language().isBlank()) {
            throw new IllegalArgumentException("language is empty");
        }
        if (c.recording_path() == null || c.recording_path().isBlank()) {
            throw new IllegalArgumentException("recording.path is empty");
        }
        positive("energy", c.energy());
        // Absolute: rd and the agents' recordings are written by r_core,mic's real receptor, which takes a relative
        // path from its own output directory, and read back here.
        Path recordings = Path.of(c.recording_path()).toAbsolutePath().normalize();
        return new CsSettings(store, dictionary, c.threshold(), c.sentence_threshold(), c.language(), recordings, c.energy(),
                positive("silence.time", c.silence_time()), seconds("call.timeout", c.call_timeout()),
                seconds("store.timeout", c.store_timeout()), seconds("activate.timeout", c.activate_timeout()),
                seconds("destroy.timeout", c.destroy_timeout()), seconds("idle.limit", c.idle_limit()),
                seconds("store.retry", c.store_retry()));
    }

    private static double positive(String name, double value) {
        if (!(value > 0 && Double.isFinite(value))) {
            throw new IllegalArgumentException(name + " is " + value + "; it must be finite and positive");
        }
        return value;
    }

    static Duration seconds(String name, double value) {
        return Duration.ofNanos((long) (positive(name, value) * 1e9));
    }
}
