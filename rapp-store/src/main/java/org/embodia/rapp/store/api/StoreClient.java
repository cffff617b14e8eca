package org.embodia.rapp.store.api;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.JsonFactory;

/**
 * The control subsystem's side of the RAPP Store: lists the apps ({@code GET apps}) and downloads one
 * ({@code GET bundles/<file>}) into a file whose SHA-256 has been checked against the store's index, the spec's
 * {@code downloadDAPackage()} and its {@code downloaded} flag ([RAPP] §3.8, behaviour load); and has a recorded
 * command recognized ({@code POST speech}, behaviour interpret_long).
 *
 * <p>Every request, its body included, must finish within the timeout given at construction, so a store that accepts a
 * connection and then stalls cannot hold the caller. The client holds one {@link HttpClient} (with its selector thread)
 * for its lifetime: make one per store and reuse it. Thread-safe.
 */
public final class StoreClient {
    /** The timeout of {@link #StoreClient(URI)}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /**
     * The least time a speech recognition may take: the store loads its recognizer (a second or two) at the first one,
     * and decoding takes about as long as the speech.
     */
    public static final Duration SPEECH_TIMEOUT = Duration.ofSeconds(30);
    /** The longest error text kept from a store's error response. */
    private static final int MAX_ERROR_BODY = 2048;

    private final URI store;
    private final Duration timeout;
    private final HttpClient http;
    private final JsonFactory json = new JsonFactory();

    /** A client of the store at {@code store} (e.g. {@code http://127.0.0.1:8080/}) with {@link #DEFAULT_TIMEOUT}. */
    public StoreClient(URI store) {
        this(store, DEFAULT_TIMEOUT);
    }

    /**
     * @param store the store's base address, http or https; a missing trailing '/' is added
     * @param timeout the longest a request may take, connecting and reading the whole body included
     * @throws IllegalArgumentException if the address is not an absolute http(s) URI with a host, or the timeout is not
     *         positive
     */
    public StoreClient(URI store, Duration timeout) {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(timeout, "timeout");
        if (!("http".equalsIgnoreCase(store.getScheme()) || "https".equalsIgnoreCase(store.getScheme()))
                || store.getHost() == null) {
            throw new IllegalArgumentException("RAPP Store address must be an http:// or https:// URI with a host,"
                    + " got '" + store + "'");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("RAPP Store timeout must be positive, got " + timeout);
        }
        String path = store.getRawPath() == null || store.getRawPath().isEmpty() ? "/" : store.getRawPath();
        this.store = URI.create(store.getScheme() + "://" + store.getRawAuthority()
                + (path.endsWith("/") ? path : path + "/"));
        this.timeout = timeout;
        // HTTP/1.1: the store is a plain HTTP/1.1 server, so no h2c upgrade is attempted; redirects are not followed,
        // so an app comes from the store that lists it.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** The store's base address, ending in '/'. */
    public URI store() {
        return store;
    }

    /**
     * The apps the store has now.
     *
     * @throws StoreUnreachableException if the store refuses the connection or does not answer in time
     * @throws StoreHttpException if it answers with an error status
     * @throws StoreException if its answer is not the JSON list of apps
     */
    public List<StoreApp> apps() throws StoreException, InterruptedException {
        URI uri = store.resolve("apps");
        return AppsJson.parse(json, uri, exchange(uri, BodySubscribers::ofByteArray).body());
    }

    /**
     * The app called {@code name} (the spec's {@code app_name}).
     *
     * @throws AppNotFoundException naming the apps the store has, if it has no app of that name
     */
    public StoreApp app(String name) throws StoreException, InterruptedException {
        List<StoreApp> apps = apps();
        return apps.stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new AppNotFoundException(store.resolve("apps"), name,
                        apps.stream().map(StoreApp::name).toList()));
    }

    /** {@link #download(StoreApp, Path)} of the app called {@code name}. */
    public Path download(String name, Path target) throws StoreException, InterruptedException {
        return download(app(name), target);
    }

