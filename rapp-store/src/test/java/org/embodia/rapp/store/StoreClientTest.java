package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.embodia.rapp.store.api.AppNotFoundException;
import org.embodia.rapp.store.api.HashMismatchException;
import org.embodia.rapp.store.api.SpokenWord;
import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreException;
import org.embodia.rapp.store.api.StoreHttpException;
import org.embodia.rapp.store.api.StoreUnreachableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

/**
 * The client the control subsystem's load behaviour uses: listing, a checked download, and each way it can fail with
 * its own exception and a message naming the store's address.
 */
class StoreClientTest {
    @TempDir
    Path temp;
    private Path store;
    private Path downloads;
    private StoreServer server;
    private StoreClient client;

    @BeforeEach
    void start() throws IOException {
        store = Files.createDirectory(temp.resolve("store"));
        downloads = temp.resolve("downloads");
        TestBundles.app(store, "greeter.jar", "greeter", "hello, hi", "org.example.greeter", "1.0.0");
        TestBundles.app(store, "walker.jar", "walker", "walk", "org.example.walker", "1.0.0");
        server = new StoreServer(store, 0, new TestBundles.Log());
        client = new StoreClient(server.uri(), Duration.ofSeconds(60));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void itListsTheStoresApps() throws Exception {
        List<StoreApp> apps = client.apps();
        assertEquals(List.of(
                new StoreApp("greeter", List.of("hello", "hi"), "org.example.greeter", "1.0.0",
                        TestBundles.sha256(store.resolve("greeter.jar")), Files.size(store.resolve("greeter.jar")),
                        "bundles/greeter.jar"),
                new StoreApp("walker", List.of("walk"), "org.example.walker", "1.0.0",
                        TestBundles.sha256(store.resolve("walker.jar")), Files.size(store.resolve("walker.jar")),
                        "bundles/walker.jar")), apps);
        assertEquals(server.uri().resolve("bundles/walker.jar"), client.bundleUri(apps.get(1)));
    }

    @Test
    void aDownloadIsCheckedAndLeavesOnlyTheJar() throws Exception {
        Path target = downloads.resolve("greeter.jar");
        assertEquals(target, client.download("greeter", target));
        assertArrayEquals(Files.readAllBytes(store.resolve("greeter.jar")), Files.readAllBytes(target));
        assertEquals(List.of(target), list(downloads), "no temporary file is left");
    }

    @Test
    void aJarTamperedWithAfterIndexingIsDetectedAndNotKept() throws Exception {
        StoreApp greeter = client.app("greeter");
        TestBundles.app(store, "greeter.jar", "greeter", "hello, hi", "org.example.greeter", "6.6.6");
        String tampered = TestBundles.sha256(store.resolve("greeter.jar"));
        Path target = Files.createDirectories(downloads).resolve("greeter.jar");
        Files.writeString(target, "an earlier download");

        HashMismatchException mismatch = assertThrows(HashMismatchException.class,
                () -> client.download(greeter, target));
        assertEquals(greeter.sha256(), mismatch.expected());
        assertEquals(tampered, mismatch.actual());
        assertTrue(mismatch.getMessage().contains(greeter.sha256()) && mismatch.getMessage().contains(tampered),
                mismatch.getMessage());
        assertTrue(mismatch.getMessage().contains(server.uri().resolve("bundles/greeter.jar").toString()));
        assertEquals("an earlier download", Files.readString(target), "the target is left as it was");
        assertEquals(List.of(target), list(downloads), "the bad bytes are deleted");
    }

    @Test
    void anUnknownAppNamesTheOnesTheStoreHas() {
        AppNotFoundException missing = assertThrows(AppNotFoundException.class,
                () -> client.download("dancer", downloads.resolve("dancer.jar")));
        assertEquals("dancer", missing.app());
        assertEquals(List.of("greeter", "walker"), missing.available());
        assertTrue(missing.getMessage().contains("has no app 'dancer' (it has: greeter, walker)"),
                missing.getMessage());
        assertFalse(Files.exists(downloads.resolve("dancer.jar")));
    }

    @Test
    void anHttpErrorCarriesTheStatusAndTheStoresReason() throws Exception {
        StoreApp greeter = client.app("greeter");
        Files.delete(store.resolve("greeter.jar"));
        StoreHttpException gone = assertThrows(StoreHttpException.class,
                () -> client.download(greeter, downloads.resolve("greeter.jar")));
        assertEquals(404, gone.status());
        assertEquals(server.uri().resolve("bundles/greeter.jar"), gone.uri());
        assertTrue(gone.getMessage().contains("answered 404 for " + server.uri().resolve("bundles/greeter.jar")
                + ": no bundle 'greeter.jar' in the RAPP Store"), gone.getMessage());
        assertEquals(List.of(), list(downloads));

        StoreHttpException wrongBase = assertThrows(StoreHttpException.class,
                () -> new StoreClient(server.uri().resolve("elsewhere")).apps());
        assertEquals(404, wrongBase.status());
        assertEquals(server.uri().resolve("elsewhere/apps"), wrongBase.uri(), "a missing trailing '/' is added");
    }

    @Test
    void anUnreachableStoreIsNamed() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        URI address = URI.create("http://127.0.0.1:" + closed + "/");
        StoreUnreachableException refused = assertThrows(StoreUnreachableException.class,
                () -> new StoreClient(address).apps());
        assertEquals(address.resolve("apps"), refused.uri());
        assertTrue(refused.getMessage().startsWith("RAPP Store at http://127.0.0.1:" + closed + "/apps unreachable"),
                refused.getMessage());
    }

