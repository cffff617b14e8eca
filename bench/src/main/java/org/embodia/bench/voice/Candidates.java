package org.embodia.bench.voice;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.embodia.bench.voice.Scoring.Hit;
import org.embodia.bench.voice.Scoring.Outcome;
import org.embodia.bench.voice.Scoring.Utterance;
import org.embodia.speech.HeardWord;
import org.embodia.speech.KeywordSpotter;
import org.embodia.speech.KeywordSpotter.Fusion;
import org.embodia.speech.MoonshineRecognizer;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.Recognition;
import org.embodia.speech.SpeechRecognizer;

import edu.cmu.sphinx.decoder.search.Token;
import edu.cmu.sphinx.frontend.FrontEnd;
import edu.cmu.sphinx.frontend.util.StreamDataSource;
import edu.cmu.sphinx.jsgf.JSGFGrammar;
import edu.cmu.sphinx.linguist.acoustic.AcousticModel;
import edu.cmu.sphinx.linguist.dictionary.Dictionary;
import edu.cmu.sphinx.linguist.dictionary.TextDictionary;
import edu.cmu.sphinx.recognizer.Recognizer;
import edu.cmu.sphinx.result.Result;
import edu.cmu.sphinx.util.LogMath;
import edu.cmu.sphinx.util.props.ConfigurationManager;
import edu.cmu.sphinx.util.props.ConfigurationManagerUtils;

/** The recognizers compared, each turning the set into one outcome per utterance (per setting). */
final class Candidates {
    /**
     * The words of a long command besides an app's keyword: a copy of rapp-store's SpeechEndpoint.EVERYDAY_WORDS
     * (package-private there), with which the store's /speech decodes.
     */
    static final List<String> EVERYDAY_WORDS = List.of("a", "an", "the", "of", "to", "for", "with", "and", "in", "on",
            "at", "me", "my", "you", "your", "i", "we", "us", "it", "this", "that", "some", "please", "can", "could",
            "would", "will", "like", "want", "let's", "do", "go", "come", "take", "make", "give", "show", "tell", "say",
            "play", "start", "run", "now", "again", "little", "robot", "friend", "here", "there", "what", "how",
            "hi", "hey", "okay", "yes", "no", "thank", "thanks");
    /** What the store's /speech decodes a long command over: the everyday words, then the apps' keywords. */
    static final List<String> SENTENCE_WORDS = sentenceWords();
    /** cs's listen dictionary as the product spells it: nao-sim.json's words, then the apps' keywords. */
    static final List<String> SPOTTING = List.of("Long", "Abort", "hello", "greet", "photo", "picture", "walk");

    private Candidates() {
    }

    private static List<String> sentenceWords() {
        List<String> words = new ArrayList<>(EVERYDAY_WORDS);
        words.addAll(Scoring.APP_BY_KEYWORD.keySet().stream().sorted().toList());
        return List.copyOf(words);
    }

    /** A long command through Moonshine's recognizeWords over {@link #SENTENCE_WORDS}, as the store decodes it. */
    private static List<Hit> sentence(MoonshineRecognizer r, PcmAudio audio) {
        List<Hit> hits = new ArrayList<>();
        for (HeardWord w : r.recognizeWords(audio, SENTENCE_WORDS)) {
            hits.add(new Hit(w.word().toLowerCase(Locale.ROOT), w.confidence()));
        }
        return hits;
    }

    /**
     * (a) as the product runs it: a word through speech/'s KeywordSpotter at its chosen setting (nao-sim's word
     * spotting; threshold applied by the scoring), a long command through MoonshineRecognizer's recognizeWords over
     * the everyday words and the apps' keywords (the store's /speech; cs's sentence.threshold is 0.5).
     */
    static Map<String, Outcome> product(List<Utterance> set) throws IOException {
        try (KeywordSpotter spotter = new KeywordSpotter(Fusion.CHOSEN);
                MoonshineRecognizer sentences = new MoonshineRecognizer()) {
            return run("a-product", set, audio -> sentences.recognizeWords(audio, SENTENCE_WORDS),
                    audio -> spotter.recognize(audio, SPOTTING, 0));
        }
    }

    /**
     * (e) speech/'s SpeechRecognizer (Sphinx4) as the product ran it before Moonshine: a word through recognize over
     * a noise floor, a long command through recognizeWords over the everyday words and the apps' keywords, the
     * keywords rated against their competitors.
     */
    static Map<String, Outcome> sphinx4(List<Utterance> set) throws IOException {
        List<String> appKeywords = Scoring.APP_BY_KEYWORD.keySet().stream().sorted().toList();
        try (SpeechRecognizer r = new SpeechRecognizer()) {
            return run("e-sphinx4", set, audio -> r.recognizeWords(audio, SENTENCE_WORDS, appKeywords),
                    audio -> r.recognize(audio, SPOTTING, 0));
        }
    }

