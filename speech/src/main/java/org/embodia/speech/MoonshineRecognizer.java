package org.embodia.speech;

import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;

/**
 * Recognition with Moonshine tiny [MOONSHINE], an English speech-to-text transformer trained on far more speakers than
 * Sphinx4's en-us model, run by ONNX Runtime on one thread. Its encoder reads the raw 16 kHz samples; its decoder
 * writes SentencePiece tokens, each with a probability over the whole vocabulary, so every word it writes carries a
 * posterior against every other word it could have written there.
 *
 * <p>{@link #recognize} spots one word of a vocabulary (NAO's word spotting, receptor behaviour "recog" of [RAPP]
 * §3.3.5, which the robot does with {@link KeywordSpotter}, of which {@link #spot} is one part): the decoder scores
 * each word said alone against the audio, and against what it writes when made to write something (another word or a
 * sentence, for other speech; for silence, a guess it gives as little probability as the words); the confidence is
 * the word's share of their probabilities, the words weighed by a prior for a command. {@link #recognizeWords} writes
 * a sentence freely and keeps the vocabulary's words, each rated by the probability of its tokens (the RAPP
 * Platform's recognition of a long command, §3.8.5).
 *
 * <p>The methods are synchronized: one decoder serves all callers, one utterance at a time.
 */
public final class MoonshineRecognizer implements AutoCloseable {
    public static final int SAMPLE_RATE = 16_000;

    private static final String MODEL = "moonshine/";
    private static final int START = 1;
    private static final int END = 2;
    /**
     * The prior log-odds of a word of the vocabulary over anything else, in nats, in {@link #recognize}: the best of 0,
     * 2, 4, 6 and 8 on FreeTTS's voices at threshold 0.3, cs's when the robot spotted words with Moonshine alone
     * ({@code ./embodia bench voice}, BENCHMARKS.md).
     */
    public static final double KEYWORD_BIAS = 4;
    /** moonshine-js's cap: 6 tokens a second of audio (speech runs at 2 to 4 words a second). */
    private static final double TOKENS_PER_SECOND = 6;

    private final OrtEnvironment environment;
    private final OrtSession encoder;
    private final OrtSession decoder;
    private final TokenPieces pieces;
    /** The decoder's layers, and the heads and size of its keys and values: read off its inputs. */
    private final int layers;
    private final long[] emptyPastShape;

