package org.embodia.nao.cs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A store at a loopback port that takes connections and never answers: a read of it waits the store's timeout, so a
 * loop that waited for one would stop for that long. Closing resets what it took, so the port is free again at once.
 */
final class SilentStore implements AutoCloseable {
    private final ServerSocket server;
    private final List<Socket> taken = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    SilentStore(int port) throws IOException {
        server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            try {
                while (true) {
                    Socket s = server.accept();
                    s.setSoLinger(true, 0);
                    taken.add(s);
                }
            } catch (IOException closed) {
                // close() ends it.
            }
        }, "silent-store");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Its address, as a store's. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
    }

    /** The connections taken so far. */
    int taken() {
        return taken.size();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        acceptor.join();
        for (Socket s : taken) {
            s.close();
        }
    }
}
