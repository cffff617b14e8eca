package org.embodia.speech;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;

import edu.cmu.sphinx.decoder.search.Token;
import edu.cmu.sphinx.frontend.FrontEnd;
import edu.cmu.sphinx.frontend.util.StreamDataSource;
import edu.cmu.sphinx.jsgf.JSGFGrammar;
import edu.cmu.sphinx.jsgf.JSGFGrammarException;
import edu.cmu.sphinx.jsgf.JSGFGrammarParseException;
import edu.cmu.sphinx.linguist.acoustic.AcousticModel;
import edu.cmu.sphinx.linguist.dictionary.Dictionary;
import edu.cmu.sphinx.recognizer.Recognizer;
import edu.cmu.sphinx.result.Result;
import edu.cmu.sphinx.util.LogMath;
import edu.cmu.sphinx.util.props.ConfigurationManager;
import edu.cmu.sphinx.util.props.ConfigurationManagerUtils;

/**
 * Recognition with Sphinx4 and its bundled en-us acoustic model and CMU dictionary, under a JSGF grammar made of the
 * caller's vocabulary. {@link #recognize} spots one word (NAO's word spotting, receptor behaviour "recog" of [RAPP]
 * §3.3.5) and rates the word found against a free loop of phones decoded from the same audio; {@link #recognizeSentence}
 * decodes a sentence of any number of the vocabulary's words (the RAPP Platform's recognition of a long command,
 * §3.8.5).
 *
 * <p>The confidence is sigmoid(d / n): d sums, over the n frames the grammar path spends in the word, the word's
 * acoustic log-likelihood minus the phone loop's. It is the posterior of the word against "any sequence of sounds" with
 * even priors and per-frame likelihoods: near 0.5 or above when the word explains the audio as well as the free phones
 * do, near 0 when the audio holds something else. It does not measure how confusable two vocabulary words are.
 *
 * <p>Everything is loaded through this class's own class loader ("resource:" paths resolve against Sphinx4's classes),
 * never the thread context class loader, so it works the same inside an OSGi bundle.
 */
public final class SpeechRecognizer implements AutoCloseable {
    public static final int SAMPLE_RATE = 16_000;

    private static final String GRAMMAR_NAME = "vocabulary";
    /** One word of the vocabulary (the filler silences around it come with the grammar). */
    private static final String WORD = "<word> = %s";
    /** Any number of the vocabulary's words. */
    private static final String SENTENCE = "<sentence> = ( %s )+";
    /** Word spotting's noise floor, in 16-bit sample units (see withNoiseFloor). */
    private static final int NOISE_FLOOR = 256;
    private static final long NOISE_SEED = 1;

    private final Path grammarDirectory;
    private final ConfigurationManager components;
    private final PronouncingDictionary pronunciations;
    private final FrontEnd frontEnd;
    private final StreamDataSource audioSource;
    private final Recognizer phoneLoop;
    /** Allocated with the first vocabulary: allocation compiles the grammar, which must exist by then. */
    private Recognizer grammarRecognizer;
    /** The grammar last compiled: a new one only when the vocabulary or the rule changes. */
    private String grammarText = "";

    /** Loads the acoustic model and the dictionary (a second or two). */
    public SpeechRecognizer() throws IOException {
        grammarDirectory = Files.createTempDirectory("nao-speech-grammar");
        try {
            components = new ConfigurationManager(SpeechRecognizer.class.getResource("recognizer.config.xml"));
            ConfigurationManagerUtils.setProperty(components, "grammar", JSGFGrammar.PROP_BASE_GRAMMAR_URL,
                    grammarDirectory.toUri().toString());
            ConfigurationManagerUtils.setProperty(components, "grammar", JSGFGrammar.PROP_GRAMMAR_NAME, GRAMMAR_NAME);
            Dictionary dictionary = components.lookup("dictionary");
            dictionary.allocate();
            pronunciations = PronouncingDictionary.of(dictionary);
            // Before the phone loop: its linguist enumerates the model's phones as soon as it is configured.
            AcousticModel acousticModel = components.lookup("acousticModel");
            acousticModel.allocate();
            frontEnd = components.lookup("frontEnd");
            audioSource = components.lookup("audioSource");
            phoneLoop = components.lookup("phoneLoopRecognizer");
            phoneLoop.allocate();
        } catch (IOException | RuntimeException e) {
            try {
                deleteGrammarDirectory();
            } catch (UncheckedIOException cleanup) {
                e.addSuppressed(cleanup);
            }
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
    public synchronized Recognition recognize(PcmAudio utterance, Collection<String> vocabulary, double threshold) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the threshold must be in [0, 1], got " + threshold);
        }
        checkRate(utterance);
        Map<String, String> spellings = checkedVocabulary(vocabulary);
        useGrammar(List.copyOf(spellings.keySet()), WORD);

        byte[] pcm = PcmAudio.toLittleEndian(withNoiseFloor(utterance.samples()));
        Result inGrammar = decode(grammarRecognizer, pcm);
        Token wordPath = inGrammar == null ? null : inGrammar.getBestFinalToken();
        String heard = wordPath == null ? "" : inGrammar.getBestFinalResultNoFiller().trim();
        if (!spellings.containsKey(heard)) {
            return new Recognition(Optional.empty(), 0, threshold);
        }
        Result loop = decode(phoneLoop, pcm);
        List<Rated> rated = confidences(wordPath, inGrammar.getWordTokenFirst(),
                loop == null ? null : loop.getBestToken());
        double confidence = rated.isEmpty() ? 0 : rated.get(0).confidence();
        return new Recognition(Optional.of(spellings.get(heard)), confidence, threshold);
    }