    @Test
    void aStoreThatNeverAnswersTimesOut() throws Exception {
        // Connections complete in the kernel's backlog, but nothing ever reads the request.
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            URI address = URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/");
            long start = System.nanoTime();
            StoreUnreachableException timeout = assertThrows(StoreUnreachableException.class,
                    () -> new StoreClient(address, Duration.ofMillis(300)).apps());
            // Without the timeout it would wait for ever; 60 s tells that apart on a loaded machine.
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60));
            assertEquals("RAPP Store at " + address.resolve("apps") + " did not answer within 0.3 s",
                    timeout.getMessage());
        }
    }

    @Test
    void aDownloadStallingMidwayTimesOutAndLeavesNoFile() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HttpServer stalling = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stalling.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, 1000);
            OutputStream body = exchange.getResponseBody();
            body.write(new byte[10]);
            body.flush();
            try {
                // Held past any client's timeout until the test ends.
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        stalling.start();
        try {
            URI address = URI.create("http://127.0.0.1:" + stalling.getAddress().getPort() + "/");
            StoreApp app = new StoreApp("slow", List.of("slow"), "org.example.slow", "1.0.0", "0".repeat(64), 1000,
                    "bundles/slow.jar");
            StoreUnreachableException timeout = assertThrows(StoreUnreachableException.class,
                    () -> new StoreClient(address, Duration.ofMillis(500))
                            .download(app, downloads.resolve("slow.jar")));
            assertTrue(timeout.getMessage().contains("did not answer within 0.5 s"), timeout.getMessage());
            assertEquals(List.of(), list(downloads));
        } finally {
            release.countDown();
            stalling.stop(0);
        }
    }

    @Test
    void aMalformedAppListIsReported() throws Exception {
        for (String body : List.of("not json", "{\"apps\": []}", "[{\"name\": \"x\"}]",
                "[{\"name\": \"x\", \"keywords\": [\"x\"], \"bsn\": \"b\", \"version\": \"1\", \"sha256\": \"abc\","
                        + " \"size\": 1, \"url\": \"bundles/x.jar\"}]",
                "[] []")) {
            HttpServer fake = answering("/apps", body);
            try {
                StoreException malformed = assertThrows(StoreException.class, () -> new StoreClient(
                        URI.create("http://127.0.0.1:" + fake.getAddress().getPort())).apps(), body);
                assertEquals(StoreException.class, malformed.getClass(), body);
                assertTrue(malformed.getMessage().startsWith("malformed app list from http://127.0.0.1:"),
                        malformed.getMessage());
            } finally {
                fake.stop(0);
            }
        }
    }

    /** A store at loopback whose {@code path} always answers {@code body}, 200; stopped by the caller. */
    private static HttpServer answering(String path, String body) throws IOException {
        HttpServer fake = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        fake.createContext(path, exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        fake.start();
        return fake;
    }

    @Test
    void aSpeechAnswerGivesEachWordItsConfidenceOrIsReportedAsMalformed() throws Exception {
        Path sound = Files.write(temp.resolve("said.wav"), new byte[] {1, 2, 3});
        HttpServer good = answering("/speech", "{\"sentence\": \"walk please\", \"words\": [\"walk\", \"please\"],"
                + " \"confidence\": [0.82, 0.4], \"other\": {\"x\": [1]}}");
        try {
            StoreClient speech = new StoreClient(URI.create("http://127.0.0.1:" + good.getAddress().getPort()));
            assertEquals(List.of(new SpokenWord("walk", 0.82), new SpokenWord("please", 0.4)), speech.recognizeWords(sound, "English"));
            assertEquals("walk please", speech.recognizeSpeech(sound, "English"));
        } finally {
            good.stop(0);
        }
        for (String body : List.of("{\"sentence\": \"walk\", \"words\": [\"walk\"], \"confidence\": [0.8, 0.1]}",
                "{\"sentence\": \"walk\", \"words\": [\"walk\"], \"confidence\": [1.5]}",
                "{\"sentence\": \"walk\", \"words\": [\"walk\"], \"confidence\": [\"high\"]}",
                "{\"sentence\": \"walk\", \"words\": \"walk\", \"confidence\": [0.8]}",
                "{\"words\": [\"walk\"], \"confidence\": [0.8]}",
                "{\"sentence\": \"walk\", \"words\": [\"walk\"]}")) {
            HttpServer fake = answering("/speech", body);
            try {
                StoreException bad = assertThrows(StoreException.class, () -> new StoreClient(
                        URI.create("http://127.0.0.1:" + fake.getAddress().getPort())).recognizeWords(sound, "English"), body);
                assertEquals(StoreException.class, bad.getClass(), body);
                assertTrue(bad.getMessage().contains("http://127.0.0.1:" + fake.getAddress().getPort()), bad.getMessage());
                assertTrue(bad.getMessage().startsWith("malformed speech recognition answer")
                        || bad.getMessage().contains("gives no confidence for the words it heard (\"walk\")"), bad.getMessage());
            } finally {
                fake.stop(0);
            }
        }
    }

    @Test
    void anUnknownWordsAnswerWithoutItsListIsReportedAsMalformed() throws Exception {
        for (String body : List.of("[]", "{\"language\": \"English\"}", "{\"unknown\": [1]}", "{\"unknown\": \"x\"}")) {
            HttpServer fake = answering("/speech/words", body);
            try {
                StoreException bad = assertThrows(StoreException.class, () -> new StoreClient(
                        URI.create("http://127.0.0.1:" + fake.getAddress().getPort())).unknownWords(List.of("walk"), "English"), body);
                assertEquals(StoreException.class, bad.getClass(), body);
                assertTrue(bad.getMessage().startsWith("malformed speech recognition answer from http://127.0.0.1:"), bad.getMessage());
            } finally {
                fake.stop(0);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> client.unknownWords(List.of(), "English"));
    }

    @Test
    void aStoreAddressMustBeHttpWithAHostAndTheTimeoutPositive() {
        for (String address : List.of("ftp://127.0.0.1/", "store/", "http:///apps", "file:/tmp/store")) {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> new StoreClient(URI.create(address)), address);
            assertTrue(bad.getMessage().contains(address), bad.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new StoreClient(server.uri(), Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new StoreApp("x", List.of(), "b", "1", "0".repeat(64), 1,
                "u"), "an app without keywords");
    }

    private static List<Path> list(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }
}
