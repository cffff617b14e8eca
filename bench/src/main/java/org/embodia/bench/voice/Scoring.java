package org.embodia.bench.voice;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The bench's ground truth and how a recognizer's outcome on it is scored. */
final class Scoring {
    /** The apps' keywords (dynamic-agents/{greeter,photographer,walker}/bnd.bnd, RAPP-App-Keywords), to their app. */
    static final Map<String, String> APP_BY_KEYWORD = Map.of("hello", "greeter", "greet", "greeter", "photo",
            "photographer", "picture", "photographer", "walk", "walker");
    /**
     * What cs's listen spots: the configured dictionary (nao-agent-sim's nao-sim.json: Long, Abort) and the apps'
     * keywords, lower case.
     */
    static final Set<String> KEYWORDS = Set.of("long", "abort", "hello", "greet", "photo", "picture", "walk");

    enum Kind {
        /** One word of {@link #KEYWORDS}. */
        KEYWORD,
        /** One word that is none of them. */
        OTHER,
        /** A long command naming one app. */
        LONG_APP,
        /** A long command naming none. */
        LONG_NONE
    }

    /** @param expected the keyword (KEYWORD) or the app (LONG_APP), else null */
    record Utterance(String id, String voice, String condition, Kind kind, String text, String expected, Path file) {
        boolean isLong() {
            return kind == Kind.LONG_APP || kind == Kind.LONG_NONE;
        }
    }

    /** A word a recognizer reports, with its confidence in [0, 1] (1 when it gives none). */
    record Hit(String word, double confidence) {
    }

    /** The words reported in time order and the time the recognizer took. */
    record Outcome(List<Hit> hits, double millis) {
    }

    /**
     * One voice × condition (or any group of utterances).
     *
     * @param keywordAccuracy of KEYWORD utterances, the share whose accepted word is the one spoken
     * @param falseAccept of OTHER and LONG_NONE utterances, the share in which a keyword (OTHER) or an app's keyword
     *        (LONG_NONE) was accepted
     * @param longCorrect of LONG_APP utterances, the share resolved to their app
     * @param wrongApp of all long commands, the share resolved to an app they do not name
     */
    record Cell(int n, double keywordAccuracy, double falseAccept, double longCorrect, double wrongApp, double p50,
            double p99) {
        /** What the threshold selection maximizes: the three rates weighed alike. */
        double objective() {
            return keywordAccuracy + longCorrect - falseAccept - wrongApp;
        }
    }

    private Scoring() {
    }

    /** The first word accepted (confidence ≥ threshold) that is a keyword, or null: cs's recog_word. */
    static String spotted(Outcome o, double threshold) {
        for (Hit h : o.hits()) {
            if (h.confidence() >= threshold && KEYWORDS.contains(h.word())) {
                return h.word();
            }
        }
        return null;
    }

    /**
     * The one app whose keywords the accepted words hold, or null if none or two apps: cs's getAppName over a sentence
     * (interpret_long).
     */
    static String app(Outcome o, double threshold) {
        String app = null;
        for (Hit h : o.hits()) {
            String named = h.confidence() >= threshold ? APP_BY_KEYWORD.get(h.word()) : null;
            if (named != null) {
                if (app != null && !app.equals(named)) {
                    return null;
                }
                app = named;
            }
        }
        return app;
    }

    /** Scores the utterances that have an outcome, words and sentences at one threshold. */
    static Cell score(Collection<Utterance> utterances, Map<String, Outcome> outcomes, double threshold) {
        return score(utterances, outcomes, threshold, threshold);
    }

    /** Scores the utterances that have an outcome: words at {@code threshold}, long commands at the other. */
    static Cell score(Collection<Utterance> utterances, Map<String, Outcome> outcomes, double threshold,
            double sentenceThreshold) {
        int keywords = 0, correct = 0, negatives = 0, accepted = 0, appCommands = 0, resolved = 0, longs = 0,
                wrong = 0, n = 0;
        double[] times = new double[utterances.size()];
        for (Utterance u : utterances) {
            Outcome o = outcomes.get(u.id());
            if (o == null) {
                continue;
            }
            times[n++] = o.millis();
            switch (u.kind()) {
                case KEYWORD -> {
                    keywords++;
                    correct += u.expected().equals(spotted(o, threshold)) ? 1 : 0;
                }
                case OTHER -> {
                    negatives++;
                    accepted += spotted(o, threshold) != null ? 1 : 0;
                }
                case LONG_APP -> {
                    appCommands++;
                    longs++;
                    String app = app(o, sentenceThreshold);
                    resolved += u.expected().equals(app) ? 1 : 0;
                    wrong += app != null && !app.equals(u.expected()) ? 1 : 0;
                }
                case LONG_NONE -> {
                    negatives++;
                    longs++;
                    boolean any = app(o, sentenceThreshold) != null;
                    accepted += any ? 1 : 0;
                    wrong += any ? 1 : 0;
                }
            }
        }
        double[] sorted = Arrays.copyOf(times, n);
        Arrays.sort(sorted);
        return new Cell(n, share(correct, keywords), share(accepted, negatives), share(resolved, appCommands),
                share(wrong, longs), percentile(sorted, 0.50), percentile(sorted, 0.99));
    }

    /**
     * The voice path's targets (issue "a voice path that understands voices it was not tuned to"): at least 90 % of
     * the keywords of clean speech right on every voice, 75 % over the 10 dB conditions, no wrong app started.
     *
     * @param worstCleanVoice the least clean keyword accuracy of a voice
     * @param at10dB the keyword accuracy over the conditions at 10 dB SNR, all voices
     * @param wrongApps the long commands resolved to an app they do not name
     */
    record Targets(double worstCleanVoice, double at10dB, int wrongApps) {
        static final double CLEAN = 0.90;
        static final double NOISY = 0.75;

        boolean met() {
            return worstCleanVoice >= CLEAN && at10dB >= NOISY && wrongApps == 0;
        }
    }

    /** The targets over the utterances that have an outcome, words at {@code threshold}, long commands at the other. */
    static Targets targets(Collection<Utterance> utterances, Map<String, Outcome> outcomes, double threshold,
            double sentenceThreshold) {
        double worst = Double.NaN;
        for (String voice : utterances.stream().map(Utterance::voice).distinct().toList()) {
            double clean = score(utterances.stream().filter(u -> u.voice().equals(voice)
                    && u.condition().equals("clean")).toList(), outcomes, threshold, sentenceThreshold)
                    .keywordAccuracy();
            worst = Double.isNaN(worst) || clean < worst ? clean : worst;
        }
        double noisy = score(utterances.stream().filter(u -> u.condition().endsWith("10")).toList(), outcomes,
                threshold, sentenceThreshold).keywordAccuracy();
        int wrong = 0;
        for (Utterance u : utterances) {
            Outcome o = outcomes.get(u.id());
            if (o != null && u.isLong()) {
                String app = app(o, sentenceThreshold);
                wrong += app != null && !app.equals(u.expected()) ? 1 : 0;
            }
        }
        return new Targets(worst, noisy, wrong);
    }

    private static double share(int count, int of) {
        return of == 0 ? Double.NaN : (double) count / of;
    }

    /** Nearest rank: the least sample that a share q of them do not exceed; NaN for none. */
    static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }
}
