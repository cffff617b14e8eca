package org.embodia.rapp.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.embodia.nao.cs.api.RappCore;

/**
 * An app deployed again and again through c_core,cs, each time until it has been destroyed and cs listens again: how
 * long each took from load to da_status Working ({@link RappCore#lastStart()}), and what the deploys left behind in
 * the core's JVM (live threads, heap after a full collection, resident memory) and beside it (app-host JVMs still
 * running). Prints one {@code key=value} line, for {@code ./embodia bench apps}.
 */
final class Soak {
    /** What runs one deploy to its end; fails (IllegalStateException) with cs's error or its time-out. */
    interface Deploy {
        void run(String app) throws InterruptedException;
    }

    /** How long a process that ended may take to be gone after the last destroy before it counts as left behind. */
    static final Duration SETTLE = Duration.ofSeconds(30);
    /** Class of the app host's main, on the command line of each app's JVM (nao-cs's ProcessAgentHost). */
    static final String APP_HOST = "org.embodia.rapp.host.AppHost";

    private final Supplier<RappCore> core;
    private final Deploy deploy;
    private final LongSupplier appJvms;
    private final PrintStream out;

    Soak(Supplier<RappCore> core, Deploy deploy, LongSupplier appJvms, PrintStream out) {
        this.core = core;
        this.deploy = deploy;
        this.appJvms = appJvms;
        this.out = out;
    }

    /** The core's JVM and its app hosts at one moment. */
    record Figures(int threads, long heapBytes, long rssBytes, long appJvms) {
        static Figures now(LongSupplier appJvms) {
            // Twice: what the first collection's finalization and reference processing freed goes in the second.
            System.gc();
            System.gc();
            return new Figures(ManagementFactory.getThreadMXBean().getThreadCount(),
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), rss(), appJvms.getAsLong());
        }
    }

    String run(String app, int deploys) throws InterruptedException {
        if (deploys < 1) {
            throw new IllegalArgumentException("deploys must be at least 1, not " + deploys);
        }
        Figures before = Figures.now(appJvms);
        long[] starts = new long[deploys];
        int started = 0;
        int failed = 0;
        String firstError = null;
        long t0 = System.nanoTime();
        for (int i = 0; i < deploys; i++) {
            long activated = core.get().status().activated();
            try {
                deploy.run(app);
            } catch (IllegalStateException e) {
                failed++;
                if (firstError == null) {
                    firstError = e.getMessage();
                }
                // One that did not end in time is destroyed, so that the next finds cs listening.
                core.get().destroy();
            }
            RappCore c = core.get();
            if (c.status().activated() > activated) {
                starts[started++] = c.lastStart().toNanos();
            }
            if ((i + 1) % 100 == 0 && i + 1 < deploys) {
                out.printf(Locale.ROOT, "soak: %d of %d deploys, %.0f s%n", i + 1, deploys, (System.nanoTime() - t0) / 1e9);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // The last app's process ends off cs's loop, after cs listens again: give it time before counting what is left.
        long deadline = System.nanoTime() + SETTLE.toNanos();
        while (appJvms.getAsLong() > before.appJvms() && System.nanoTime() - deadline < 0) {
            Thread.sleep(100);
        }
        Figures after = Figures.now(appJvms);
        return summary(app, deploys, Arrays.copyOf(starts, started), failed, seconds, before, after)
                + (firstError == null ? "" : "\nfirst error: " + firstError);
    }

    /** The soak's key=value line: times in ms, memory in MiB. */
    static String summary(String app, int deploys, long[] startNanos, int failed, double seconds, Figures before, Figures after) {
        long[] sorted = startNanos.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "soak app=%s deploys=%d started=%d failed=%d seconds=%.1f"
                + " start_p50_ms=%s start_p99_ms=%s start_max_ms=%s"
                + " threads_before=%d threads_after=%d heap_before_mib=%.1f heap_after_mib=%.1f"
                + " rss_before_mib=%.1f rss_after_mib=%.1f app_jvms_before=%d app_jvms_after=%d",
                app, deploys, sorted.length, failed, seconds,
                millis(percentile(sorted, 0.50)), millis(percentile(sorted, 0.99)), millis(percentile(sorted, 1.0)),
                before.threads(), after.threads(), mib(before.heapBytes()), mib(after.heapBytes()),
                mib(before.rssBytes()), mib(after.rssBytes()), before.appJvms(), after.appJvms());
    }

    /** The nearest-rank percentile of sorted values; -1 when there are none. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    private static String millis(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    private static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    /** This JVM's resident memory (VmRSS of /proc/self/status), bytes; -1 where there is no /proc. */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /**
     * The app-host JVMs this JVM started that still run: the spare and any app's. The JVMs themselves, not the sandbox
     * (bubblewrap) around each, whose command line holds the JVM's too.
     */
    static long appJvms() {
        return ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("/java"))
                .filter(p -> p.info().arguments().map(List::of).orElse(List.of()).contains(APP_HOST)).count();
    }
}
