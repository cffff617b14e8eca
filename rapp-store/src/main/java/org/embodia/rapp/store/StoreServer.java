package org.embodia.rapp.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.rapp.store.api.RappAppNamespace;
import org.embodia.rapp.store.api.StoreApp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The RAPP Store's HTTP server, on the JDK's {@code com.sun.net.httpserver} bound to the loopback interface:
 * <ul>
 * <li>{@code GET /index.xml}: the OSGi Repository index of the apps;</li>
 * <li>{@code GET /bundles/<file>}: an app's jar;</li>
 * <li>{@code GET /apps}: the apps as JSON (name, keywords, bsn, version, sha256, size, url);</li>
 * <li>{@code POST /speech?language=English} with a sound file (WAV) as the body: the RAPP Platform's speech
 * recognition of a long command ({@link SpeechEndpoint}), the sentence heard as JSON;</li>
 * <li>{@code GET /speech/words?language=English&word=<word>...}: which of the words that recognition has no
 * pronunciation for, as JSON;</li>
 * <li>anything else: 404, or 405 for another method on these paths, each with a text body saying why.</li>
 * </ul>
 * A bundle's file name is looked up among the jars of the current index, never resolved as a path; names with '/',
 * '\', an encoded slash or backslash, or that are '.' or '..' are refused with 400 before that.
 */
public final class StoreServer implements AutoCloseable {
    /** Requests served at once: a slow download does not hold up the index. */
    private static final int THREADS = 4;
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final String ENDPOINTS = "the RAPP Store serves GET /index.xml, GET /apps, GET /bundles/<file>,"
            + " POST /speech?language=English, GET /speech/words?language=English&word=<word>...";

    private final Catalog catalog;
    private final SpeechEndpoint speech;
    private final StoreLog log;
    private final HttpServer server;
    private final ExecutorService executor;
    private final URI uri;

