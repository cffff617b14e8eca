package org.embodia.bench.velma;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./embodia bench swap [--swaps 100]} (root, as velma-hw): Velma's hardware bundles swapped for the simulation
 * and back, {@code --swaps} times, in the running velma-hw profile over its emulated peers, at 500 Hz. The swaps are a
 * Gogo script: out of safe mode, a baseline window without swaps (a head motion), then the swaps, each window between
 * two {@code agent:diag core}; the bench times each line of its output as it arrives, so:
 * <ul>
 * <li>each swap's time, from its command to the replaced bundles stopped (the loop then runs on their
 * replacements): from the script's echo of the command to the swap's answer;</li>
 * <li>cycles skipped: the cycles the 500 Hz activity should have run between the two diagnostics, by the wall clock,
 * less the cycles it counted (to within a cycle or two: each diagnostic is timed when its answer arrives);</li>
 * <li>overruns, cycles begun at their deadline without their trigger, and whether the activity reports a fault;</li>
 * <li>the framework JVM's threads, and its heap after a full collection, before and after.</li>
 * </ul>
 * Last line JSON. A benchmark: nothing is asserted.
 */
public final class SwapBench {
    private static final String HARDWARE = "org.embodia.velma.lwr,org.embodia.velma.ethercat";
    private static final String SIMULATION = "org.embodia.velma.sim";
    private static final Pattern ACTIVITY = Pattern.compile("^activity rt .*: (\\d+) cycles, (\\d+) overruns.*?(, FAULT)?");
    /** G1's "garbage-first heap total ...K, used ...K" or ZGC's "ZHeap used ...M". */
    private static final Pattern HEAP_USED = Pattern.compile("[Hh]eap\\s+(?:total \\d+K, )?used (\\d+)([KM])");
    private static final Pattern DEADLINE = Pattern.compile("^\\s+(\\d+) cycles began at their deadline");

    private SwapBench() {
    }

    /** One diagnostic: when its answer arrived, the activity's figures then, and the JVM's threads and heap (KiB, -1: not measured). */
    record Diag(long nanos, long cycles, long overruns, long atDeadline, boolean fault, CompletableFuture<long[]> jvm) {
        long threads() {
            return jvm.join()[0];
        }

        long heapKib() {
            return jvm.join()[1];
        }
    }

