package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.rapp.store.api.StoreUnreachableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exported way to run a store for embedding and tests. */
class StoreServersTest {
    @TempDir
    Path dir;

    @Test
    void servesTheDirectoryUntilClosed() throws Exception {
        TestBundles.app(dir, "greeter.jar", "greeter", "hello, hi", "org.example.greeter", "1.0.0");
        StoreServers.Running store = StoreServers.start(dir, 0);
        StoreClient client = new StoreClient(store.uri());
        try (store) {
            assertTrue(store.uri().toString().startsWith("http://127.0.0.1:") && store.uri().getPath().equals("/"),
                    store.uri().toString());
            assertEquals(dir.toAbsolutePath().normalize(), store.directory());
            List<StoreApp> apps = client.apps();
            assertEquals(List.of("greeter"), apps.stream().map(StoreApp::name).toList());
            assertEquals(List.of("hello", "hi"), apps.get(0).keywords());
            Path got = client.download("greeter", dir.resolve("out").resolve("greeter.jar"));
            assertEquals(Files.size(dir.resolve("greeter.jar")), Files.size(got));
        }
        assertThrows(StoreUnreachableException.class, client::apps, "closed: nothing listens any more");
    }

    @Test
    void badArgumentsAreNamed() {
        assertEquals("RAPP Store port must be 0 (any free port) to 65535, got 70000",
                assertThrows(IllegalArgumentException.class, () -> StoreServers.start(dir, 70000)).getMessage());
        Path missing = dir.resolve("missing");
        assertEquals("RAPP Store directory " + missing.toAbsolutePath().normalize() + " does not exist or is not a directory",
                assertThrows(IllegalArgumentException.class, () -> StoreServers.start(missing, 0)).getMessage());
    }
}