    /**
     * Downloads the app's jar to {@code target} (its directory created if need be). The bytes go to a temporary file
     * beside it, which replaces {@code target} only once its SHA-256 equals {@link StoreApp#sha256()}; otherwise it is
     * deleted and {@code target} is left as it was.
     *
     * @return {@code target}
     * @throws HashMismatchException naming both hashes, if the bytes received are not the ones the index describes
     * @throws StoreUnreachableException if the store refuses the connection or the download does not finish in time
     * @throws StoreHttpException if the store answers with an error status (404: the jar is gone)
     * @throws StoreException if the file cannot be written
     */
    public Path download(StoreApp app, Path target) throws StoreException, InterruptedException {
        URI uri = bundleUri(app);
        Path directory = target.toAbsolutePath().getParent();
        Path part;
        try {
            Files.createDirectories(directory);
            part = Files.createTempFile(directory, "." + target.getFileName(), ".part");
        } catch (IOException e) {
            throw new StoreException(uri, "cannot write the download of " + uri + " into " + directory + ": " + e, e);
        }
        try {
            // WRITE without CREATE: a write arriving after a timeout cannot bring the deleted file back.
            exchange(uri, () -> BodySubscribers.ofFile(part, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING));
            String actual = sha256(part, uri);
            if (!actual.equals(app.sha256())) {
                throw new HashMismatchException(uri, app.sha256(), actual);
            }
            move(part, target, uri);
            return target;
        } finally {
            try {
                Files.deleteIfExists(part);
            } catch (IOException e) {
                // Left behind as a hidden ".part" file; the outcome reported to the caller stands.
            }
        }
    }

    /**
     * The RAPP Platform's speech recognition of a recorded command ([RAPP] §3.8.5: interpret_long sends rd and gets
     * recog_sentence): POSTs the sound file to {@code speech?language=...}. It may take the longer of the client's
     * timeout and {@link #SPEECH_TIMEOUT}.
     *
     * @param sound a sound file Java reads (WAV)
     * @param language the language spoken, e.g. "English"
     * @return the sentence heard, its words separated by single spaces; empty if nothing was heard
     * @throws StoreHttpException with the store's reason if it refuses the language or the sound
     * @throws StoreUnreachableException if the store refuses the connection or does not answer in time
     * @throws StoreException if the file cannot be read or the answer is not the JSON of a sentence
     */
    public String recognizeSpeech(Path sound, String language) throws StoreException, InterruptedException {
        return speech(sound, language).sentence();
    }

    /**
     * {@link #recognizeSpeech}, word by word with each word's confidence, so that the caller can tell a word said from
     * a word guessed.
     *
     * @return the words heard in order; empty if nothing was heard
     * @throws StoreException also if the answer gives no confidence for its words
     */
    public List<SpokenWord> recognizeWords(Path sound, String language) throws StoreException, InterruptedException {
        SentenceJson.Answer answer = speech(sound, language);
        if (answer.words() == null) {
            throw new StoreException(store, "the speech recognition of " + store + " gives no confidence for the words"
                    + " it heard (\"" + answer.sentence() + "\")");
        }
        return answer.words();
    }

