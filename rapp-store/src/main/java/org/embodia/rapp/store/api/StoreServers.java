package org.embodia.rapp.store.api;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

import org.embodia.rapp.store.StoreServer;

/**
 * Starts a RAPP Store on a directory of app jars, for programs that embed one and for tests in other bundles: the
 * same server the store's bundle and its command line run, on the loopback interface.
 */
public final class StoreServers {
    /** A running store; {@link #close()} stops it at once. */
    public interface Running extends AutoCloseable {
        /** The store's base address, ending in '/': what {@link StoreClient} takes. */
        URI uri();

        /** The directory served. */
        Path directory();

        @Override
        void close();
    }

    private StoreServers() {
    }

    /**
     * Indexes {@code directory} and serves it.
     *
     * @param port the TCP port, 0 for any free one
     * @throws IllegalArgumentException if the directory is not one, or the port is out of range
     * @throws IOException naming the address if the port cannot be bound
     */
    public static Running start(Path directory, int port) throws IOException {
        StoreServer server = StoreServer.embedded(directory, port);
        return new Running() {
            @Override
            public URI uri() {
                return server.uri();
            }

            @Override
            public Path directory() {
                return server.directory();
            }

            @Override
            public void close() {
                server.close();
            }

            @Override
            public String toString() {
                return "RAPP Store at " + server.uri() + " serving " + server.directory();
            }
        };
    }
}
