package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store started from a command line, as {@code ./embodia run rapp-store} may. */
class StoreMainTest {
    @TempDir
    Path temp;
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);

    @Test
    void aDirectoryAndAPortStartAStore() throws Exception {
        TestBundles.app(temp, "greeter.jar", "greeter", "hello", "org.example.greeter", "1.0.0");
        try (StoreServer server = StoreMain.start(new String[] {temp.toString(), "0"}, log)) {
            List<StoreApp> apps = new StoreClient(server.uri()).apps();
            assertEquals(List.of("greeter"), apps.stream().map(StoreApp::name).toList());
            assertTrue(logged.toString(StandardCharsets.UTF_8).contains("INFO RAPP Store index of " + temp
                    .toAbsolutePath().normalize() + " built: 1 app(s)"), logged.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void badArgumentsAreNamed() throws Exception {
        assertEquals("expected a directory and optionally a port, got 0 argument(s)",
                assertThrows(IllegalArgumentException.class, () -> StoreMain.start(new String[0], log)).getMessage());
        assertEquals("port must be a number from 0 to 65535, got 'eighty'", assertThrows(
                IllegalArgumentException.class, () -> StoreMain.start(new String[] {temp.toString(), "eighty"}, log))
                .getMessage());
        Path file = Files.writeString(temp.resolve("file.txt"), "not a directory");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> StoreMain.start(new String[] {file.toString()}, log)).getMessage()
                .endsWith("file.txt does not exist or is not a directory"));
    }
}
