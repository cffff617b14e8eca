package org.embodia.rapp.app.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store directory this module packages, served by the RAPP Store as {@code ./embodia run rapp-store} would: its
 * {@code StoreMain} in a JVM of its own on any free loopback port. The three example apps are listed with their keywords
 * and download with the SHA-256 of the jars built.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoreIT {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Map<String, List<String>> KEYWORDS = Map.of(
            "greeter", List.of("hello", "greet"),
            "walker", List.of("walk"),
            "photographer", List.of("photo", "picture"));

    /** The class's temporary directory: the store's log and the downloads. */
    private Path temp;
    private Path directory;
    private Path storeLog;
    private Process store;
    private StoreClient client;

    @BeforeAll
    void startTheStore(@TempDir Path classTemp) throws Exception {
        temp = classTemp;
        String configured = System.getProperty("rapp.store.directory");
        assertTrue(configured != null && Files.isDirectory(Path.of(configured)),
                "system property rapp.store.directory must name the packaged store directory, got " + configured);
        directory = Path.of(configured).toAbsolutePath().normalize();
        storeLog = temp.resolve("store.log");
        store = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.embodia.rapp.store.StoreMain",
                directory.toString(), "0")
                .redirectError(storeLog.toFile())
                .start();
        String prefix = "RAPP Store serving " + directory + " at ";
        CompletableFuture<String> banner = CompletableFuture.supplyAsync(() -> firstLine(store.getInputStream()));
        String line;
        try {
            line = banner.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the store printed nothing within " + START_TIMEOUT + "; its log: " + log(), e);
        }
        assertTrue(line != null && line.startsWith(prefix), "the store printed '" + line + "'; its log: " + log());
        client = new StoreClient(URI.create(line.substring(prefix.length())), Duration.ofSeconds(20));
    }

    @AfterAll
    void stopTheStore() throws InterruptedException {
        if (store != null) {
            store.destroy();
            if (!store.waitFor(10, TimeUnit.SECONDS)) {
                store.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void theDirectoryHoldsTheThreeAppJarsAndNothingElse() throws IOException {
        List<Path> jars = jars();
        assertEquals(KEYWORDS.size(), jars.size(), "jars in " + directory + ": " + jars);
        for (String name : KEYWORDS.keySet()) {
            assertTrue(jars.contains(jarOf(name)));
        }
        try (Stream<Path> files = Files.list(directory)) {
            assertEquals(jars, files.sorted().toList());
        }
    }

    @Test
    void theStoreListsTheThreeAppsWithTheirKeywords() throws Exception {
        Map<String, StoreApp> apps = client.apps().stream()
                .collect(Collectors.toMap(StoreApp::name, Function.identity()));
        assertEquals(KEYWORDS.keySet(), apps.keySet(), "apps listed: " + apps.values());
        for (StoreApp app : apps.values()) {
            Path jar = jarOf(app.name());
            assertEquals(KEYWORDS.get(app.name()), app.keywords(), app.name());
            assertEquals("org.embodia.rapp.app." + app.name(), app.bsn());
            assertEquals("bundles/" + jar.getFileName(), app.url());
            assertEquals(Files.size(jar), app.size(), app.name());
            assertEquals(sha256(jar), app.sha256(), app.name());
        }
    }

    @Test
    void eachAppDownloadsWithTheHashOfTheJarBuilt() throws Exception {
        for (String name : KEYWORDS.keySet()) {
            Path downloaded = client.download(name, temp.resolve("downloads").resolve(name + ".jar"));
            assertEquals(sha256(jarOf(name)), sha256(downloaded), name);
            assertArrayEquals(Files.readAllBytes(jarOf(name)), Files.readAllBytes(downloaded), name);
        }
    }

    @Test
    void theRepositoryIndexNamesEachAppAndItsHash() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> index = http.send(HttpRequest.newBuilder(client.store().resolve("index.xml"))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, index.statusCode(), index.body());
        for (String name : KEYWORDS.keySet()) {
            assertTrue(index.body().contains("\"" + sha256(jarOf(name)) + "\""), name + " hash in " + index.body());
            assertTrue(index.body().contains("osgi.identity\" value=\"org.embodia.rapp.app." + name + "\""),
                    name + " identity in " + index.body());
        }
    }

    private List<Path> jars() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
    }

    private Path jarOf(String app) throws IOException {
        String prefix = "embodia-rapp-app-" + app + "-";
        return jars().stream().filter(j -> j.getFileName().toString().startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no jar of " + app + " in " + directory));
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static String firstLine(InputStream out) {
        try {
            return new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            return "(cannot read the store's output: " + e + ")";
        }
    }

    private String log() {
        try {
            return Files.readString(storeLog);
        } catch (IOException e) {
            return "(cannot read " + storeLog + ": " + e + ")";
        }
    }
}
