package org.embodia.speech;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Word spotting by Moonshine and Sphinx4 together, the robot's (NAO's word spotting, receptor behaviour "recog" of
 * [RAPP] §3.3.5). Each word of the vocabulary is scored by both: by Moonshine's {@link MoonshineRecognizer#spot}, less
 * a share of the word's prior in Moonshine's own language model ({@link MoonshineRecognizer#priors}), and by Sphinx4's
 * {@link SpeechRecognizer#rateAlone}. The two err apart: Moonshine, trained on many speakers, hears voices Sphinx4's
 * model was not made for, but its language model prefers common words to rare keywords ("greet" written "Great.");
 * Sphinx4 only weighs the sounds. {@link Fusion} says how the scores are combined.
 *
 * <p>Chosen by {@code ./embodia bench voice} on FreeTTS's voices and measured on espeak-ng's (BENCHMARKS.md "Voice"):
 * it spots more keywords of voices it was not tuned to than Moonshine alone, at about twice its false accepts and its
 * time a word.
 *
 * <p>The methods are synchronized: the two recognizers serve one utterance at a time.
 */
public final class KeywordSpotter implements AutoCloseable {
    private final MoonshineRecognizer moonshine;
    private final SpeechRecognizer sphinx4;
    private final Fusion fusion;
    /** The priors of the vocabulary last asked for: a vocabulary changes seldom, and its priors take a decoding. */
    private List<String> priorsOf = List.of();
    private Map<String, Double> priors = Map.of();

    /** Loads both recognizers' models (a few seconds), to combine their scores by {@code fusion}. */
    public KeywordSpotter(Fusion fusion) throws IOException {
        this.fusion = fusion;
        moonshine = new MoonshineRecognizer();
        try {
            sphinx4 = new SpeechRecognizer();
        } catch (IOException | RuntimeException e) {
            moonshine.close();
            throw e;
        }
    }

    /**
     * Spots which word of the vocabulary the utterance holds.
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words of the CMU en-us dictionary, in any letter case; the result spells them as given
     * @param threshold in [0, 1]: a confidence under it gives an empty {@link Recognition#word()}
     * @throws IllegalArgumentException naming the words that are not in the dictionary, or if the vocabulary is empty,
     *         the audio not 16 kHz or the threshold outside [0, 1]
     */
    public Recognition recognize(PcmAudio utterance, Collection<String> vocabulary, double threshold) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the threshold must be in [0, 1], got " + threshold);
        }
        return fusion.recognition(evidence(utterance, vocabulary), threshold);
    }

    /**
     * Both recognizers' scores of each word of the vocabulary, which {@link Fusion#recognition} combines.
     *
     * @throws IllegalArgumentException as {@link #recognize}
     */
    public synchronized Evidence evidence(PcmAudio utterance, Collection<String> vocabulary) {
        List<String> words = List.copyOf(vocabulary);
        sphinx4.checkVocabulary(words);
        if (!words.equals(priorsOf)) {
            priors = moonshine.priors(words);
            priorsOf = words;
        }
        return new Evidence(moonshine.spot(utterance, words), priors, sphinx4.rateAlone(utterance, words));
    }

    /** Whether the word, in any letter case, can be spotted: Sphinx4 has its pronunciation. */
    public boolean inDictionary(String word) {
        return sphinx4.inDictionary(word);
    }

    @Override
    public synchronized void close() {
        try {
            moonshine.close();
        } finally {
            sphinx4.close();
        }
    }

    /**
     * What the two recognizers make of an utterance, each map keyed by the vocabulary's words as spelled.
     *
     * @param moonshine Moonshine's spotting
     * @param priors each word's log-probability in Moonshine's language model alone
     * @param sphinx4 Sphinx4's confidence in each word alone against its free phone loop
     */
    public record Evidence(MoonshineRecognizer.Spotting moonshine, Map<String, Double> priors,
            Map<String, Double> sphinx4) {
    }

    /**
     * How the scores are combined. A word's command score is its Moonshine log-probability less
     * {@code languageModel} times its prior's excess over the vocabulary's mean prior, plus {@code bias}, the prior
     * log-odds of a command (nats). The word chosen has the most Moonshine posterior log-odds (against the other words
     * and what Moonshine writes when free) plus {@code choose} times Sphinx4's log-odds. It is accepted on
     * sigmoid({@code anyCommand} × the log-odds that any command was said + {@code sphinx4} × Sphinx4's log-odds of the
     * word), its confidence.
     */
    public record Fusion(double languageModel, double bias, double choose, double anyCommand, double sphinx4) {
        /**
         * The setting {@code ./embodia bench voice} chose on FreeTTS's voices for cs's dictionary and the apps'
         * keywords, over its grid (BENCHMARKS.md "Voice").
         */
        public static final Fusion CHOSEN = new Fusion(0.5, 8, 2, 0.5, 1);

        /** The word chosen and its confidence, empty when the vocabulary is. */
        public Recognition recognition(Evidence evidence, double threshold) {
            Map<String, Double> spotted = evidence.moonshine().words();
            List<String> words = evidence.sphinx4().keySet().stream().sorted()
                    .filter(w -> spotted.containsKey(w) && evidence.priors().containsKey(w)).toList();
            if (words.isEmpty()) {
                return new Recognition(Optional.empty(), 0, threshold);
            }
            double meanPrior = words.stream().mapToDouble(evidence.priors()::get).average().orElseThrow();
            double[] commands = new double[words.size()];
            for (int i = 0; i < commands.length; i++) {
                String word = words.get(i);
                commands[i] = spotted.get(word) - languageModel * (evidence.priors().get(word) - meanPrior) + bias;
            }
            double anyOfThem = logSumExp(commands, Double.NEGATIVE_INFINITY);
            double all = logSumExp(commands, evidence.moonshine().other());
            int best = 0;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < commands.length; i++) {
                double score = logit(Math.exp(commands[i] - all))
                        + choose * logit(evidence.sphinx4().get(words.get(i)));
                if (score > bestScore) {
                    bestScore = score;
                    best = i;
                }
            }
            double z = anyCommand * logit(Math.exp(anyOfThem - all))
                    + sphinx4 * logit(evidence.sphinx4().get(words.get(best)));
            return new Recognition(Optional.of(words.get(best)), 1 / (1 + Math.exp(-z)), threshold);
        }

        /** Log-odds, the probability kept off 0 and 1: a recognizer's certainty is not infinite evidence. */
        private static double logit(double p) {
            double q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
            return Math.log(q / (1 - q));
        }

        /** log(exp(extra) + the sum of exp(x) over xs), without overflow. */
        private static double logSumExp(double[] xs, double extra) {
            double top = extra;
            for (double x : xs) {
                top = Math.max(top, x);
            }
            double sum = Math.exp(extra - top);
            for (double x : xs) {
                sum += Math.exp(x - top);
            }
            return top + Math.log(sum);
        }
    }
}