    /**
     * For each word, {@link #recognize}'s confidence with that word alone as the vocabulary: how well the word, and no
     * other, explains the utterance against the free phone loop. The phone loop is decoded once for all the words.
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words of the CMU en-us dictionary, in any letter case; the result spells them as given
     * @return each word's confidence in [0, 1], 0 for a word the one-word grammar finds no path for
     * @throws IllegalArgumentException naming the words that are not in the dictionary, or if the vocabulary is empty
     *         or the audio not 16 kHz
     */
    public synchronized Map<String, Double> rateAlone(PcmAudio utterance, Collection<String> vocabulary) {
        checkRate(utterance);
        Map<String, String> spellings = checkedVocabulary(vocabulary);
        byte[] pcm = PcmAudio.toLittleEndian(withNoiseFloor(utterance.samples()));
        Token loopPath = null;
        boolean loopDecoded = false;
        Map<String, Double> rates = new LinkedHashMap<>();
        for (var spelling : spellings.entrySet()) {
            useGrammar(List.of(spelling.getKey()), WORD);
            Result inGrammar = decode(grammarRecognizer, pcm);
            Token wordPath = inGrammar == null ? null : inGrammar.getBestFinalToken();
            double confidence = 0;
            if (wordPath != null && inGrammar.getBestFinalResultNoFiller().trim().equals(spelling.getKey())) {
                if (!loopDecoded) {
                    Result loop = decode(phoneLoop, pcm);
                    loopPath = loop == null ? null : loop.getBestToken();
                    loopDecoded = true;
                }
                List<Rated> rated = confidences(wordPath, inGrammar.getWordTokenFirst(), loopPath);
                confidence = rated.isEmpty() ? 0 : rated.get(0).confidence();
            }
            rates.put(spelling.getValue(), confidence);
        }
        return Map.copyOf(rates);
    }

    /**
     * Recognizes a sentence made of the vocabulary's words, in any order and number, with optional silence between
     * them: the decoder's best path through the grammar {@code ( word | word | ... )+}.
     *
     * @param utterance 16 kHz mono audio
     * @param vocabulary words of the CMU en-us dictionary, in any letter case; the result spells them as given
     * @return the words heard in order; empty if no path through the grammar explains the audio (silence, noise)
     * @throws IllegalArgumentException naming the words that are not in the dictionary, or if the vocabulary is empty
     *         or the audio not 16 kHz
     */
    public List<String> recognizeSentence(PcmAudio utterance, Collection<String> vocabulary) {
        return recognizeWords(utterance, vocabulary, List.of()).stream().map(HeardWord::word).toList();
    }