    public static void main(String[] args) throws Exception {
        int swaps = 100;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--swaps")) {
                swaps = Integer.parseInt(args[i + 1]);
            } else {
                throw new IllegalArgumentException("usage: bench swap [--swaps <n>]");
            }
        }
        // Out of safe mode, then a baseline window with the loop running and no swap (a 3 s head motion) between two
        // diagnostics, then the swaps before a third.
        // The first and the last diagnostic are the points where the heap is measured after a full collection (jcmd, a JVM
        // of its own), which the head motions after them give time to end outside the measured windows.
        // The reset takes effect at the loop's next cycle boundary, which the head motion after it leaves behind.
        StringBuilder script = new StringBuilder("velma:ready\nvelma:exitsafe\nagent:diag core\nagent:reset core\nvelma:head 0.1 0.1 3\n"
                + "agent:diag core\nvelma:head 0.3 0.2 3\nagent:diag core\n");
        for (int k = 0; k < swaps; k++) {
            script.append(k % 2 == 0 ? "agent:swap " + HARDWARE + " " + SIMULATION : "agent:swap " + SIMULATION + " " + HARDWARE).append('\n');
        }
        script.append("agent:diag core\nvelma:exitsafe\nvelma:head 0 0 3\n");
        Path file = Files.createTempFile("swap-bench", ".gogo");
        Files.writeString(file, script, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("./embodia", "run", "velma-hw", "--script", file.toString()).redirectErrorStream(true).start();
        List<Diag> diags = new ArrayList<>();
        List<Long> swapNanos = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            long swapStart = 0;
            long cycles = -1;
            long overruns = 0;
            boolean fault = false;
            while ((line = lines.readLine()) != null) {
                long now = System.nanoTime();
                Matcher a = ACTIVITY.matcher(line);
                Matcher d = DEADLINE.matcher(line);
                if (line.startsWith("g! agent:swap")) {
                    swapStart = now;
                } else if (line.startsWith("swapped ") && swapStart != 0) {
                    swapNanos.add(now - swapStart);
                    swapStart = 0;
                } else if (line.startsWith("script: ") || line.contains("Exception")) {
                    failures.add(line);
                } else if (a.find()) {
                    cycles = Long.parseLong(a.group(1));
                    overruns = Long.parseLong(a.group(2));
                    fault = a.group(3) != null;
                } else if (d.find() && cycles >= 0) {
                    boolean heapPoint = diags.isEmpty() || diags.size() == 3;
                    // Measured on a thread of its own, so that the lines after this one are timed as they come.
                    CompletableFuture<long[]> jvm = CompletableFuture.supplyAsync(() -> jvm(p, heapPoint));
                    diags.add(new Diag(now, cycles, overruns, Long.parseLong(d.group(1)), fault, jvm));
                    cycles = -1;
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
        int exit = p.waitFor();
        if (diags.size() != 4 || swapNanos.size() != swaps) {
            System.out.printf(Locale.ROOT, "the run ended early (exit %d): %d of %d swaps answered, %d diagnostics; %s%n", exit, swapNanos.size(),
                    swaps, diags.size(), failures);
            System.exit(1);
        }
        Diag first = diags.get(0);
        Diag start = diags.get(1);
        Diag before = diags.get(2);
        Diag after = diags.get(3);
        double baseSeconds = (before.nanos() - start.nanos()) / 1e9;
        long baseSkipped = Math.round(baseSeconds * 500) - (before.cycles() - start.cycles());
        double seconds = (after.nanos() - before.nanos()) / 1e9;
        long expected = Math.round(seconds * 500);
        long counted = after.cycles() - before.cycles();
        long[] sorted = swapNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        double p50 = sorted[sorted.length / 2] / 1e6;
        double p99 = sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1e6;
        System.out.printf(Locale.ROOT, "baseline, no swap, %.1f s: %d cycles skipped (±2), %d overruns%n", baseSeconds, baseSkipped,
                before.overruns() - start.overruns());
        System.out.printf(Locale.ROOT, "%d swaps in %.1f s at 500 Hz: %d cycles counted, %d by the wall clock: %d skipped (±2)%n", swaps, seconds,
                counted, expected, expected - counted);
        System.out.printf(Locale.ROOT, "overruns %d, cycles begun at their deadline %d, fault %s%n", after.overruns() - before.overruns(),
                after.atDeadline() - before.atDeadline(), after.fault() ? "YES" : "no");
        System.out.printf(Locale.ROOT, "swap, command to the replaced bundles stopped: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", p50, p99,
                sorted[sorted.length - 1] / 1e6);
        System.out.printf(Locale.ROOT, "framework JVM, before and after the swaps: threads %d -> %d, heap after a full collection %.1f -> %.1f MiB%n",
                first.threads(), after.threads(), first.heapKib() / 1024.0, after.heapKib() / 1024.0);
        if (!failures.isEmpty()) {
            System.out.println("script failures: " + failures);
        }
        System.out.printf(Locale.ROOT, "{\"bench\":\"swap\",\"swaps\":%d,\"seconds\":%.1f,\"skipped\":%d,\"baseline_skipped\":%d,"
                + "\"overruns\":%d,\"at_deadline\":%d,\"fault\":%b,\"swap_ms\":{\"p50\":%.1f,\"p99\":%.1f},\"threads\":[%d,%d],\"heap_mib\":[%d,%d]}%n",
                swaps, seconds, expected - counted, baseSkipped, after.overruns() - before.overruns(), after.atDeadline() - before.atDeadline(),
                after.fault(), p50, p99, first.threads(), after.threads(), first.heapKib() / 1024, after.heapKib() / 1024);
    }

    /**
     * The framework JVM's threads (from /proc) and, at a heap point, its heap in use after a full collection (jcmd), KiB;
     * -1 where not measured.
     */
    private static long[] jvm(Process launcher, boolean heapPoint) {
        Optional<ProcessHandle> java = launcher.toHandle().descendants()
                .filter(h -> h.info().commandLine().map(c -> c.contains("velma-hw.jar")).orElse(false)).findFirst();
        if (java.isEmpty()) {
            return new long[] {-1, -1};
        }
        String pid = Long.toString(java.get().pid());
        try {
            long threads = -1;
            for (String l : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (l.startsWith("Threads:")) {
                    threads = Long.parseLong(l.split("\\s+")[1]);
                }
            }
            long heap = -1;
            if (heapPoint) {
                new ProcessBuilder("jcmd", pid, "GC.run").redirectErrorStream(true).start().waitFor();
                Process info = new ProcessBuilder("jcmd", pid, "GC.heap_info").redirectErrorStream(true).start();
                String text = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                info.waitFor();
                Matcher m = HEAP_USED.matcher(text);
                if (m.find()) {
                    heap = Long.parseLong(m.group(1)) * (m.group(2).equals("M") ? 1024 : 1);
                } else {
                    System.err.println("swap bench: no heap figure from jcmd " + pid + ": " + text.strip());
                }
            }
            return new long[] {threads, heap};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new long[] {-1, -1};
        }
    }
}
