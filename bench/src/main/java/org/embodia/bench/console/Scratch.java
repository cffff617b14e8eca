package org.embodia.bench.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** What a bench that launches a profile sets up around it: free ports, and temporary trees removed afterwards. */
public final class Scratch {
    private Scratch() {
    }

    /** A TCP port free now, for a server the bench starts. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Deletes {@code root} and all below it; what cannot be deleted is reported, not thrown. */
    public static void deleteTree(Path root, String bench) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            System.err.println(bench + ": could not delete " + root + ": " + e);
        }
    }
}
