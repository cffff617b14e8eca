package org.embodia.nao.cs;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.process.AppMessage;
import org.embodia.transport.MessageLink;
import org.embodia.transport.MessageTransport;

/**
 * {@link AgentHost} whose apps each run in a process of their own ([RAPP] §3.8: the core agent runs each dynamic agent
 * as a process): a JVM started from the app host's class path, sandboxed, linked to cs by the transport. The app's
 * agent is, to cs, a {@link DynamicAgent} whose run serves the process's RAPP calls with cs's own {@link Rapp}, so
 * every call is validated and carried out as an in-framework app's is. Destroy stops the process, then kills it.
 *
 * <p>A spare process is started ahead (app.spare), so that loading an app waits for no JVM. Called on cs's worker
 * only, but for {@link #close()}.
 */
final class ProcessAgentHost implements AgentHost {
    /** Class of the app host's main. */
    static final String MAIN = "org.embodia.rapp.host.AppHost";

    private final MessageTransport transport;
    private final AppProcessSettings settings;
    private final Duration stopGrace;
    private static final System.Logger LOG = System.getLogger(ProcessAgentHost.class.getName());
    /**
     * The next process's number, from which its streams follow. It starts at random: a cs that replaces another (its
     * configuration changed) must not take streams on which the other's processes, killed a moment ago, may still
     * have messages in flight.
     */
    private final AtomicInteger processes = new AtomicInteger(new SplittableRandom().nextInt(1 << 16));
    private final SplittableRandom tokens = new SplittableRandom();
    private final Set<AppProcess> live = ConcurrentHashMap.newKeySet();
    private AppProcess spare;

    /** {@code stopGrace}: how long a process may take to end after Stop before it is killed (destroy.timeout). */
    ProcessAgentHost(MessageTransport transport, AppProcessSettings settings, Duration stopGrace) {
        this.transport = transport;
        this.settings = settings;
        this.stopGrace = stopGrace;
    }

    private static void error(String message) {
        LOG.log(System.Logger.Level.ERROR, message);
    }

    /** Starts the spare process, when app.spare asks for one and none waits. */
    @Override
    public void prepare() {
        if (settings.spare() && (spare == null || !spare.process.isAlive())) {
            if (spare != null) {
                spare.kill();
            }
            try {
                spare = launch();
            } catch (Exception e) {
                spare = null;
                error("no spare app process could be started: " + e.getMessage());
            }
        }
    }

    @Override
    public Installed install(String app, Path jar, Duration timeout) throws Exception {
        AppProcess p = spare;
        spare = null;
        if (p == null || !p.process.isAlive()) {
            if (p != null) {
                p.kill();
            }
            p = launch();
        }
        try {
            // The process's start has a limit of its own (app.start.timeout): the app's time runs from Ready.
            long readyBy = System.nanoTime() + settings.startTimeout().toNanos();
            AppMessage ready;
            do {
                ready = p.await(AppMessage.Ready.class, readyBy, app);
            } while (((AppMessage.Ready) ready).token() != p.token);
            long deadline = System.nanoTime() + timeout.toNanos();
            Path copy = p.dir.resolve(jar.getFileName());
            Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
            p.send(new AppMessage.Load(app, copy.getFileName().toString()));
            AppMessage m = p.await(null, deadline, app);
            if (m instanceof AppMessage.Failed f) {
                throw new IllegalStateException("app '" + app + "' did not start in its process: " + f.why());
            }
            if (!(m instanceof AppMessage.Started)) {
                throw new IllegalStateException("app '" + app + "''s process sent " + m + " before its agent started");
            }
        } catch (Exception e) {
            p.kill();
            prepare();
            throw e;
        }
        AppProcess started = p;
        prepare();
        return new Installed() {
            @Override
            public DynamicAgent agent() {
                return rapp -> started.serve(rapp);
            }

            @Override
            public void remove() {
                started.end(stopGrace);
                prepare();
            }
        };
    }

    /** Ends every process: cs is going away; what a killed spare printed is of no interest. */
    @Override
    public void close() {
        for (AppProcess p : live) {
            p.kill();
            try {
                Files.deleteIfExists(p.log());
            } catch (IOException e) {
                error("app process " + p.number + "'s log could not be removed: " + e);
            }
        }
        spare = null;
    }