    /** Each utterance through one of the recognizer's two uses: a long command as a sentence, a word by spotting. */
    private static Map<String, Outcome> run(String candidate, List<Utterance> set,
            Function<PcmAudio, List<HeardWord>> sentence, Function<PcmAudio, Recognition> spotting) throws IOException {
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        for (Utterance u : set) {
            PcmAudio audio = PcmAudio.readWav(u.file());
            long start = System.nanoTime();
            List<Hit> hits = new ArrayList<>();
            if (u.isLong()) {
                for (HeardWord w : sentence.apply(audio)) {
                    hits.add(new Hit(w.word().toLowerCase(Locale.ROOT), w.confidence()));
                }
            } else {
                Recognition recognition = spotting.apply(audio);
                recognition.candidate().ifPresent(
                        w -> hits.add(new Hit(w.toLowerCase(Locale.ROOT), recognition.confidence())));
            }
            outcomes.put(u.id(), new Outcome(hits, (System.nanoTime() - start) / 1e6));
            progress(candidate, outcomes.size(), set.size());
        }
        return outcomes;
    }

    /**
     * (d) speech/'s MoonshineRecognizer: a word through spot (each word of cs's dictionary scored said alone, against
     * what the decoder writes when free), rated at each of the biases; a long command through recognizeWords over the
     * everyday words and the apps' keywords, each word rated by the probability the decoder gave its tokens.
     *
     * @return per bias, an outcome per utterance (long commands' the same under every bias)
     */
    static Map<Double, Map<String, Outcome>> moonshine(List<Utterance> set, double[] biases) throws IOException {
        Map<Double, Map<String, Outcome>> outcomes = new LinkedHashMap<>();
        for (double bias : biases) {
            outcomes.put(bias, new LinkedHashMap<>());
        }
        try (MoonshineRecognizer r = new MoonshineRecognizer()) {
            for (Utterance u : set) {
                PcmAudio audio = PcmAudio.readWav(u.file());
                long start = System.nanoTime();
                if (u.isLong()) {
                    List<Hit> hits = sentence(r, audio);
                    double millis = (System.nanoTime() - start) / 1e6;
                    outcomes.values().forEach(o -> o.put(u.id(), new Outcome(hits, millis)));
                } else {
                    MoonshineRecognizer.Spotting spotting = r.spot(audio, SPOTTING);
                    double millis = (System.nanoTime() - start) / 1e6;
                    for (double bias : biases) {
                        var recognition = spotting.recognition(bias, 0);
                        List<Hit> hits = recognition.candidate()
                                .map(w -> List.of(new Hit(w.toLowerCase(Locale.ROOT), recognition.confidence())))
                                .orElse(List.of());
                        outcomes.get(bias).put(u.id(), new Outcome(hits, millis));
                    }
                }
                progress("d-moonshine", outcomes.get(biases[0]).size(), set.size());
            }
        }
        return outcomes;
    }

    /** A setting of (f) as the bench's tables name it. */
    static String label(Fusion f) {
        return String.format(Locale.ROOT, "l%.1f b%.0f c%.0f m%.1f s%.1f", f.languageModel(), f.bias(), f.choose(),
                f.anyCommand(), f.sphinx4());
    }

    /**
     * (f) speech/'s KeywordSpotter over a grid of its settings (KeywordSpotter.Fusion): each word of cs's dictionary
     * scored by Moonshine's spot, less a share of the word's prior in Moonshine's language model, and by Sphinx4 with
     * that word alone; the settings differ only in how the scores are combined, so the scores are computed once. A
     * long command goes through Moonshine's recognizeWords, as in (a).
     *
     * @return per setting, an outcome per utterance
     */
    static Map<Fusion, Map<String, Outcome>> fused(List<Utterance> set, List<Fusion> settings) throws IOException {
        Map<Fusion, Map<String, Outcome>> outcomes = new LinkedHashMap<>();
        settings.forEach(f -> outcomes.put(f, new LinkedHashMap<>()));
        try (KeywordSpotter spotter = new KeywordSpotter(Fusion.CHOSEN);
                MoonshineRecognizer moonshine = new MoonshineRecognizer()) {
            for (Utterance u : set) {
                PcmAudio audio = PcmAudio.readWav(u.file());
                long start = System.nanoTime();
                if (u.isLong()) {
                    List<Hit> hits = sentence(moonshine, audio);
                    double millis = (System.nanoTime() - start) / 1e6;
                    outcomes.values().forEach(o -> o.put(u.id(), new Outcome(hits, millis)));
                } else {
                    KeywordSpotter.Evidence evidence = spotter.evidence(audio, SPOTTING);
                    double millis = (System.nanoTime() - start) / 1e6;
                    for (Fusion f : settings) {
                        Recognition r = f.recognition(evidence, 0);
                        List<Hit> hits = r.candidate().map(w -> List.of(new Hit(w.toLowerCase(Locale.ROOT),
                                r.confidence()))).orElse(List.of());
                        outcomes.get(f).put(u.id(), new Outcome(hits, millis));
                    }
                }
                progress("f-fused", outcomes.get(settings.get(0)).size(), set.size());
            }
        }
        return outcomes;
    }