    /** Loads the model (a second or two) from this bundle. */
    public MoonshineRecognizer() throws IOException {
        environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            // One thread: the robot's real-time loops own the other core.
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            encoder = environment.createSession(resource("encoder_model.onnx"), options);
            decoder = environment.createSession(resource("decoder_model_merged.onnx"), options);
            var past = decoder.getInputInfo().get("past_key_values.0.decoder.key");
            if (past == null) {
                throw new IOException("Moonshine's decoder takes no past_key_values.0.decoder.key");
            }
            long[] shape = ((TensorInfo) past.getInfo()).getShape();
            emptyPastShape = new long[] {1, shape[1], 0, shape[3]};
            layers = (int) decoder.getInputNames().stream().filter(n -> n.endsWith(".decoder.key")).count();
        } catch (OrtException e) {
            throw new IOException("ONNX Runtime could not load Moonshine's model", e);
        }
        try (InputStream in = MoonshineRecognizer.class.getResourceAsStream(MODEL + "llama-tokenizer.js")) {
            if (in == null) {
                throw new IOException("the bundle holds no " + MODEL + "llama-tokenizer.js");
            }
            pieces = TokenPieces.read(in);
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = MoonshineRecognizer.class.getResourceAsStream(MODEL + name)) {
            if (in == null) {
                throw new IOException("the bundle holds no " + MODEL + name);
            }
            return in.readAllBytes();
        }
    }

    /**
     * Spots which word of the vocabulary the utterance holds: {@link #spot} rated with {@link #KEYWORD_BIAS}.
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words in any letter case; the result spells them as given
     * @param threshold in [0, 1]: a confidence under it gives an empty {@link Recognition#word()}
     * @throws IllegalArgumentException if the vocabulary is empty, the audio not 16 kHz or the threshold outside [0, 1]
     */
    public Recognition recognize(PcmAudio utterance, Collection<String> vocabulary, double threshold) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the threshold must be in [0, 1], got " + threshold);
        }
        return spot(utterance, vocabulary).recognition(KEYWORD_BIAS, threshold);
    }

    /**
     * What the decoder makes of the utterance as one word of the vocabulary: each word's log-probability said alone
     * (as " Word." or " word.", or as the decoder wrote it when free and wrote just that word), and that of what it
     * writes when free but made to write something, if that is no word of the vocabulary.
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words in any letter case; the result spells them as given
     * @throws IllegalArgumentException if the vocabulary is empty or the audio not 16 kHz
     */
    public synchronized Spotting spot(PcmAudio utterance, Collection<String> vocabulary) {
        checkRate(utterance);
        Map<String, String> spellings = spellings(vocabulary);
        try (OrtSession.Result encoded = encode(utterance)) {
            OnnxTensor hidden = (OnnxTensor) encoded.get(0);
            // Each distinct token sequence once: the same tokens are one hypothesis, however reached.
            Map<List<Integer>, Double> scored = new HashMap<>();
            Map<String, Double> words = new LinkedHashMap<>();
            for (String word : spellings.values()) {
                for (List<Integer> tokens : saidAlone(word)) {
                    if (!scored.containsKey(tokens)) {
                        double logProbability = logProbability(hidden, tokens);
                        scored.put(tokens, logProbability);
                        words.merge(word, logProbability, MoonshineRecognizer::logSum);
                    }
                }
            }
            // Made to write something: for a short word the decoder often ends at once, which says nothing of which
            // word it was; the vocabulary's words are all something too.
            Decoded free = decode(hidden, maxTokens(utterance), true);
            double other = Double.NEGATIVE_INFINITY;
            if (!scored.containsKey(free.tokens())) {
                List<HeardWord> written = written(free);
                String said = written.size() == 1 ? spellings.get(key(written.get(0).word())) : null;
                if (said != null) {
                    words.merge(said, free.logProbability(), MoonshineRecognizer::logSum);
                } else {
                    other = free.logProbability();
                }
            }
            return new Spotting(Map.copyOf(words), other);
        } catch (OrtException e) {
            throw new IllegalStateException("Moonshine failed on the utterance", e);
        }
    }

    /**
     * What the decoder's own language model gives each word said alone, with no audio to go by: the log-probability of
     * the word as {@link #spot} scores it, with the encoder's states all zero (internal language model estimation). A
     * word the language model finds rare loses against a common near-homophone however it was said ("greet" against
     * "Great."); {@code ./embodia bench voice} weighs this prior out of the spotting's scores to measure that.
     *
     * @param vocabulary words in any letter case; the result spells them as given
     * @throws IllegalArgumentException if the vocabulary is empty
     */
    public synchronized Map<String, Double> priors(Collection<String> vocabulary) {
        Map<String, String> spellings = spellings(vocabulary);
        try (OrtSession.Result encoded = encode(PcmAudio.silence(SAMPLE_RATE, 1))) {
            long[] shape = ((TensorInfo) encoded.get(0).getInfo()).getShape();
            try (OnnxTensor zero = OnnxTensor.createTensor(environment,
                    FloatBuffer.allocate((int) (shape[0] * shape[1] * shape[2])), shape)) {
                Map<String, Double> priors = new LinkedHashMap<>();
                for (String word : spellings.values()) {
                    double logProbability = Double.NEGATIVE_INFINITY;
                    for (List<Integer> tokens : saidAlone(word)) {
                        logProbability = logSum(logProbability, logProbability(zero, tokens));
                    }
                    priors.put(word, logProbability);
                }
                return Map.copyOf(priors);
            }
        } catch (OrtException e) {
            throw new IllegalStateException("Moonshine failed on the empty input", e);
        }
    }

    /** The word said alone as the decoder writes it: " Word." or " word.", each spelling's tokens once. */
    private List<List<Integer>> saidAlone(String word) {
        String lower = word.strip().toLowerCase(Locale.ROOT);
        return Stream.of(" " + capitalized(lower) + ".", " " + lower + ".").map(pieces::encode).distinct().toList();
    }

    /**
     * The decoder's view of an utterance as one word of a vocabulary.
     *
     * @param words each word of the vocabulary, as the caller spelled it, and its log-probability
     * @param other the log-probability of what the decoder writes when free, if that is no word of the vocabulary;
     *        -Infinity if it is one
     */
    public record Spotting(Map<String, Double> words, double other) {
        /**
         * The likeliest word, and its share of the probability of all hypotheses, each word's weighed by
         * exp(bias): the prior odds of a command over anything else, for a robot that listens for commands.
         */
        public Recognition recognition(double bias, double threshold) {
            String best = null;
            for (var e : words.entrySet()) {
                if (best == null || e.getValue() > words.get(best)) {
                    best = e.getKey();
                }
            }
            if (best == null) {
                return new Recognition(Optional.empty(), 0, threshold);
            }
            double total = Double.NEGATIVE_INFINITY;
            for (double logProbability : words.values()) {
                total = logSum(total, logProbability + bias);
            }
            total = logSum(total, other);
            return new Recognition(Optional.of(best), Math.exp(words.get(best) + bias - total), threshold);
        }
    }

    private static double logSum(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        double max = Math.max(a, b);
        return max + Math.log(Math.exp(a - max) + Math.exp(b - max));
    }

    /**
     * Writes the utterance freely and keeps the words of the vocabulary, in order, each with the probability the
     * decoder gave its tokens (punctuation left out).
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words in any letter case; the result spells them as given
     * @throws IllegalArgumentException if the vocabulary is empty or the audio not 16 kHz
     */
    public synchronized List<HeardWord> recognizeWords(PcmAudio utterance, Collection<String> vocabulary) {
        checkRate(utterance);
        Map<String, String> spellings = spellings(vocabulary);
        try (OrtSession.Result encoded = encode(utterance)) {
            Decoded free = decode((OnnxTensor) encoded.get(0), maxTokens(utterance), false);
            List<HeardWord> heard = new ArrayList<>();
            for (HeardWord word : written(free)) {
                String spelling = spellings.get(key(word.word()));
                if (spelling != null) {
                    heard.add(new HeardWord(spelling, word.confidence()));
                }
            }
            return List.copyOf(heard);
        } catch (OrtException e) {
            throw new IllegalStateException("Moonshine failed on the utterance", e);
        }
    }

    private static void checkRate(PcmAudio utterance) {
        if (utterance.sampleRate() != SAMPLE_RATE) {
            throw new IllegalArgumentException("Moonshine is for " + SAMPLE_RATE + " Hz audio, this is "
                    + utterance.sampleRate() + " Hz");
        }
    }

    /** {@link #key} of each word to the caller's spelling, in the caller's order. */
    private static Map<String, String> spellings(Collection<String> vocabulary) {
        if (vocabulary.isEmpty()) {
            throw new IllegalArgumentException("the vocabulary is empty");
        }
        Map<String, String> spellings = new LinkedHashMap<>();
        for (String word : vocabulary) {
            spellings.putIfAbsent(key(word), word);
        }
        return spellings;
    }

    /** A word as it is matched: lower case, its letters, digits and apostrophes ("Good-bye" is "goodbye"). */
    private static String key(String word) {
        StringBuilder key = new StringBuilder();
        word.strip().toLowerCase(Locale.ROOT).codePoints()
                .filter(c -> Character.isLetterOrDigit(c) || c == '\'')
                .forEach(key::appendCodePoint);
        return key.toString();
    }

    private static String capitalized(String word) {
        return word.isEmpty() ? word : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }

    private static int maxTokens(PcmAudio utterance) {
        return Math.max(1, (int) (utterance.samples().length / (double) SAMPLE_RATE * TOKENS_PER_SECOND));
    }

    private OrtSession.Result encode(PcmAudio utterance) throws OrtException {
        short[] samples = utterance.samples();
        float[] audio = new float[samples.length];
        for (int i = 0; i < samples.length; i++) {
            audio[i] = samples[i] / 32768f;
        }
        try (OnnxTensor input = OnnxTensor.createTensor(environment, FloatBuffer.wrap(audio),
                new long[] {1, audio.length})) {
            return encoder.run(Map.of("input_values", input));
        }
    }

    /** Tokens the decoder wrote (the end token left out) and the log-probability of each, the end's last. */
    private record Decoded(List<Integer> tokens, List<Double> logProbabilities) {
        double logProbability() {
            return logProbabilities.stream().mapToDouble(Double::doubleValue).sum();
        }
    }

    /** Greedy decoding, the past keys and values carried from step to step as moonshine-js does. */
    private Decoded decode(OnnxTensor hidden, int maxTokens, boolean something) throws OrtException {
        List<Integer> tokens = new ArrayList<>();
        List<Double> logProbabilities = new ArrayList<>();
        OrtSession.Result first = null;
        OrtSession.Result previous = null;
        List<OnnxTensor> created = new ArrayList<>();
        try {
            int next = START;
            for (int step = 0; step < maxTokens; step++) {
                Map<String, OnnxTensor> inputs = inputs(new long[] {next}, hidden, step > 0, created);
                for (int layer = 0; step > 0 && layer < layers; layer++) {
                    for (String kind : List.of("key", "value")) {
                        // The decoder's own past grows a token a step; the cross-attention's is the first step's.
                        String self = layer + ".decoder." + kind;
                        String cross = layer + ".encoder." + kind;
                        inputs.put("past_key_values." + self, (OnnxTensor) previous.get("present." + self).orElseThrow());
                        inputs.put("past_key_values." + cross, (OnnxTensor) first.get("present." + cross).orElseThrow());
                    }
                }
                OrtSession.Result result = decoder.run(inputs);
                float[] logits = lastLogits(result);
                int best = argMax(logits, something && step == 0 ? END : -1);
                logProbabilities.add(logSoftmax(logits, best));
                if (previous != null && previous != first) {
                    previous.close();
                }
                if (first == null) {
                    first = result;
                }
                previous = result;
                if (best == END) {
                    break;
                }
                tokens.add(best);
                next = best;
            }
            return new Decoded(List.copyOf(tokens), List.copyOf(logProbabilities));
        } finally {
            if (previous != null && previous != first) {
                previous.close();
            }
            if (first != null) {
                first.close();
            }
            created.forEach(OnnxTensor::close);
        }
    }

    /** The log-probability that the decoder writes these tokens, then ends, for the audio: one pass, no cache. */
    private double logProbability(OnnxTensor hidden, List<Integer> tokens) throws OrtException {
        long[] ids = new long[tokens.size() + 1];
        ids[0] = START;
        for (int i = 0; i < tokens.size(); i++) {
            ids[i + 1] = tokens.get(i);
        }
        List<OnnxTensor> created = new ArrayList<>();
        try (OrtSession.Result result = decoder.run(inputs(ids, hidden, false, created))) {
            FloatBuffer logits = ((OnnxTensor) result.get("logits").orElseThrow()).getFloatBuffer();
            int size = logits.capacity() / ids.length;
            float[] row = new float[size];
            double sum = 0;
            for (int i = 0; i < ids.length; i++) {
                logits.position(i * size);
                logits.get(row);
                sum += logSoftmax(row, i + 1 < ids.length ? (int) ids[i + 1] : END);
            }
            return sum;
        } finally {
            created.forEach(OnnxTensor::close);
        }
    }

    /**
     * The decoder's inputs for token ids; without the cache, the past keys and values are empty (its first pass), with
     * it the caller puts in the last pass's. The tensors made here go into {@code created}, for the caller to close.
     */
    private Map<String, OnnxTensor> inputs(long[] ids, OnnxTensor hidden, boolean cache, List<OnnxTensor> created)
            throws OrtException {
        Map<String, OnnxTensor> inputs = new HashMap<>();
        inputs.put("input_ids", track(created, OnnxTensor.createTensor(environment, LongBuffer.wrap(ids),
                new long[] {1, ids.length})));
        inputs.put("encoder_hidden_states", hidden);
        inputs.put("use_cache_branch", track(created, OnnxTensor.createTensor(environment, new boolean[] {cache})));
        for (int layer = 0; !cache && layer < layers; layer++) {
            for (String part : List.of("decoder", "encoder")) {
                for (String kind : List.of("key", "value")) {
                    inputs.put("past_key_values." + layer + "." + part + "." + kind, track(created,
                            OnnxTensor.createTensor(environment, FloatBuffer.allocate(0), emptyPastShape)));
                }
            }
        }
        return inputs;
    }

    private static OnnxTensor track(List<OnnxTensor> created, OnnxTensor tensor) {
        created.add(tensor);
        return tensor;
    }

    private static float[] lastLogits(OrtSession.Result result) throws OrtException {
        FloatBuffer logits = ((OnnxTensor) result.get("logits").orElseThrow()).getFloatBuffer();
        float[] row = new float[logits.capacity()];
        logits.get(row);
        return row;
    }

    private static int argMax(float[] values) {
        return argMax(values, -1);
    }

    /** The index of the greatest value, the excluded index left out (-1: none). */
    private static int argMax(float[] values, int excluded) {
        int best = excluded == 0 ? 1 : 0;
        for (int i = best + 1; i < values.length; i++) {
            if (i != excluded && values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    private static double logSoftmax(float[] logits, int index) {
        float max = logits[argMax(logits)];
        double sum = 0;
        for (float v : logits) {
            sum += Math.exp(v - max);
        }
        return logits[index] - max - Math.log(sum);
    }

    /**
     * The words of what was written, as written, each with the product of the probabilities of its tokens that hold a
     * letter or digit: runs of tokens, each begun by a token that starts with a space; punctuation alone is no word.
     */
    private List<HeardWord> written(Decoded decoded) {
        List<HeardWord> words = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        double logProbability = 0;
        List<Integer> tokens = decoded.tokens();
        for (int i = 0; i <= tokens.size(); i++) {
            if (i == tokens.size() || (i > 0 && pieces.startsWord(tokens.get(i)))) {
                if (hasLetterOrDigit(text)) {
                    words.add(new HeardWord(text.toString().strip(), Math.exp(logProbability)));
                }
                text.setLength(0);
                logProbability = 0;
            }
            if (i < tokens.size()) {
                String piece = pieces.text(List.of(tokens.get(i)));
                text.append(piece);
                if (hasLetterOrDigit(piece)) {
                    logProbability += decoded.logProbabilities().get(i);
                }
            }
        }
        return words;
    }

    private static boolean hasLetterOrDigit(CharSequence text) {
        return text.codePoints().anyMatch(Character::isLetterOrDigit);
    }

    @Override
    public synchronized void close() {
        try {
            encoder.close();
            decoder.close();
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime could not release Moonshine's model", e);
        }
    }
}
