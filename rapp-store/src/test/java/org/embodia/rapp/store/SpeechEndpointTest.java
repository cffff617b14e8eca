package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.embodia.rapp.store.api.SpokenWord;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreException;
import org.embodia.rapp.store.api.StoreHttpException;
import org.embodia.rapp.store.api.StoreUnreachableException;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.PronouncingDictionary;
import org.embodia.speech.SpeechSynthesizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * POST /speech, the RAPP Platform's recognition of a long command ([RAPP] §3.8.5): FreeTTS speech recorded into WAV
 * files, recognized by the store under its everyday words and the keywords of the apps it serves, through
 * {@link StoreClient#recognizeSpeech} and raw HTTP; and the refusals.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpeechEndpointTest {
    private Path temp;
    private StoreServer server;
    private StoreClient client;
    private SpeechSynthesizer synthesizer;
    private final TestBundles.Log log = new TestBundles.Log();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start(@TempDir Path directory) throws IOException {
        temp = directory;
        Path store = Files.createDirectory(temp.resolve("store"));
        TestBundles.app(store, "photographer.jar", "photographer", "photo", "org.example.photographer", "1.0.0");
        TestBundles.app(store, "walker.jar", "walker", "walk", "org.example.walker", "1.0.0");
        TestBundles.app(store, "odd.jar", "odd", "xqzzy", "org.example.odd", "1.0.0");
        server = new StoreServer(store, 0, log);
        client = new StoreClient(server.uri());
        synthesizer = new SpeechSynthesizer();
    }

    @AfterAll
    void stop() {
        server.close();
        synthesizer.close();
    }

    /** The sentence as the microphones record it: speech, then the silence that ends the recording. */
    private Path recorded(String sentence) throws IOException {
        Path file = Files.createTempFile(temp, "rd", ".wav");
        synthesizer.synthesize(sentence).append(PcmAudio.silence(16_000, 0.5)).writeWav(file);
        return file;
    }

    @Test
    void aLongCommandComesBackAsTheSentenceWithTheAppsKeyword() throws Exception {
        long start = System.nanoTime();
        String photo = client.recognizeSpeech(recorded("please take a photo of me"), "English");
        long first = System.nanoTime();
        String walk = client.recognizeSpeech(recorded("please walk with me"), "en");
        long second = System.nanoTime();
        System.out.printf("\"%s\" in %.0f ms (the recognizer loaded with it), \"%s\" in %.0f ms%n", photo,
                (first - start) / 1e6, walk, (second - first) / 1e6);

        List<String> photoWords = List.of(photo.split(" "));
        List<String> walkWords = List.of(walk.split(" "));
        assertTrue(photoWords.contains("photo") && photoWords.contains("take") && !photoWords.contains("walk"), photo);
        assertTrue(walkWords.contains("walk") && walkWords.contains("please") && !walkWords.contains("photo"), walk);
        assertTrue(log.lines().stream().anyMatch(w -> w.startsWith("WARN") && w.contains("'xqzzy'") && w.contains("odd")),
                "a keyword the dictionary lacks is named: " + log.lines());
    }

    /**
     * "what" sounds like the walker's "walk" (Sphinx4 under a grammar of the vocabulary heard it so): a keyword heard
     * where it was not said must not be confident, or cs would start the walker on it.
     */
    @Test
    void aKeywordSaidIsRatedAboveOneThatOnlySoundsLikeIt() throws Exception {
        List<SpokenWord> said = client.recognizeWords(recorded("please walk with me"), "English");
        List<SpokenWord> guessed = client.recognizeWords(recorded("what is the weather like today"), "English");
        System.out.println("said: " + said + "\nguessed: " + guessed);

        double walkSaid = said.stream().filter(w -> w.word().equals("walk")).mapToDouble(SpokenWord::confidence)
                .max().orElseThrow(() -> new AssertionError("walk not heard in " + said));
        assertTrue(walkSaid >= 0.5, "walk said: " + said);
        assertTrue(guessed.stream().noneMatch(w -> w.word().equals("walk") && w.confidence() >= 0.4),
                "what heard as walk: " + guessed);
        assertTrue(guessed.stream().allMatch(w -> w.confidence() >= 0 && w.confidence() <= 1), guessed.toString());
    }

    @Test
    void everyEverydayWordIsInTheDictionary() throws Exception {
        assertEquals(List.of(), PronouncingDictionary.load().unknown(SpeechEndpoint.EVERYDAY_WORDS));
    }

    @Test
    void aRecordingAtAnotherRateIsResampled() throws Exception {
        Path file = Files.createTempFile(temp, "rd48", ".wav");
        synthesizer.synthesize("go for a walk please").append(PcmAudio.silence(16_000, 0.5)).resample(48_000).writeWav(file);

        assertTrue(List.of(client.recognizeSpeech(file, "English").split(" ")).contains("walk"));
    }

    @Test
    void silenceIsAnEmptySentence() throws Exception {
        Path file = Files.createTempFile(temp, "silence", ".wav");
        PcmAudio.silence(16_000, 1).writeWav(file);

        assertEquals("", client.recognizeSpeech(file, "English"));
    }

    @Test
    void anotherLanguageIsRefusedByName() throws Exception {
        StoreHttpException e = assertThrows(StoreHttpException.class,
                () -> client.recognizeSpeech(recorded("hello"), "Greek"));

        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("'Greek'") && e.getMessage().contains("English"), e.getMessage());
    }

    @Test
    void aBodyThatIsNoSoundIsRefused() throws Exception {
        Path text = Files.writeString(temp.resolve("not.wav"), "this is not a sound file");

        StoreHttpException e = assertThrows(StoreHttpException.class, () -> client.recognizeSpeech(text, "English"));

        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("not a sound file"), e.getMessage());
    }

    @Test
    void aMissingFileIsNamedBeforeAnythingIsSent() {
        Path missing = temp.resolve("missing.wav");

        StoreException e = assertThrows(StoreException.class, () -> client.recognizeSpeech(missing, "English"));

        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void onlyPostIsAllowed() throws Exception {
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(server.uri().resolve("speech?language=English"))
                .GET().build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(405, get.statusCode());
        assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
        assertTrue(get.body().contains("POST"), get.body());
    }

    @Test
    void theWordsItCannotPronounceAreNamedAsAsked() throws Exception {
        assertEquals(List.of("xqzzy", "Rt-Quiet"), client.unknownWords(List.of("walk", "xqzzy", "Hello", "Rt-Quiet", "o'clock"), "English"));
        assertEquals(List.of(), client.unknownWords(List.of("photo"), "english"));

        StoreHttpException greek = assertThrows(StoreHttpException.class, () -> client.unknownWords(List.of("walk"), "Greek"));
        assertEquals(400, greek.status());
        assertTrue(greek.getMessage().contains("'Greek'"), greek.getMessage());
        HttpResponse<String> none = http.send(HttpRequest.newBuilder(server.uri().resolve("speech/words?language=English"))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, none.statusCode());
        assertTrue(none.body().contains("no word asked about"), none.body());
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(server.uri().resolve("speech/words?language=English&word=walk"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, post.statusCode());
        assertEquals("GET", post.headers().firstValue("Allow").orElse(""));
    }

    @Test
    void anUnreachableStoreIsSaidSo() throws Exception {
        URI closed;
        try (StoreServer other = new StoreServer(Files.createDirectory(temp.resolve("empty")), 0, log)) {
            closed = other.uri();
        }
        StoreClient nobody = new StoreClient(closed);

        assertThrows(StoreUnreachableException.class, () -> nobody.recognizeSpeech(recorded("hello"), "English"));
    }
}