    private AppProcess launch() throws IOException {
        int n = processes.getAndIncrement();
        Path dir = settings.processes().resolve("p" + ProcessHandle.current().pid() + "-" + n);
        delete(dir);
        Files.createDirectories(dir);
        int toApp = settings.firstStream() + 2 * n;
        int toCore = toApp + 1;
        MessageLink link = transport.link(settings.channel(), toApp, toCore);
        long token = tokens.nextLong();
        try {
            Path host = settings.hostPath();
            List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx" + settings.memoryMiB() + "m", "-XX:MaxMetaspaceSize=96m", "-XX:+ExitOnOutOfMemoryError",
                    "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                    "-cp", host.resolve("*").toString(), MAIN, transport.connection(), settings.channel(),
                    Integer.toString(toCore), Integer.toString(toApp), host.resolve("bundles").toString(), Long.toString(token)));
            ProcessBuilder pb = new ProcessBuilder(Sandbox.command(settings, java, dir, Path.of(transport.connection())))
                    .directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolveSibling(dir.getFileName() + ".log").toFile()));
            AppProcess p = new AppProcess(n, dir, pb.start(), link, token);
            live.add(p);
            return p;
        } catch (IOException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(f);
            }
        }
    }

    /** One app's process, its directory and its link. */
    private final class AppProcess {
        final int number;
        final Path dir;
        final Process process;
        final MessageLink link;
        final long token;
        private AppMessage received;

        AppProcess(int number, Path dir, Process process, MessageLink link, long token) {
            this.number = number;
            this.dir = dir;
            this.process = process;
            this.link = link;
            this.token = token;
        }

        void send(AppMessage m) {
            ByteBuffer bytes = m.encode();
            long deadline = System.nanoTime() + stopGrace.toNanos();
            while (!link.send(bytes.duplicate())) {
                if (!process.isAlive() || System.nanoTime() - deadline >= 0) {
                    throw new RappException("app process " + number + " does not take " + m.getClass().getSimpleName()
                            + (process.isAlive() ? "" : ": it ended with exit code " + process.exitValue()));
                }
                LockSupport.parkNanos(100_000);
            }
        }

        /** The next message, or null when none has come. A message that is none of the protocol's ends the process. */
        AppMessage poll() {
            received = null;
            link.poll(bytes -> received = AppMessage.decode(bytes), 1);
            return received;
        }

        /** The next message, which must be a {@code kind} when that is not null; waits until the deadline. */
        AppMessage await(Class<? extends AppMessage> kind, long deadline, String app) throws InterruptedException {
            while (true) {
                AppMessage m = poll();
                if (m != null) {
                    if (kind != null && !kind.isInstance(m)) {
                        throw new IllegalStateException("app '" + app + "''s process sent " + m + " where " + kind.getSimpleName()
                                + " was due");
                    }
                    return m;
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("app '" + app + "''s process ended with exit code " + process.exitValue()
                            + " before its agent started (its log: " + dir.getFileName() + ".log)");
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new IllegalStateException("app '" + app + "''s process did not " + (kind == null
                            ? "start its agent in time (activate.timeout)" : "get ready in time (app.start.timeout)"));
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(500_000);
            }
        }

        /**
         * The agent's run, to cs: each RAPP call of the process carried out with {@code rapp}, until the agent finishes
         * (returns), errs or its process ends (throws), or cs destroys it (interrupted).
         */
        void serve(Rapp rapp) throws Exception {
            while (true) {
                AppMessage m = poll();
                if (m instanceof AppMessage.Call call) {
                    send(answer(rapp, call));
                } else if (m instanceof AppMessage.Finished) {
                    return;
                } else if (m instanceof AppMessage.Error e) {
                    throw new IllegalStateException(e.why());
                } else if (m != null) {
                    throw new IllegalStateException("its process sent " + m + " while the agent ran");
                } else if (!process.isAlive()) {
                    throw new IllegalStateException("its process ended with exit code " + process.exitValue() + " while the agent ran");
                } else if (Thread.interrupted()) {
                    throw new InterruptedException();
                } else {
                    LockSupport.parkNanos(500_000);
                }
            }
        }

        private AppMessage.Reply answer(Rapp rapp, AppMessage.Call call) {
            try {
                return AppMessage.Reply.of(call.id(), call.method(), call.method().invoke(rapp, call.args()));
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                return AppMessage.Reply.failed(call.id(), call.method(), cause instanceof RappException ? cause.getMessage()
                        : call.method().getName() + " failed: " + cause);
            } catch (IllegalAccessException | IllegalArgumentException e) {
                return AppMessage.Reply.failed(call.id(), call.method(), call.method().getName() + " could not be called: " + e);
            }
        }

        /** Stop, then the grace period, then kill; the directory and the link go. */
        void end(Duration grace) {
            if (process.isAlive()) {
                try {
                    send(new AppMessage.Stop());
                    process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
                } catch (RappException e) {
                    // It takes no message: killed below.
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (process.isAlive()) {
                    error("app process " + number + " did not end within " + grace.toMillis() + " ms of Stop; killed");
                }
            }
            kill();
            // A process that ended cleanly leaves no log; another's is kept for the operator.
            if (process.exitValue() == 0) {
                try {
                    Files.deleteIfExists(log());
                } catch (IOException e) {
                    error("app process " + number + "'s log could not be removed: " + e);
                }
            }
        }

        Path log() {
            return dir.resolveSibling(dir.getFileName() + ".log");
        }

        void kill() {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            link.close();
            live.remove(this);
            try {
                delete(dir);
            } catch (IOException e) {
                error("app process " + number + "'s directory " + dir + " could not be removed: " + e);
            }
        }
    }
}