    /**
     * (b) Sphinx4 (the same en-us model, dictionary and front end as speech/) under the grammar {@code ( keyword |
     * phone )+}: any stretch that is no keyword is taken by a garbage "word" of one phone (ph_aa ... ph_zh, added to a
     * dictionary of the keywords), so a keyword is found inside a sentence as alone. Each keyword found gets
     * SpeechRecognizer's confidence, sigmoid of its frames' mean acoustic log-likelihood ratio against a free phone
     * loop, computed per word.
     */
    static Map<String, Outcome> sphinx4Garbage(List<Utterance> set, Path work) throws IOException {
        try (Sphinx4Garbage r = new Sphinx4Garbage(Files.createDirectories(work.resolve("sphinx4-garbage")))) {
            Map<String, Outcome> outcomes = new LinkedHashMap<>();
            for (Utterance u : set) {
                byte[] pcm = PcmAudio.readWav(u.file()).toLittleEndian();
                long start = System.nanoTime();
                List<Hit> hits = r.spot(pcm);
                outcomes.put(u.id(), new Outcome(hits, (System.nanoTime() - start) / 1e6));
                progress("b-sphinx4-garbage", outcomes.size(), set.size());
            }
            return outcomes;
        }
    }

    /** On stderr every 100 utterances: a whole run takes tens of minutes. */
    private static void progress(String candidate, int done, int of) {
        if (done % 100 == 0 || done == of) {
            System.err.printf(Locale.ROOT, "%s: %d/%d%n", candidate, done, of);
        }
    }

    /** The ARPAbet phones of the en-us model (its mdef, less SIL). */
    static final List<String> PHONES = List.of("AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER",
            "EY", "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH",
            "UH", "UW", "V", "W", "Y", "Z", "ZH");
    private static final String GARBAGE_PREFIX = "ph_";

    private static final class Sphinx4Garbage implements AutoCloseable {
        private final FrontEnd frontEnd;
        private final StreamDataSource audioSource;
        private final Recognizer grammarRecognizer;
        private final Recognizer phoneLoop;

        Sphinx4Garbage(Path dir) throws IOException {
            Files.writeString(dir.resolve("keywords.dict"), dictionary());
            String keywords = Scoring.KEYWORDS.stream().sorted().collect(Collectors.joining(" | "));
            String phones = PHONES.stream().map(p -> GARBAGE_PREFIX + p.toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(" | "));
            Files.writeString(dir.resolve("keywords.gram"), "#JSGF V1.0;\ngrammar keywords;\n<garbage> = " + phones
                    + ";\npublic <utterance> = ( " + keywords + " | <garbage> )+;\n");
            // speech/'s own configuration, its dictionary and grammar pointed here
            ConfigurationManager cm = new ConfigurationManager(
                    SpeechRecognizer.class.getResource("recognizer.config.xml"));
            ConfigurationManagerUtils.setProperty(cm, "grammar", JSGFGrammar.PROP_BASE_GRAMMAR_URL,
                    dir.toUri().toString());
            ConfigurationManagerUtils.setProperty(cm, "grammar", JSGFGrammar.PROP_GRAMMAR_NAME, "keywords");
            ConfigurationManagerUtils.setProperty(cm, "dictionary", TextDictionary.PROP_DICTIONARY,
                    dir.resolve("keywords.dict").toUri().toString());
            Dictionary dictionary = cm.lookup("dictionary");
            dictionary.allocate();
            AcousticModel model = cm.lookup("acousticModel");
            model.allocate();
            frontEnd = cm.lookup("frontEnd");
            audioSource = cm.lookup("audioSource");
            phoneLoop = cm.lookup("phoneLoopRecognizer");
            phoneLoop.allocate();
            grammarRecognizer = cm.lookup("grammarRecognizer");
            grammarRecognizer.allocate();
        }

        /** The keywords' entries of speech/'s CMU dictionary (every pronunciation) and one word per phone. */
        private static String dictionary() throws IOException {
            StringBuilder dict = new StringBuilder();
            try (InputStream in = SpeechRecognizer.class.getResourceAsStream(
                    "/edu/cmu/sphinx/models/en-us/cmudict-en-us.dict");
                    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    String entry = line.split("\\s+", 2)[0].replaceAll("\\(\\d+\\)$", "");
                    if (Scoring.KEYWORDS.contains(entry)) {
                        dict.append(line).append('\n');
                    }
                }
            }
            for (String p : PHONES) {
                dict.append(GARBAGE_PREFIX).append(p.toLowerCase(Locale.ROOT)).append(' ').append(p).append('\n');
            }
            return dict.toString();
        }