    /**
     * Reads the directory and starts serving it on the loopback interface.
     *
     * @param port the TCP port, 0 for any free one
     * @throws IllegalArgumentException if the directory is not one, or the port is out of range
     * @throws IOException naming the address if the port cannot be bound
     */
    StoreServer(Path directory, int port, StoreLog log) throws IOException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("RAPP Store port must be 0 (any free port) to 65535, got " + port);
        }
        Path absolute = directory.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute)) {
            throw new IllegalArgumentException("RAPP Store directory " + absolute
                    + " does not exist or is not a directory");
        }
        this.log = log;
        this.catalog = new Catalog(absolute, log);
        this.speech = new SpeechEndpoint(log);
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try {
            server = HttpServer.create(new InetSocketAddress(loopback, port), 0);
        } catch (BindException e) {
            BindException named = new BindException("RAPP Store cannot listen on " + loopback.getHostAddress() + ":"
                    + port + ": " + e.getMessage());
            named.initCause(e);
            throw named;
        }
        int bound = server.getAddress().getPort();
        executor = Executors.newFixedThreadPool(THREADS, threads("rapp-store-http-" + bound + "-"));
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
        try {
            uri = new URI("http", null, loopback.getHostAddress(), bound, "/", null, null);
        } catch (URISyntaxException e) {
            close();
            throw new IllegalStateException("a loopback address makes a URI", e);
        }
    }

    /**
     * A server for embedding and tests ({@link org.embodia.rapp.store.api.StoreServers}): warnings go to standard
     * error, the routine messages nowhere.
     */
    public static StoreServer embedded(Path directory, int port) throws IOException {
        return new StoreServer(directory, port, new StoreLog() {
            @Override
            public void info(String message) {
                // Routine (each request, each re-index): an embedding program has no use for them.
            }

            @Override
            public void warn(String message) {
                System.err.println("rapp-store: WARN " + message);
            }
        });
    }

    /** The store's base address, ending in '/'. */
    public URI uri() {
        return uri;
    }

    public Path directory() {
        return catalog.directory();
    }

    /** The apps served now. */
    List<StoreApp> apps() {
        return catalog.current().storeApps();
    }

    /** Stops listening at once and ends the request threads; requests under way are cut off. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        speech.close();
        try {
            if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                log.warn("RAPP Store at " + uri + ": request threads still running 5 s after stop");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) {
        try {
            route(exchange);
        } catch (IOException e) {
            // The client went away mid-answer; there is no one left to tell.
        } catch (RuntimeException e) {
            log.warn("RAPP Store failed on " + exchange.getRequestMethod() + " " + exchange.getRequestURI() + ": " + e);
            try {
                text(exchange, 500, "RAPP Store internal error: " + e);
            } catch (IOException | RuntimeException ignored) {
                // Headers were sent already: closing the exchange below cuts the answer short, which the client sees.
            }
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        if (path == null) {
            text(exchange, 400, "request target " + exchange.getRequestURI() + " has no path; " + ENDPOINTS);
            return;
        }
        boolean known = path.equals("/index.xml") || path.equals("/apps") || path.startsWith("/bundles/");
        if (path.equals("/speech")) {
            speech(exchange);
            return;
        }
        if (path.equals("/speech/words")) {
            words(exchange);
            return;
        }
        if (!known) {
            text(exchange, 404, "no such resource " + path + "; " + ENDPOINTS);
            return;
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            text(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed on " + path + "; "
                    + ENDPOINTS);
            return;
        }
        Catalog.Snapshot snapshot = catalog.current();
        switch (path) {
            case "/index.xml" -> send(exchange, 200, "application/xml", snapshot.index());
            case "/apps" -> send(exchange, 200, "application/json", snapshot.appsJson());
            default -> bundle(exchange, snapshot, path.substring("/bundles/".length()));
        }
    }

    private void bundle(HttpExchange exchange, Catalog.Snapshot snapshot, String rawName) throws IOException {
        String lower = rawName.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c") || lower.contains("%00")) {
            text(exchange, 400, "bundle file name '" + rawName + "' holds an encoded slash, backslash or NUL");
            return;
        }
        String decoded = exchange.getRequestURI().getPath();
        if (decoded == null || !decoded.startsWith("/bundles/")) {
            text(exchange, 400, "request path " + exchange.getRequestURI().getRawPath() + " is malformed");
            return;
        }
        String name = decoded.substring("/bundles/".length());
        if (name.isEmpty()) {
            text(exchange, 404, "no bundle file named; use GET /bundles/<file> with a file from GET /index.xml");
            return;
        }
        if (name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")) {
            text(exchange, 400, "bundle file name '" + name + "' is not a plain file name: paths are not served");
            return;
        }
        Catalog.Indexed app = snapshot.apps().get(name);
        if (app == null) {
            String skipped = snapshot.skipped().get(name);
            text(exchange, 404, skipped != null ? "'" + name + "' is not served: " + skipped
                    : "no bundle '" + name + "' in the RAPP Store (it has: "
                            + (snapshot.apps().isEmpty() ? "none" : String.join(", ", snapshot.apps().keySet())) + ")");
            return;
        }
        // The name is one the catalog listed in its own directory and matched against Catalog.FILE_NAME.
        Path file = catalog.directory().resolve(app.file());
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            text(exchange, 404, "bundle '" + name + "' was removed from the RAPP Store");
            return;
        }
        try (channel; InputStream in = Channels.newInputStream(channel)) {
            long size = channel.size();
            exchange.getResponseHeaders().set("Content-Type", RappAppNamespace.BUNDLE_MIME_TYPE);
            exchange.sendResponseHeaders(200, size == 0 ? -1 : size);
            // Exactly the length announced: a jar rewritten meanwhile arrives cut short or whole, never longer.
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] buffer = new byte[64 * 1024];
                long left = size;
                for (int n; left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0;) {
                    out.write(buffer, 0, n);
                    left -= n;
                }
            }
        }
    }

    private void speech(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestMethod().equals("POST")) {
            exchange.getResponseHeaders().set("Allow", "POST");
            text(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed on /speech: POST a sound file"
                    + " (WAV) to /speech?language=English");
            return;
        }
        byte[] sound;
        try (InputStream in = exchange.getRequestBody()) {
            sound = in.readNBytes(SpeechEndpoint.MAX_BYTES + 1);
        }
        if (sound.length > SpeechEndpoint.MAX_BYTES) {
            text(exchange, 413, "a recording of more than " + SpeechEndpoint.MAX_BYTES + " bytes is not a spoken command");
            return;
        }
        try {
            send(exchange, 200, "application/json", speech.recognize(sound, query(exchange, "language"),
                    catalog.current().storeApps()));
        } catch (SpeechEndpoint.Refused e) {
            text(exchange, e.status, e.getMessage());
        }
    }

    private void words(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            text(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed on /speech/words: GET"
                    + " /speech/words?language=English&word=<word>...");
            return;
        }
        try {
            send(exchange, 200, "application/json", speech.unknownWords(queryAll(exchange, "word"), query(exchange, "language")));
        } catch (SpeechEndpoint.Refused e) {
            text(exchange, e.status, e.getMessage());
        }
    }

    /** Every value of a query parameter, decoded, in order. */
    private static List<String> queryAll(HttpExchange exchange, String name) {
        String query = exchange.getRequestURI().getRawQuery();
        List<String> values = new ArrayList<>();
        if (query == null) {
            return values;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equals(name)) {
                values.add(URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    /** The first value of a query parameter, or null. */
    private static String query(HttpExchange exchange, String name) {
        String query = exchange.getRequestURI().getQuery();
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equals(name)) {
                return pair.substring(equals + 1);
            }
        }
        return null;
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        // A HEAD request (answered 405) gets the headers only.
        boolean none = body.length == 0 || exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, none ? -1 : body.length);
        if (!none) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void text(HttpExchange exchange, int status, String message) throws IOException {
        send(exchange, status, TEXT, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