    /**
     * Which of the words the RAPP Platform's speech recognition has no pronunciation for ({@code GET
     * speech/words?language=...&word=...}): words nobody can say to it, which a robot leaves out of what it listens for.
     *
     * @param words the words asked about, at least one
     * @param language the language spoken, e.g. "English"
     * @return those of the words it cannot pronounce, spelled as asked
     * @throws StoreHttpException with the store's reason if it refuses the language, or has no such service (404)
     * @throws StoreUnreachableException if the store refuses the connection or does not answer in time
     * @throws StoreException if the answer is not the JSON of such a list
     */
    public List<String> unknownWords(Collection<String> words, String language) throws StoreException, InterruptedException {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no word to ask about");
        }
        StringBuilder query = new StringBuilder("speech/words?language=").append(URLEncoder.encode(language, StandardCharsets.UTF_8));
        for (String word : words) {
            query.append("&word=").append(URLEncoder.encode(word, StandardCharsets.UTF_8));
        }
        URI uri = store.resolve(query.toString());
        return SentenceJson.unknown(json, uri, exchange(uri, BodySubscribers::ofByteArray).body());
    }

    private SentenceJson.Answer speech(Path sound, String language) throws StoreException, InterruptedException {
        URI uri = store.resolve("speech?language=" + URLEncoder.encode(language, StandardCharsets.UTF_8));
        HttpRequest.BodyPublisher body;
        try {
            body = HttpRequest.BodyPublishers.ofFile(sound);
        } catch (FileNotFoundException e) {
            throw new StoreException(uri, "cannot send " + sound + " to " + uri + ": no such file", e);
        }
        Duration limit = timeout.compareTo(SPEECH_TIMEOUT) > 0 ? timeout : SPEECH_TIMEOUT;
        HttpRequest request = HttpRequest.newBuilder(uri).POST(body).header("Content-Type", "audio/wav")
                .timeout(limit).build();
        return SentenceJson.parse(json, uri, exchange(request, limit, BodySubscribers::ofByteArray).body());
    }

    /** The absolute address of the app's jar. */
    public URI bundleUri(StoreApp app) throws StoreException {
        try {
            URI uri = store.resolve(app.url());
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
                throw new StoreException(uri, "app '" + app.name() + "' has a non-HTTP url '" + app.url() + "'");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new StoreException(store, "app '" + app.name() + "' has a malformed url '" + app.url() + "'", e);
        }
    }

    /**
     * One GET whose whole exchange, body included, must end within the timeout. A 200 response's body goes to
     * {@code success}; any other's text ends up in a {@link StoreHttpException}.
     */
    private <T> HttpResponse<T> exchange(URI uri, Supplier<BodySubscriber<T>> success)
            throws StoreException, InterruptedException {
        return exchange(HttpRequest.newBuilder(uri).GET().timeout(timeout).build(), timeout, success);
    }

    /** {@link #exchange(URI, Supplier)} with any request, which must end within {@code limit}. */
    private <T> HttpResponse<T> exchange(HttpRequest request, Duration limit, Supplier<BodySubscriber<T>> success)
            throws StoreException, InterruptedException {
        URI uri = request.uri();
        BodyHandler<T> handler = info -> info.statusCode() == 200 ? success.get()
                : BodySubscribers.mapping(BodySubscribers.ofByteArray(), bytes -> {
                    throw new StoreErrorBody(info.statusCode(), errorText(bytes));
                });
        CompletableFuture<HttpResponse<T>> future = http.sendAsync(request, handler);
        try {
            return future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new StoreUnreachableException(uri, "RAPP Store at " + uri + " did not answer within " + seconds(limit),
                    e);
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw failure(uri, e.getCause(), limit);
        }
    }

    private StoreException failure(URI uri, Throwable cause, Duration limit) {
        StoreErrorBody body = find(cause, StoreErrorBody.class);
        if (body != null) {
            return new StoreHttpException(uri, body.status, body.text);
        }
        if (find(cause, HttpConnectTimeoutException.class) != null) {
            return new StoreUnreachableException(uri, "RAPP Store at " + uri + " unreachable: no connection within "
                    + seconds(timeout), cause);
        }
        if (find(cause, HttpTimeoutException.class) != null) {
            return new StoreUnreachableException(uri, "RAPP Store at " + uri + " did not answer within " + seconds(limit),
                    cause);
        }
        ConnectException refused = find(cause, ConnectException.class);
        if (refused != null) {
            return new StoreUnreachableException(uri, "RAPP Store at " + uri + " unreachable: cannot connect ("
                    + refused + "); is the store running?", cause);
        }
        return new StoreException(uri, "request to RAPP Store " + uri + " failed: " + cause, cause);
    }

    /** The first throwable of that type in the cause chain: the client wraps what its subscribers throw. */
    private static <E extends Throwable> E find(Throwable error, Class<E> type) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
        }
        return null;
    }

    private static String seconds(Duration limit) {
        return limit.toMillis() / 1000.0 + " s";
    }

    private static String sha256(Path file, URI uri) throws StoreException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0;) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new StoreException(uri, "cannot read back the download of " + uri + " from " + file + ": " + e, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static void move(Path part, Path target, URI uri) throws StoreException {
        try {
            try {
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new StoreException(uri, "cannot move the download of " + uri + " to " + target + ": " + e, e);
        }
    }

    private static String errorText(byte[] bytes) {
        String text = new String(bytes, 0, Math.min(bytes.length, MAX_ERROR_BODY), StandardCharsets.UTF_8);
        return bytes.length > MAX_ERROR_BODY ? text + "..." : text;
    }

    /** Carries an error response's status and text out of a body subscriber. */
    private static final class StoreErrorBody extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;
        private final String text;

        StoreErrorBody(int status, String text) {
            super(null, null, false, false);
            this.status = status;
            this.text = text;
        }
    }
}