    /**
     * {@link #recognizeSentence}, each word with a confidence in [0, 1]. A free decoding always finds some word of the
     * vocabulary in speech it has no word for, and only the confidence tells such a guess from a word that was said.
     * Every word is rated as {@link #recognize} rates a spotted word, against the free phone loop. A word of
     * {@code keywords} is also rated against its best competitor: the sentence is decoded again without it, and
     * 2 sigmoid(m) - 1 rates the margin m, per frame of the word, by which the path with it beats the best path without
     * it; its confidence is the lesser of the two. A word that merely sounds like the keyword ("what" heard as "walk")
     * loses little without the keyword, as the phone loop cannot tell.
     *
     * @param keywords words of the vocabulary (any letter case) to rate against their competitors too: one more
     *        decoding for each that is heard
     */
    public synchronized List<HeardWord> recognizeWords(PcmAudio utterance, Collection<String> vocabulary,
            Collection<String> keywords) {
        checkRate(utterance);
        Map<String, String> spellings = checkedVocabulary(vocabulary);
        List<String> entries = List.copyOf(spellings.keySet());
        useGrammar(entries, SENTENCE);
        byte[] pcm = utterance.toLittleEndian();
        Result result = decode(grammarRecognizer, pcm);
        Token sentencePath = result == null ? null : result.getBestFinalToken();
        if (sentencePath == null) {
            return List.of();
        }
        double score = LogMath.getLogMath().logToLn(sentencePath.getScore());
        Result loop = decode(phoneLoop, pcm);
        List<Rated> rated = confidences(sentencePath, result.getWordTokenFirst(),
                loop == null ? null : loop.getBestToken());
        Map<String, Double> against = new HashMap<>();
        for (String keyword : keywords) {
            String entry = keyword.strip().toLowerCase(Locale.ROOT);
            int frames = rated.stream().filter(r -> r.entry().equals(entry)).mapToInt(Rated::frames).sum();
            if (frames > 0 && entries.size() > 1) {
                against.put(entry, againstCompetitor(pcm, entries, entry, score, frames));
            }
        }
        List<HeardWord> words = new ArrayList<>();
        for (Rated r : rated) {
            String spelling = spellings.get(r.entry());
            if (spelling != null) {
                words.add(new HeardWord(spelling, Math.min(r.confidence(), against.getOrDefault(r.entry(), 1.0))));
            }
        }
        return List.copyOf(words);
    }

    /** 2 sigmoid(m) - 1 of {@link #recognizeWords}; 1 when no path without the word explains the audio. */
    private double againstCompetitor(byte[] pcm, List<String> entries, String entry, double score, int frames) {
        useGrammar(entries.stream().filter(e -> !e.equals(entry)).toList(), SENTENCE);
        Result without = decode(grammarRecognizer, pcm);
        Token best = without == null ? null : without.getBestFinalToken();
        if (best == null) {
            return 1;
        }
        double margin = (score - LogMath.getLogMath().logToLn(best.getScore())) / frames;
        return Math.max(0, 2 / (1 + Math.exp(-margin)) - 1);
    }

