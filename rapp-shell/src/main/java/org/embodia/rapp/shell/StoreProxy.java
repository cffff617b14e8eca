package org.embodia.rapp.shell;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A loopback HTTP proxy in front of a RAPP Store, for the failures demo: GET requests are passed on to the store and
 * its answers back, status, content type and body. In {@link Mode#CORRUPT_BUNDLES} one byte of every app jar served
 * ({@code GET /bundles/<file>}, status 200) is flipped, so the jar no longer has the SHA-256 the store's index gives
 * it; the index and {@code /apps} pass unchanged. Closed, it leaves an address nobody listens on.
 */
final class StoreProxy implements AutoCloseable {
    /** What the proxy does to the store's answers. */
    enum Mode {
        /** Passes them on unchanged. */
        PASS,
        /** Flips one byte of each app jar. */
        CORRUPT_BUNDLES
    }

    private static final String BUNDLES = "/bundles/";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI upstream;
    private final Mode mode;
    private final HttpServer server;
    private final ExecutorService executor;
    private final HttpClient client;
    private final URI uri;
    private final AtomicLong corrupted = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile String lastCorrupted;

    private StoreProxy(URI upstream, Mode mode) throws IOException {
        this.upstream = upstream;
        this.mode = mode;
        InetAddress loopback = InetAddress.getLoopbackAddress();
        server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
        executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "rapp-store-proxy-" + server.getAddress().getPort());
            t.setDaemon(true);
            return t;
        });
        // HTTP/1.1 and no redirects, as StoreClient asks the store itself.
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
        try {
            uri = new URI("http", null, loopback.getHostAddress(), server.getAddress().getPort(), "/", null, null);
        } catch (URISyntaxException e) {
            close();
            throw new IllegalStateException("a loopback address makes a URI", e);
        }
    }

    /**
     * Starts a proxy on a free loopback port.
     *
     * @param upstream the store's base address, ending in '/'
     * @throws IllegalArgumentException if upstream is not an absolute http URI ending in '/'
     */
    static StoreProxy start(URI upstream, Mode mode) throws IOException {
        Objects.requireNonNull(mode, "mode");
        if (upstream == null || !"http".equalsIgnoreCase(upstream.getScheme()) || upstream.getHost() == null
                || upstream.getRawPath() == null || !upstream.getRawPath().endsWith("/")) {
            throw new IllegalArgumentException("the store's address must be an http:// URI with a host whose path ends in '/', got '"
                    + upstream + "'");
        }
        return new StoreProxy(upstream, mode);
    }

    /** The proxy's base address, ending in '/': give it to StoreClient (or cs's store.uri) instead of the store's. */
    URI uri() {
        return uri;
    }

    /** App jars served with a byte flipped so far. */
    long corrupted() {
        return corrupted.get();
    }

    /** The latest of them: "byte N of /bundles/file", or null. */
    String lastCorrupted() {
        return lastCorrupted;
    }

    /** Stops listening at once; requests under way are cut off. Once is enough; later calls do nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) {
        try {
            String path = exchange.getRequestURI().getRawPath();
            if (!"GET".equals(exchange.getRequestMethod()) || path == null || !path.startsWith("/")) {
                text(exchange, 405, "the store proxy passes GET requests for paths only");
                return;
            }
            String query = exchange.getRequestURI().getRawQuery();
            URI target = upstream.resolve(path.substring(1) + (query == null ? "" : "?" + query));
            HttpResponse<byte[]> answer;
            try {
                answer = client.send(HttpRequest.newBuilder(target).GET().timeout(TIMEOUT).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                text(exchange, 502, "the store proxy could not reach the store at " + target + ": " + e);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            byte[] body = answer.body();
            if (mode == Mode.CORRUPT_BUNDLES && answer.statusCode() == 200 && path.startsWith(BUNDLES) && body.length > 0) {
                int at = body.length / 2;
                body[at] ^= (byte) 0xFF;
                lastCorrupted = "byte " + at + " of " + path;
                corrupted.incrementAndGet();
            }
            answer.headers().firstValue("Content-Type").ifPresent(v -> exchange.getResponseHeaders().set("Content-Type", v));
            send(exchange, answer.statusCode(), body);
        } catch (IOException e) {
            // The client went away mid-answer; there is no one left to tell.
        } finally {
            exchange.close();
        }
    }

    private static void text(HttpExchange exchange, int status, String message) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        send(exchange, status, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
