package org.embodia.rapp.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.embodia.rapp.store.api.StoreApp;
import org.embodia.speech.HeardWord;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.PronouncingDictionary;
import org.embodia.speech.MoonshineRecognizer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The RAPP Platform's speech recognition ([RAPP] §3.8.5, interpret_long): a recorded command in, the sentence heard
 * out. Moonshine writes what it hears (MoonshineRecognizer#recognizeWords), and the sentence keeps the words of a
 * vocabulary: {@link #EVERYDAY_WORDS} and the keywords of the apps the store serves now, so that getAppName finds an
 * app's keyword among the other words of a long command. Each word comes with its confidence in [0, 1], the probability
 * the decoder gave it, so that cs can tell a keyword said from one guessed. The recognizer (a second or two to load,
 * and its model in memory) is loaded at the first request, so a store nobody talks to costs nothing.
 */
final class SpeechEndpoint implements AutoCloseable {
    /** The one language of the model (English), by the names a caller may give it. */
    static final Set<String> ENGLISH = Set.of("english", "en", "en-us");
    /** The longest recording taken: about 4 minutes of 16 kHz mono 16-bit PCM, far more than a spoken command. */
    static final int MAX_BYTES = 8 * 1024 * 1024;
    /**
     * Words a spoken command is made of besides an app's keyword (our choice: function words, pronouns, polite forms
     * and common verbs of requests to a robot). Each is a word of the CMU dictionary.
     */
    static final List<String> EVERYDAY_WORDS = List.of("a", "an", "the", "of", "to", "for", "with", "and", "in", "on",
            "at", "me", "my", "you", "your", "i", "we", "us", "it", "this", "that", "some", "please", "can", "could",
            "would", "will", "like", "want", "let's", "do", "go", "come", "take", "make", "give", "show", "tell", "say",
            "play", "start", "run", "now", "again", "little", "robot", "friend", "here", "there", "what", "how",
            "hi", "hey", "okay", "yes", "no", "thank", "thanks");

    private final StoreLog log;
    private final JsonFactory json = new JsonFactory();
    private MoonshineRecognizer recognizer;
    /** The dictionary alone, loaded at the first question about words: a robot asks at its start, before any sound. */
    private PronouncingDictionary pronunciations;

    SpeechEndpoint(StoreLog log) {
        this.log = log;
    }

    /** What a request got wrong, with the HTTP status to answer it with. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * Recognizes the sound file (WAV, any sample rate, channels averaged) in {@code language}.
     *
     * @return the answer's JSON: {@code {"language", "sentence", "words": [...], "confidence": [...]}}
     * @throws Refused for an unknown language or audio that is not a sound file Java reads
     */
    synchronized byte[] recognize(byte[] sound, String language, List<StoreApp> apps) throws Refused {
        english(language);
        PcmAudio audio;
        try {
            audio = PcmAudio.readWav(new ByteArrayInputStream(sound), "the request body");
        } catch (IllegalArgumentException e) {
            throw new Refused(400, e.getMessage());
        } catch (IOException e) {
            throw new Refused(400, "cannot read the request body as sound: " + e.getMessage());
        }
        if (audio.length() == 0) {
            throw new Refused(400, "the request body holds no sound (0 samples)");
        }
        MoonshineRecognizer r = recognizer();
        Set<String> vocabulary = new LinkedHashSet<>(EVERYDAY_WORDS);
        vocabulary.addAll(keywords(apps));
        List<HeardWord> words = r.recognizeWords(audio.resample(MoonshineRecognizer.SAMPLE_RATE), vocabulary);
        String sentence = words.stream().map(HeardWord::word).collect(Collectors.joining(" "));
        log.info(String.format(Locale.ROOT, "speech: %.2f s of sound heard as \"%s\" (confidence %s)",
                audio.durationSeconds(), sentence, words.stream()
                        .map(w -> String.format(Locale.ROOT, "%.2f", w.confidence())).collect(Collectors.joining(" "))));
        return answer(language, sentence, words);
    }

    /**
     * Which of the words the recognizer has no pronunciation for, so that a robot can leave them out of what it listens
     * for; only the dictionary is loaded for it, not the recognizer's model.
     *
     * @return the answer's JSON: {@code {"language", "unknown": [...]}}, the unknown words spelled and ordered as asked
     * @throws Refused for an unknown language or no word asked about
     */
    synchronized byte[] unknownWords(List<String> words, String language) throws Refused {
        english(language);
        if (words.isEmpty()) {
            throw new Refused(400, "no word asked about: GET /speech/words?language=English&word=<word>&word=<word>...");
        }
        List<String> unknown = pronunciations().unknown(words);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("language", language);
            g.writeArrayFieldStart("unknown");
            for (String word : unknown) {
                g.writeString(word);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("JSON into memory cannot fail", e);
        }
        return out.toByteArray();
    }

    private static void english(String language) throws Refused {
        if (language == null || !ENGLISH.contains(language.toLowerCase(Locale.ROOT))) {
            throw new Refused(400, "language '" + language + "' is not recognized: the RAPP Store's speech recognition"
                    + " has an English model (language=English)");
        }
    }

    /** The apps' keywords that the dictionary has; the others are left out, with a warning. */
    private List<String> keywords(List<StoreApp> apps) {
        Set<String> words = new LinkedHashSet<>();
        for (StoreApp app : apps) {
            for (String keyword : app.keywords()) {
                String word = keyword.strip().toLowerCase(Locale.ROOT);
                if (pronunciations().contains(word)) {
                    words.add(word);
                } else {
                    log.warn("speech: app '" + app.name() + "' keyword '" + keyword + "' is not a word of the CMU"
                            + " dictionary and cannot be heard in a long command");
                }
            }
        }
        return List.copyOf(words);
    }

    private PronouncingDictionary pronunciations() {
        if (pronunciations == null) {
            pronunciations = PronouncingDictionary.load();
        }
        return pronunciations;
    }

    private MoonshineRecognizer recognizer() {
        if (recognizer == null) {
            try {
                recognizer = new MoonshineRecognizer();
            } catch (IOException e) {
                throw new UncheckedIOException("the speech recognizer does not load: " + e.getMessage(), e);
            }
        }
        return recognizer;
    }

    private byte[] answer(String language, String sentence, List<HeardWord> words) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("language", language);
            g.writeStringField("sentence", sentence);
            g.writeArrayFieldStart("words");
            for (HeardWord word : words) {
                g.writeString(word.word());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("confidence");
            for (HeardWord word : words) {
                g.writeNumber(Math.round(word.confidence() * 1000) / 1000.0);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("JSON into memory cannot fail", e);
        }
        return out.toByteArray();
    }

    @Override
    public synchronized void close() {
        if (recognizer != null) {
            recognizer.close();
            recognizer = null;
        }
    }
}