    /**
     * The samples over a noise floor, as every microphone has: uniform noise of +-{@value #NOISE_FLOOR} (about -47
     * dBFS RMS), the same for every utterance. Digital silence (synthesized speech, the zeros around and between
     * espeak-ng's words) is unlike anything the acoustic model was trained on and drags the utterance's cepstral mean
     * far from the speech's: without the floor, 17 % of espeak-ng's clean keywords were spotted at cs's threshold, with
     * it 63 % ({@code ./embodia bench voice}, BENCHMARKS.md). Word spotting only: in sentences it cost FreeTTS's speech
     * a short word or two.
     */
    private static short[] withNoiseFloor(short[] samples) {
        Random noise = new Random(NOISE_SEED);
        short[] floored = new short[samples.length];
        for (int i = 0; i < samples.length; i++) {
            int value = samples[i] + noise.nextInt(2 * NOISE_FLOOR + 1) - NOISE_FLOOR;
            floored[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, value));
        }
        return floored;
    }

    /**
     * Checks a vocabulary as {@link #recognize} would, without decoding anything.
     *
     * @throws IllegalArgumentException naming the words that are not in the dictionary, or if the vocabulary is empty
     */
    public synchronized void checkVocabulary(Collection<String> vocabulary) {
        checkedVocabulary(vocabulary);
    }

    private static void checkRate(PcmAudio utterance) {
        if (utterance.sampleRate() != SAMPLE_RATE) {
            throw new IllegalArgumentException("the acoustic model is for " + SAMPLE_RATE + " Hz audio, this is "
                    + utterance.sampleRate() + " Hz");
        }
    }

    /** Whether the word, in any letter case, is in the CMU en-us dictionary, so that it can be recognized. */
    public boolean inDictionary(String word) {
        return pronunciations.contains(word);
    }

    /** Dictionary spelling to the caller's spelling, in the caller's order. */
    private Map<String, String> checkedVocabulary(Collection<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("the vocabulary is empty");
        }
        Map<String, String> spellings = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        for (String word : words) {
            if (inDictionary(word)) {
                spellings.putIfAbsent(word.strip().toLowerCase(Locale.ROOT), word);
            } else {
                unknown.add("'" + word + "'");
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("not words of the CMU en-us pronunciation dictionary, so they cannot be"
                    + " recognized: " + String.join(", ", unknown));
        }
        return spellings;
    }

    private void useGrammar(List<String> entries, String rule) {
        // Quoted tokens: entries such as "a.m." or "x-ray" are not bare JSGF tokens.
        String alternatives = entries.stream().map(entry -> '"' + entry + '"').collect(Collectors.joining(" | "));
        String jsgf = "#JSGF V1.0;\ngrammar " + GRAMMAR_NAME + ";\npublic " + String.format(Locale.ROOT, rule, alternatives)
                + ";\n";
        if (jsgf.equals(grammarText)) {
            return;
        }
        try {
            Files.writeString(grammarDirectory.resolve(GRAMMAR_NAME + ".gram"), jsgf);
            if (grammarRecognizer == null) {
                grammarRecognizer = components.lookup("grammarRecognizer");
                grammarRecognizer.allocate();
            } else {
                // The flat linguist notices the new grammar and recompiles it when the next decoding starts.
                JSGFGrammar grammar = components.lookup("grammar");
                grammar.loadJSGF(GRAMMAR_NAME);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JSGFGrammarParseException | JSGFGrammarException e) {
            throw new IllegalStateException("the grammar built from " + entries + " does not load", e);
        }
        grammarText = jsgf;
    }

    private Result decode(Recognizer recognizer, byte[] pcm) {
        // A search that ends early (all paths pruned, as on digital silence) leaves frames of the old utterance in the
        // front end's buffers, which the next decoding would read first: start every utterance from empty buffers.
        frontEnd.initialize();
        audioSource.setInputStream(new ByteArrayInputStream(pcm));
        return recognizer.recognize();
    }

    /**
     * The path's words in time order (dictionary entries, fillers left out), each with sigmoid(d / n) of the class
     * comment over its own n frames, from the two best paths' tokens (kept whole by keepAllTokens); 0 without a phone
     * loop path.
     */
    private static List<Rated> confidences(Token wordPath, boolean wordTokenFirst, Token phoneLoopPath) {
        Map<Long, Float> loopScores = new HashMap<>();
        for (Token token = phoneLoopPath; token != null; token = token.getPredecessor()) {
            if (token.isEmitting()) {
                loopScores.put(token.getCollectTime(), token.getAcousticScore());
            }
        }
        List<Token> path = new ArrayList<>();
        for (Token token = wordPath; token != null; token = token.getPredecessor()) {
            path.add(token);
        }
        // Walk in the direction in which a word's token comes before the tokens of its sounds.
        if (wordTokenFirst) {
            Collections.reverse(path);
        }
        LogMath logMath = LogMath.getLogMath();
        List<Rated> words = new ArrayList<>();
        String word = null;
        double difference = 0;
        int frames = 0;
        for (Token token : path) {
            if (token.isWord()) {
                if (word != null) {
                    words.add(rated(word, difference, frames));
                }
                word = token.getWord().isFiller() ? null : token.getWord().getSpelling();
                difference = 0;
                frames = 0;
            } else if (word != null && token.isEmitting()) {
                Float loopScore = loopScores.get(token.getCollectTime());
                if (loopScore != null) {
                    difference += logMath.logToLn(token.getAcousticScore()) - logMath.logToLn(loopScore);
                    frames++;
                }
            }
        }
        if (word != null) {
            words.add(rated(word, difference, frames));
        }
        // Walked backwards, the words came last to first.
        if (!wordTokenFirst) {
            Collections.reverse(words);
        }
        return words;
    }

    /** A word of the best path: its dictionary entry, sigmoid(d / n), and n. */
    private record Rated(String entry, double confidence, int frames) {
    }

    private static Rated rated(String entry, double difference, int frames) {
        return new Rated(entry, frames == 0 ? 0 : 1 / (1 + Math.exp(-difference / frames)), frames);
    }

    @Override
    public synchronized void close() {
        if (grammarRecognizer != null) {
            grammarRecognizer.deallocate();
        }
        phoneLoop.deallocate();
        deleteGrammarDirectory();
    }

    private void deleteGrammarDirectory() {
        try (var files = Files.list(grammarDirectory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.delete(file);
            }
            Files.delete(grammarDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the grammar directory " + grammarDirectory, e);
        }
    }
}