        List<Hit> spot(byte[] pcm) {
            Result inGrammar = decode(grammarRecognizer, pcm);
            Token best = inGrammar == null ? null : inGrammar.getBestFinalToken();
            if (best == null) {
                return List.of();
            }
            Result loop = decode(phoneLoop, pcm);
            Map<Long, Float> loopScores = new HashMap<>();
            for (Token t = loop == null ? null : loop.getBestToken(); t != null; t = t.getPredecessor()) {
                if (t.isEmitting()) {
                    loopScores.put(t.getCollectTime(), t.getAcousticScore());
                }
            }
            List<Token> path = new ArrayList<>();
            for (Token t = best; t != null; t = t.getPredecessor()) {
                path.add(t);
            }
            // As in SpeechRecognizer: walk so that a word's token comes before its sounds' tokens.
            boolean chronological = inGrammar.getWordTokenFirst();
            if (chronological) {
                Collections.reverse(path);
            }
            LogMath logMath = LogMath.getLogMath();
            List<Hit> hits = new ArrayList<>();
            String word = null;
            double difference = 0;
            int frames = 0;
            for (Token t : path) {
                if (t.isWord()) {
                    if (word != null) {
                        hits.add(new Hit(word, frames == 0 ? 0 : 1 / (1 + Math.exp(-difference / frames))));
                    }
                    String spelling = t.getWord().getSpelling();
                    word = t.getWord().isFiller() || spelling.startsWith(GARBAGE_PREFIX) ? null : spelling;
                    difference = 0;
                    frames = 0;
                } else if (word != null && t.isEmitting()) {
                    Float loopScore = loopScores.get(t.getCollectTime());
                    if (loopScore != null) {
                        difference += logMath.logToLn(t.getAcousticScore()) - logMath.logToLn(loopScore);
                        frames++;
                    }
                }
            }
            if (word != null) {
                hits.add(new Hit(word, frames == 0 ? 0 : 1 / (1 + Math.exp(-difference / frames))));
            }
            if (!chronological) {
                Collections.reverse(hits);
            }
            return hits;
        }

        private Result decode(Recognizer recognizer, byte[] pcm) {
            frontEnd.initialize();
            audioSource.setInputStream(new ByteArrayInputStream(pcm));
            return recognizer.recognize();
        }

        @Override
        public void close() {
            grammarRecognizer.deallocate();
            phoneLoop.deallocate();
        }
    }

    /**
     * (c) PocketSphinx through bench/src/main/python/voice_pocketsphinx.py: per kws threshold ("kws:1e-20") and the
     * n-gram LM's transcript ("lm"), each an outcome per utterance; words carry no confidence (the kws threshold is
     * the decision).
     */
    static Map<String, Map<String, Outcome>> pocketSphinx(List<Utterance> set, Path work, String python, Path script,
            List<String> thresholds) throws IOException, InterruptedException {
        Path manifest = work.resolve("pocketsphinx-manifest.tsv");
        StringBuilder lines = new StringBuilder();
        for (Utterance u : set) {
            lines.append(u.id()).append('\t').append(u.file().toAbsolutePath()).append('\n');
        }
        Files.writeString(manifest, lines);
        Path out = work.resolve("pocketsphinx-out.tsv");
        Path err = work.resolve("pocketsphinx-err.txt");
        Process p = new ProcessBuilder(python, script.toString(), manifest.toString(),
                String.join(",", new LinkedHashSet<>(Scoring.KEYWORDS.stream().sorted().toList())),
                String.join(",", thresholds)).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (p.waitFor() != 0) {
            throw new IOException(python + " " + script + " failed (Debian's python3-pocketsphinx and"
                    + " pocketsphinx-en-us installed?): " + Files.readString(err).strip());
        }
        Map<String, Map<String, Outcome>> bySearch = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out)) {
            String[] f = line.split("\t", -1);
            List<Hit> hits = new ArrayList<>();
            if (!f[3].equals("-")) {
                for (String w : f[3].split(" ")) {
                    hits.add(new Hit(w, 1));
                }
            }
            bySearch.computeIfAbsent(f[1], k -> new LinkedHashMap<>()).put(f[0],
                    new Outcome(hits, Double.parseDouble(f[2])));
        }
        Set<String> missing = new LinkedHashSet<>();
        for (Map<String, Outcome> outcomes : bySearch.values()) {
            for (Utterance u : set) {
                if (!outcomes.containsKey(u.id())) {
                    missing.add(u.id());
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IOException("pocketsphinx gave no outcome for " + missing.size() + " utterances, e.g. "
                    + missing.iterator().next());
        }
        return bySearch;
    }
}
