package org.embodia.rapp.store;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The RAPP Store on its own, outside a framework: {@code StoreMain <directory> [port]} serves the directory on the
 * loopback interface (port 0 or none: any free port), prints its address and runs until the process is stopped.
 * Exit status 2 on bad arguments or a port that cannot be bound.
 */
public final class StoreMain {
    static final String USAGE = "usage: StoreMain <directory of dynamic-agent bundles> [port, 0 = any free port]";

    private StoreMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        StoreServer server;
        try {
            server = start(args, System.err);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "rapp-store-shutdown"));
        System.out.println("RAPP Store serving " + server.directory() + " at " + server.uri());
        new CountDownLatch(1).await();
    }

    /**
     * Starts a store from the command line's arguments, logging to {@code log}.
     *
     * @throws IllegalArgumentException naming what is wrong with the arguments
     * @throws IOException if the port cannot be bound
     */
    static StoreServer start(String[] args, PrintStream log) throws IOException {
        if (args.length < 1 || args.length > 2) {
            throw new IllegalArgumentException("expected a directory and optionally a port, got " + args.length
                    + " argument(s)");
        }
        int port = 0;
        if (args.length == 2) {
            try {
                port = Integer.parseInt(args[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("port must be a number from 0 to 65535, got '" + args[1] + "'");
            }
        }
        return new StoreServer(Path.of(args[0]), port, new StoreLog() {
            @Override
            public void info(String message) {
                log.println("INFO " + message);
            }

            @Override
            public void warn(String message) {
                log.println("WARN " + message);
            }
        });
    }
}
