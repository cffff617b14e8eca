package org.embodia.rapp.store;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/** rapp-store's real server for nao-cs's tests: in the store's package, as its constructor is package-private. */
public final class TestStore implements AutoCloseable {
    private final StoreServer server;

    public TestStore(Path directory) throws IOException {
        server = new StoreServer(directory, 0, new StoreLog() {
            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                System.err.println("store: " + message);
            }
        });
    }

    public URI uri() {
        return server.uri();
    }

    @Override
    public void close() {
        server.close();
    }
}
