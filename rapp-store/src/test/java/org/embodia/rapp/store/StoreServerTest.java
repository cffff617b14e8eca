package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.BindException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Version;
import org.osgi.resource.Capability;
import org.osgi.resource.Requirement;
import org.osgi.resource.Resource;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import aQute.bnd.osgi.repository.XMLResourceParser;

/**
 * The store over HTTP: its OSGi Repository index read back with bnd's parser, the app list, byte-identical downloads,
 * 404/405/400 answers, path traversal refused, and the directory's changes showing up without a restart.
 */
class StoreServerTest {
    private static final String REPOSITORY_NS = "http://www.osgi.org/xmlns/repository/v1.0.0";

    @TempDir
    Path temp;
    private Path store;
    private final TestBundles.Log log = new TestBundles.Log();
    private final HttpClient http = HttpClient.newHttpClient();
    private StoreServer server;

    @BeforeEach
    void fillStore() throws IOException {
        store = Files.createDirectory(temp.resolve("store"));
        TestBundles.app(store, "greeter.jar", "greeter", "hello, hi", "org.example.greeter", "1.0.0");
        TestBundles.app(store, "walker.jar", "walker", "walk", "org.example.walker", "2.1.0");
        TestBundles.jar(store.resolve("library.jar"), TestBundles.bundleHeaders("org.example.library", "1.0.0"),
                "a plain bundle");
        Files.writeString(store.resolve("broken.jar"), "not a zip file");
        Files.writeString(store.resolve("README.txt"), "not a jar at all");
        server = new StoreServer(store, 0, log);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theIndexIsAnOsgiRepositoryWithOneResourcePerApp() throws Exception {
        HttpResponse<byte[]> response = get("index.xml");
        assertEquals(200, response.statusCode());
        assertEquals("application/xml", response.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(REPOSITORY_NS, rootNamespace(response.body()));

        URI indexUri = server.uri().resolve("index.xml");
        List<Resource> resources;
        try (XMLResourceParser parser = new XMLResourceParser(new ByteArrayInputStream(response.body()), "index",
                indexUri)) {
            resources = parser.parse();
            assertTrue(parser.isOk(), "bnd reads the index without errors: " + parser.getErrors());
            assertEquals("RAPP Store", parser.name());
            assertTrue(parser.increment() > 0);
        }
        assertEquals(2, resources.size(), "greeter and walker; library.jar, broken.jar and README.txt are not apps");

        Resource greeter = resource(resources, "org.example.greeter");
        Map<String, Object> identity = only(greeter, "osgi.identity");
        assertEquals(new Version(1, 0, 0), identity.get("version"));
        assertEquals("osgi.bundle", identity.get("type"));

        Map<String, Object> content = only(greeter, "osgi.content");
        assertEquals(TestBundles.sha256(store.resolve("greeter.jar")), content.get("osgi.content"));
        assertEquals(server.uri().resolve("bundles/greeter.jar").toString(), content.get("url"),
                "the url is relative to the index, so it resolves to the store's /bundles/<file>");
        assertEquals(Files.size(store.resolve("greeter.jar")), content.get("size"));
        assertEquals("application/vnd.osgi.bundle", content.get("mime"));

        Map<String, Object> app = only(greeter, "rapp.app");
        assertEquals("greeter", app.get("name"));
        assertEquals(List.of("hello", "hi"), app.get("keywords"));

        Map<String, Object> export = only(greeter, "osgi.wiring.package");
        assertEquals("org.example.greeter.api", export.get("osgi.wiring.package"));
        assertEquals(new Version(1, 0, 0), export.get("version"));
        List<Requirement> imports = greeter.getRequirements("osgi.wiring.package");
        assertEquals(1, imports.size());
        assertEquals("(&(osgi.wiring.package=org.embodia.rapp.api)(version>=2.0.0)(!(version>=3.0.0)))",
                imports.get(0).getDirectives().get("filter"));

        Resource walker = resource(resources, "org.example.walker");
        assertEquals(new Version(2, 1, 0), only(walker, "osgi.identity").get("version"));
        assertEquals(List.of("walk"), only(walker, "rapp.app").get("keywords"));
        assertEquals(TestBundles.sha256(store.resolve("walker.jar")), only(walker, "osgi.content").get("osgi.content"));
    }

    @Test
    void theAppListGivesNameKeywordsIdentityHashAndUrl() throws Exception {
        HttpResponse<byte[]> response = get("apps");
        assertEquals(200, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElseThrow());
        List<Map<String, Object>> apps = json(response.body());
        assertEquals(2, apps.size());
        Map<String, Object> greeter = apps.get(0);
        assertEquals("greeter", greeter.get("name"));
        assertEquals(List.of("hello", "hi"), greeter.get("keywords"));
        assertEquals("org.example.greeter", greeter.get("bsn"));
        assertEquals("1.0.0", greeter.get("version"));
        assertEquals(TestBundles.sha256(store.resolve("greeter.jar")), greeter.get("sha256"));
        assertEquals(Files.size(store.resolve("greeter.jar")), greeter.get("size"));
        assertEquals("bundles/greeter.jar", greeter.get("url"));
        assertEquals("walker", apps.get(1).get("name"));
    }

    @Test
    void jarsThatAreNotAppsAreSkippedWithALoggedReason() throws Exception {
        List<String> warnings = log.lines().stream().filter(l -> l.startsWith("WARN")).toList();
        assertTrue(warnings.stream().anyMatch(l -> l.contains("library.jar") && l.contains("not an app")
                && l.contains("RAPP-App-Name")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(l -> l.contains("broken.jar") && l.contains("MANIFEST")),
                warnings.toString());
        assertFalse(warnings.stream().anyMatch(l -> l.contains("README.txt")), "only jars are looked at");

        HttpResponse<byte[]> library = get("bundles/library.jar");
        assertEquals(404, library.statusCode());
        assertTrue(text(library).contains("'library.jar' is not served: not an app"), text(library));
    }

    @Test
    void aKeywordsHeaderWithoutWordsIsNoApp() throws Exception {
        Map<String, String> headers = TestBundles.bundleHeaders("org.example.mute", "1.0.0");
        headers.put("RAPP-App-Name", "mute");
        headers.put("RAPP-App-Keywords", " , ,");
        TestBundles.jar(store.resolve("mute.jar"), headers, "no words");

        assertEquals(404, get("bundles/mute.jar").statusCode());
        assertTrue(log.lines().stream().anyMatch(l -> l.contains("mute.jar") && l.contains("at least one keyword")),
                log.lines().toString());
        assertEquals(List.of("hello", "hi"), Catalog.keywords(" hello, hi ,,hello"),
                "trimmed, no empty or repeated words");
        assertEquals(List.of(), Catalog.keywords(null));
    }

    @Test
    void aJarTooLargeToIndexIsSkipped() throws Exception {
        try (RandomAccessFile huge = new RandomAccessFile(store.resolve("huge.jar").toFile(), "rw")) {
            huge.setLength(Catalog.MAX_JAR_SIZE + 1);
        }
        assertEquals(List.of("greeter", "walker"), names(json(get("apps").body())));
        assertEquals("'huge.jar' is not served: larger than 64 MiB\n", text(get("bundles/huge.jar")));
    }

    @Test
    void aBundleDownloadsByteForByte() throws Exception {
        HttpResponse<byte[]> response = get("bundles/walker.jar");
        assertEquals(200, response.statusCode());
        assertArrayEquals(Files.readAllBytes(store.resolve("walker.jar")), response.body());
        assertEquals("application/vnd.osgi.bundle", response.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(Files.size(store.resolve("walker.jar")),
                response.headers().firstValueAsLong("Content-Length").orElseThrow());
    }

    @Test
    void unknownFilesAndPathsAre404AndOtherMethods405WithAReason() throws Exception {
        HttpResponse<byte[]> unknown = get("bundles/dancer.jar");
        assertEquals(404, unknown.statusCode());
        assertEquals("no bundle 'dancer.jar' in the RAPP Store (it has: greeter.jar, walker.jar)\n", text(unknown));
        assertTrue(unknown.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"));

        for (String path : List.of("", "index", "bundles", "apps/greeter", "index.xml/x")) {
            HttpResponse<byte[]> response = get(path);
            assertEquals(404, response.statusCode(), path);
            assertTrue(text(response).contains("serves GET /index.xml, GET /apps, GET /bundles/<file>, POST /speech?language=English, GET /speech/words"), path);
        }
        for (String[] request : new String[][] {{"POST", "/apps"}, {"DELETE", "/bundles/greeter.jar"},
                {"PUT", "/index.xml"}, {"HEAD", "/index.xml"}}) {
            TestBundles.RawResponse response = TestBundles.raw(server.uri().getPort(), request[0], request[1]);
            assertEquals(405, response.status(), request[0] + " " + request[1]);
            assertTrue(response.headers().stream().anyMatch(h -> h.equalsIgnoreCase("Allow: GET")),
                    response.headers().toString());
            if (!request[0].equals("HEAD")) {
                assertTrue(response.body().contains("method " + request[0] + " not allowed on " + request[1]),
                        response.body());
            }
        }
    }

    @Test
    void pathTraversalIsRefusedWith400() throws Exception {
        TestBundles.app(temp, "secret.jar", "secret", "secret", "org.example.secret", "1.0.0");
        for (String target : List.of("/bundles/../secret.jar", "/bundles/..", "/bundles/.", "/bundles/%2e%2e",
                "/bundles/%2E%2E/secret.jar", "/bundles/..%2Fsecret.jar", "/bundles/..%2fsecret.jar",
                "/bundles/%2Ftmp%2Fsecret.jar", "/bundles//tmp/secret.jar", "/bundles/store/greeter.jar",
                "/bundles/..%5Csecret.jar", "/bundles/greeter.jar%00")) {
            TestBundles.RawResponse response = TestBundles.raw(server.uri().getPort(), "GET", target);
            assertEquals(400, response.status(), target + ": " + response.body());
            assertFalse(response.body().contains("PK"), target + " returned jar bytes");
        }
        assertEquals(200, TestBundles.raw(server.uri().getPort(), "GET", "/bundles/greeter.jar").status(),
                "the raw client itself works");
    }

    @Test
    void changesOfTheDirectoryShowWithoutARestart() throws Exception {
        long firstIncrement = increment();
        TestBundles.app(store, "photographer.jar", "photographer", "photo, picture", "org.example.photographer",
                "1.0.0");
        assertEquals(List.of("greeter", "photographer", "walker"), names(json(get("apps").body())));
        String index = text(get("index.xml"));
        assertTrue(index.contains("org.example.photographer"), index);
        assertTrue(increment() > firstIncrement, "the index's increment grows with each change");
        assertEquals(200, get("bundles/photographer.jar").statusCode());

        Files.delete(store.resolve("walker.jar"));
        assertEquals(List.of("greeter", "photographer"), names(json(get("apps").body())));
        assertEquals(404, get("bundles/walker.jar").statusCode());

        String before = TestBundles.sha256(store.resolve("greeter.jar"));
        TestBundles.app(store, "greeter.jar", "greeter", "hello, hi, good morning", "org.example.greeter", "1.0.1");
        Map<String, Object> greeter = json(get("apps").body()).get(0);
        assertEquals("1.0.1", greeter.get("version"));
        assertEquals(List.of("hello", "hi", "good morning"), greeter.get("keywords"));
        assertNotEquals(before, greeter.get("sha256"));
        assertEquals(TestBundles.sha256(store.resolve("greeter.jar")), greeter.get("sha256"));
        assertTrue(text(get("index.xml")).contains(TestBundles.sha256(store.resolve("greeter.jar"))));
    }

    @Test
    void aRewriteKeepingSizeAndTimeIsSeenByItsFileKey() throws Exception {
        Path greeter = store.resolve("greeter.jar");
        FileTime time = Files.getLastModifiedTime(greeter);
        Path replacement = TestBundles.app(temp, "greeter.jar", "greeter", "hello, ih", "org.example.greeter",
                "1.0.0");
        assertEquals(Files.size(greeter), Files.size(replacement), "same length, different bytes");
        Files.setLastModifiedTime(replacement, time);
        Files.move(replacement, greeter, StandardCopyOption.REPLACE_EXISTING);

        assertEquals(List.of("hello", "ih"), json(get("apps").body()).get(0).get("keywords"));
    }

    @Test
    void ofTwoJarsOfOneAppTheHigherVersionIsServed() throws Exception {
        TestBundles.app(store, "greeter-2.jar", "greeter", "hello", "org.example.greeter", "2.0.0");
        List<Map<String, Object>> apps = json(get("apps").body());
        assertEquals(List.of("greeter", "walker"), names(apps));
        assertEquals("2.0.0", apps.get(0).get("version"));
        assertEquals("bundles/greeter-2.jar", apps.get(0).get("url"));
        assertTrue(text(get("bundles/greeter.jar")).contains("app 'greeter' is served from greeter-2.jar"));
    }

    @Test
    void aKeywordOfTwoAppsIsServedWithAWarning() throws Exception {
        TestBundles.app(store, "salute.jar", "salute", "hello, salute", "org.example.salute", "1.0.0");
        assertEquals(List.of("greeter", "salute", "walker"), names(json(get("apps").body())));
        assertTrue(log.lines().contains("WARN RAPP Store: keyword 'hello' belongs to both app 'greeter' and app"
                + " 'salute'"), log.lines().toString());
    }

    @Test
    void aMissingDirectoryServesNothingUntilItComesBack() throws Exception {
        Path moved = temp.resolve("moved");
        Files.move(store, moved);
        assertEquals(List.of(), json(get("apps").body()));
        assertTrue(log.lines().stream().anyMatch(l -> l.startsWith("WARN") && l.contains("does not exist")));
        Files.move(moved, store);
        assertEquals(List.of("greeter", "walker"), names(json(get("apps").body())));
    }

    @Test
    void itListensOnLoopbackAndNamesAPortInUse() throws Exception {
        assertEquals("127.0.0.1", server.uri().getHost());
        assertTrue(server.uri().getPort() > 0);
        assertEquals("/", server.uri().getPath());
        BindException taken = assertThrows(BindException.class,
                () -> new StoreServer(store, server.uri().getPort(), log));
        assertTrue(taken.getMessage().contains("cannot listen on 127.0.0.1:" + server.uri().getPort()),
                taken.getMessage());
    }

    @Test
    void aBadDirectoryOrPortIsRefused() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> new StoreServer(temp.resolve("nowhere"), 0, log));
        assertTrue(missing.getMessage().contains("nowhere") && missing.getMessage().contains("does not exist"));
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
                () -> new StoreServer(store, 70000, log));
        assertTrue(port.getMessage().contains("70000"));
        assertThrows(IllegalArgumentException.class, () -> new StoreServer(store, -1, log));
    }

    @Test
    void closingStopsListeningAndEndsItsThreads() throws Exception {
        int port = server.uri().getPort();
        for (int i = 0; i < 8; i++) {
            assertEquals(200, get("apps").statusCode(), "use every request thread");
        }
        server.close();
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
        List<String> left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("rapp-store-http-" + port + "-")).collect(Collectors.toList());
        assertEquals(List.of(), left);
    }

    private long increment() throws Exception {
        try (XMLResourceParser parser = new XMLResourceParser(new ByteArrayInputStream(get("index.xml").body()),
                "index", server.uri())) {
            parser.parse();
            return parser.increment();
        }
    }

    private HttpResponse<byte[]> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static String rootNamespace(byte[] xml) throws Exception {
        XMLStreamReader reader = XMLInputFactory.newFactory().createXMLStreamReader(new ByteArrayInputStream(xml));
        reader.nextTag();
        assertEquals("repository", reader.getLocalName());
        return reader.getNamespaceURI();
    }

    private static Resource resource(List<Resource> resources, String bsn) {
        return resources.stream()
                .filter(r -> bsn.equals(only(r, "osgi.identity").get("osgi.identity")))
                .findFirst().orElseThrow(() -> new AssertionError("no resource " + bsn));
    }

    private static Map<String, Object> only(Resource resource, String namespace) {
        List<Capability> capabilities = resource.getCapabilities(namespace);
        assertEquals(1, capabilities.size(), namespace);
        return capabilities.get(0).getAttributes();
    }

    private static List<String> names(List<Map<String, Object>> apps) {
        return apps.stream().map(a -> (String) a.get("name")).toList();
    }

    /** The app list as plain maps, read with Jackson's parser independently of StoreClient. */
    private static List<Map<String, Object>> json(byte[] body) throws IOException {
        List<Map<String, Object>> apps = new ArrayList<>();
        try (JsonParser parser = new JsonFactory().createParser(body)) {
            assertEquals(JsonToken.START_ARRAY, parser.nextToken());
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                Map<String, Object> app = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (value == JsonToken.START_ARRAY) {
                        List<String> words = new ArrayList<>();
                        while (parser.nextToken() == JsonToken.VALUE_STRING) {
                            words.add(parser.getText());
                        }
                        app.put(field, words);
                    } else if (value == JsonToken.VALUE_NUMBER_INT) {
                        app.put(field, parser.getLongValue());
                    } else {
                        app.put(field, parser.getText());
                    }
                }
                apps.add(app);
            }
        }
        return apps;
    }
}
