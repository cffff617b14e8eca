package org.embodia.rapp.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.embodia.rapp.store.api.HashMismatchException;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.rapp.store.api.StoreUnreachableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The failures demo's proxy in front of a real store (StoreServers) serving the demo's generated app. */
class StoreProxyTest {
    @TempDir
    Path dir;
    private Path jar;
    private StoreServers.Running store;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeEach
    void startStore() throws IOException {
        Path served = Files.createDirectories(dir.resolve("store"));
        jar = BrokenApp.write(served);
        store = StoreServers.start(served, 0);
    }

    @AfterEach
    void stopStore() {
        store.close();
    }

    @Test
    void passingOnItAnswersAsTheStoreDoes() throws Exception {
        try (StoreProxy proxy = StoreProxy.start(store.uri(), StoreProxy.Mode.PASS)) {
            assertEquals(new StoreClient(store.uri()).apps(), new StoreClient(proxy.uri()).apps());
            Path got = new StoreClient(proxy.uri()).download(BrokenApp.NAME, dir.resolve("got").resolve("app.jar"));
            assertArrayEquals(Files.readAllBytes(jar), Files.readAllBytes(got));
            assertEquals(0, proxy.corrupted());
        }
    }

    @Test
    void corruptingItFlipsOneByteOfEachAppJarAndLeavesTheIndexAndAppsAlone() throws Exception {
        try (StoreProxy proxy = StoreProxy.start(store.uri(), StoreProxy.Mode.CORRUPT_BUNDLES)) {
            byte[] original = Files.readAllBytes(jar);
            HttpResponse<byte[]> served = get(proxy.uri().resolve("bundles/" + BrokenApp.FILE));
            assertEquals(200, served.statusCode());
            assertEquals(original.length, served.body().length);
            int differing = 0;
            for (int i = 0; i < original.length; i++) {
                differing += original[i] != served.body()[i] ? 1 : 0;
            }
            assertEquals(1, differing);
            assertEquals(1, proxy.corrupted());
            assertEquals("byte " + original.length / 2 + " of /bundles/" + BrokenApp.FILE, proxy.lastCorrupted());
            for (String path : new String[] {"apps", "index.xml"}) {
                assertArrayEquals(get(store.uri().resolve(path)).body(), get(proxy.uri().resolve(path)).body(), path);
            }
            assertEquals(1, proxy.corrupted());
        }
    }

    @Test
    void throughTheCorruptingProxyADownloadIsAHashMismatchNamingTheProxyAndWritesNothing() throws Exception {
        try (StoreProxy proxy = StoreProxy.start(store.uri(), StoreProxy.Mode.CORRUPT_BUNDLES)) {
            Path target = dir.resolve("got").resolve("app.jar");
            HashMismatchException e = assertThrows(HashMismatchException.class,
                    () -> new StoreClient(proxy.uri()).download(BrokenApp.NAME, target));
            assertTrue(e.getMessage().contains("SHA-256 mismatch"), e.getMessage());
            assertTrue(e.getMessage().contains(proxy.uri().resolve("bundles/" + BrokenApp.FILE).toString()), e.getMessage());
            assertFalse(Files.exists(target));
        }
    }

    @Test
    void theStoresErrorAnswersPassWithTheirStatusAndText() throws Exception {
        try (StoreProxy proxy = StoreProxy.start(store.uri(), StoreProxy.Mode.CORRUPT_BUNDLES)) {
            HttpResponse<byte[]> answer = get(proxy.uri().resolve("bundles/none.jar"));
            assertEquals(404, answer.statusCode());
            assertTrue(text(answer).contains("no bundle 'none.jar'"), text(answer));
            assertEquals(0, proxy.corrupted());
        }
    }

    @Test
    void aStoreNobodyListensOnIsA502NamingItsAddress() throws Exception {
        URI nowhere;
        try (ServerSocket free = new ServerSocket(0)) {
            nowhere = URI.create("http://127.0.0.1:" + free.getLocalPort() + "/");
        }
        try (StoreProxy proxy = StoreProxy.start(nowhere, StoreProxy.Mode.PASS)) {
            HttpResponse<byte[]> answer = get(proxy.uri().resolve("apps"));
            assertEquals(502, answer.statusCode());
            assertTrue(text(answer).contains(nowhere.resolve("apps").toString()), text(answer));
        }
    }

    @Test
    void closedItIsAnAddressNobodyListensOnAndClosingAgainDoesNothing() throws Exception {
        StoreProxy proxy = StoreProxy.start(store.uri(), StoreProxy.Mode.PASS);
        StoreClient client = new StoreClient(proxy.uri(), Duration.ofSeconds(60));
        assertEquals(1, client.apps().size());
        proxy.close();
        proxy.close();
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class, client::apps);
        String address = proxy.uri().getHost() + ":" + proxy.uri().getPort();
        assertTrue(e.getMessage().contains(address) && e.getMessage().contains("unreachable"), e.getMessage());
    }

    @Test
    void anAddressThatIsNoStoreBaseIsRefusedWithAClearMessage() {
        for (String bad : new String[] {"ftp://127.0.0.1/", "http://127.0.0.1:8080/store", "store/"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> StoreProxy.start(URI.create(bad), StoreProxy.Mode.PASS));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    private HttpResponse<byte[]> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> answer) {
        return new String(answer.body(), StandardCharsets.UTF_8);
    }
}
