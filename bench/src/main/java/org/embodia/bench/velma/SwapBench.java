package org.embodia.bench.velma;

import static org.embodia.bench.console.ProfileConsole.ending;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.bench.console.ProfileConsole;
import org.embodia.bench.console.ProfileConsole.Line;

/**
 * {@code ./embodia bench swap [--swaps 100]} (root, as velma-hw): Velma's hardware bundles swapped for the simulation
 * and back, {@code --swaps} times, in the running velma-hw profile over its emulated peers, at 500 Hz. The bench types
 * into the profile's Gogo shell one command at a time and times each answer as it arrives: out of safe mode, a
 * baseline window without swaps (three head motions), then the swaps, each window between two {@code agent:diag core}, then
 * a head motion on the hardware again. So:
 * <ul>
 * <li>each swap's time, from its command to the replaced bundles stopped (the loop then runs on their
 * replacements);</li>
 * <li>ticks skipped: the ticks of the loop's clock that got no cycle, as the activity counts them (agent:diag): on the
 * hardware the KRCs' measurements no cycle read (the gaps in their sequence counters), on the simulation the deadlines
 * a late cycle passed. A tick the emulated KRC itself never sent, its thread held up by the VM, is none: the loop
 * follows the KRC's clock. Beside it the wall clock's figure, the cycles 500 Hz gives between the two diagnostics'
 * answers less those counted, which the answers' delays and the KRC's own stalls put off by up to ±30;</li>
 * <li>overruns, cycles begun at their deadline without their trigger, and whether the activity reports a fault;</li>
 * <li>whether a DAMON kdamond samples the machine's memory (as the activity's diagnostics say): on these VMs each of its
 * samples held the loop about 3 ms, a tick without a cycle every 512 ms or so, swaps or not (docs/scheduler.md);</li>
 * <li>the framework JVM's threads, and its live objects after a full collection, before the robot leaves safe mode and after
 * its last motion. The collection (jcmd) runs while the robot holds still and the bench waits for it: forced during a
 * motion, it held the loop up to 28 ms, both KRCs left command mode and the motion was aborted (BENCHMARKS.md).</li>
 * </ul>
 * Last line JSON. A benchmark: nothing is asserted.
 */
public final class SwapBench {
    private static final String HARDWARE = "org.embodia.velma.lwr,org.embodia.velma.ethercat";
    private static final String SIMULATION = "org.embodia.velma.sim";
    private static final Pattern ACTIVITY = Pattern.compile("^activity rt .*: (\\d+) cycles, (\\d+) overruns.*?(, FAULT)?");
    /** A row of the class histogram: "<rank>: <instances> <bytes> <class> (<module>)". */
    private static final Pattern HISTOGRAM_ROW = Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");
    /**
     * A command Gogo ran. Gogo's runtime (1.1.6) adds each command run from its console to the console's own job as a
     * child and never removes it, with its pipes and their buffers: some 47 KB a command, whatever the command.
     */
    private static final String GOGO_JOB = "org.apache.felix.gogo.runtime.CommandSessionImpl$JobImpl";
    /** The class histogram's last line: "Total <instances> <bytes>". */
    private static final Pattern LIVE_TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)");
    /** What the activity's line of grants says of DAMON (Realtime.memoryMonitors), which holds the loop on these VMs. */
    private static final Pattern DAMON = Pattern.compile("(DAMON's kdamond .*?): each sample may hold this loop");
    private static final Pattern DEADLINE = Pattern.compile("^\\s+(\\d+) cycles began at their deadline.*?, (\\d+) ticks got no cycle");
    /** Gogo's prompt, which the shell prints before the first line of each answer. */
    private static final String PROMPT = "g! ";
    /** How long a command may take, the 3 s motions included. */
    private static final long ANSWER_SECONDS = 60;
    /** The profile's output, as it came. */
    private static final Path LOG = Path.of("target", "bench", "swap-velma-hw.log");
    /** How long the KRCs may take to return to command mode after a collection held the loop up. */
    private static final long EXIT_SAFE_SECONDS = 30;

    private SwapBench() {
    }

    /** One diagnostic: when its answer arrived, and the activity's figures then. */
    record Diag(long nanos, long cycles, long overruns, long atDeadline, long skippedTicks, boolean fault, String memory) {}

    /**
     * The framework JVM then: its threads; its live objects after a full collection (KiB), of them the instances of
     * Embodia's classes (bytes), and the Gogo jobs kept.
     */
    record Jvm(long threads, long liveKib, long embodiaBytes, long gogoJobs) {}

    public static void main(String[] args) throws Exception {
        int swaps = 100;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--swaps")) {
                swaps = Integer.parseInt(args[i + 1]);
            } else {
                throw new IllegalArgumentException("usage: bench swap [--swaps <n>]");
            }
        }
        Files.createDirectories(LOG.getParent());
        boolean failed = false;
        try (ProfileConsole velma = new ProfileConsole("velma-hw", List.of("./embodia", "run", "velma-hw"), LOG)) {
            Shell shell = new Shell(velma);
            try {
                run(shell, velma.process(), swaps);
            } catch (IllegalStateException e) {
                failed = true;
                System.out.println("the run ended early: " + e.getMessage());
                // What the soak prints at its end too: the KRCs' and the bus's counters, the robot's state.
                for (String command : List.of("lwr:fri", "ethercat:bus", "velma:status")) {
                    try {
                        shell.run(command).forEach(l -> System.out.println(l.text()));
                    } catch (IllegalStateException r) {
                        System.out.println(r.getMessage());
                    }
                }
            }
        }
        if (failed) {
            System.exit(1);
        }
    }

    private static void run(Shell shell, Process p, int swaps) throws IOException, InterruptedException {
        shell.run("velma:ready");
        Jvm first = jvm(p);
        exitSafe(shell);
        shell.run("agent:reset core");
        // The reset takes effect at the loop's next cycle boundary, which the head motion after it leaves behind.
        shell.run("velma:head 0.1 0.1 3");
        Diag start = diag(shell);
        // A baseline about as long as the swaps take: what the machine costs the loop without them.
        for (String motion : List.of("velma:head 0.3 0.2 3", "velma:head 0.1 0.1 3", "velma:head 0.3 0.2 3")) {
            shell.run(motion);
        }
        Diag before = diag(shell);
        List<Long> swapNanos = new ArrayList<>();
        for (int k = 0; k < swaps; k++) {
            String command = k % 2 == 0 ? "agent:swap " + HARDWARE + " " + SIMULATION : "agent:swap " + SIMULATION + " " + HARDWARE;
            long sent = System.nanoTime();
            Line swapped = shell.run(command).stream().filter(l -> l.text().startsWith("swapped ")).findFirst()
                    .orElseThrow(() -> new IllegalStateException(command + ": no 'swapped' answer"));
            swapNanos.add(swapped.nanos() - sent);
        }
        Diag after = diag(shell);
        // The hardware again, from its own status, after the swaps.
        shell.run("velma:exitsafe");
        shell.run("velma:head 0 0 3");
        Jvm last = jvm(p);

        double baseSeconds = (before.nanos() - start.nanos()) / 1e9;
        long baseSkipped = Math.round(baseSeconds * 500) - (before.cycles() - start.cycles());
        double seconds = (after.nanos() - before.nanos()) / 1e9;
        long expected = Math.round(seconds * 500);
        long counted = after.cycles() - before.cycles();
        long[] sorted = swapNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        double p50 = sorted[sorted.length / 2] / 1e6;
        double p99 = sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1e6;
        long baseTicks = before.skippedTicks() - start.skippedTicks();
        long ticks = after.skippedTicks() - before.skippedTicks();
        System.out.printf(Locale.ROOT, "baseline, no swap, %.1f s: %d ticks without a cycle (%.2f a second); by the wall clock %d; %d overruns%n",
                baseSeconds, baseTicks, baseTicks / baseSeconds, baseSkipped, before.overruns() - start.overruns());
        System.out.printf(Locale.ROOT, "%d swaps in %.1f s at 500 Hz: %d ticks without a cycle (%.2f a second: KRC measurements no cycle read,"
                + " deadlines passed on the simulation); by the wall clock %d cycles counted of %d: %d%n", swaps, seconds, ticks, ticks / seconds,
                counted, expected, expected - counted);
        System.out.println("the machine's memory monitor: " + (after.memory().isEmpty() ? "no DAMON running" : after.memory()));
        System.out.printf(Locale.ROOT, "overruns %d, cycles begun at their deadline %d, fault %s%n", after.overruns() - before.overruns(),
                after.atDeadline() - before.atDeadline(), after.fault() ? "YES" : "no");
        System.out.printf(Locale.ROOT, "swap, command to the replaced bundles stopped: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", p50, p99,
                sorted[sorted.length - 1] / 1e6);
        System.out.printf(Locale.ROOT, "framework JVM, before leaving safe mode and after the last motion: threads %d -> %d, live objects after a full"
                + " collection %.1f -> %.1f MiB, of Embodia's classes %.1f -> %.1f KiB, Gogo jobs kept %d -> %d%n", first.threads(), last.threads(),
                first.liveKib() / 1024.0, last.liveKib() / 1024.0, first.embodiaBytes() / 1024.0, last.embodiaBytes() / 1024.0, first.gogoJobs(),
                last.gogoJobs());
        System.out.printf(Locale.ROOT, "{\"bench\":\"swap\",\"swaps\":%d,\"seconds\":%.1f,\"skipped_ticks\":%d,\"baseline_seconds\":%.1f,"
                + "\"baseline_skipped_ticks\":%d,\"skipped_wall_clock\":%d,\"baseline_skipped_wall_clock\":%d,\"damon\":%b,\"overruns\":%d,"
                + "\"at_deadline\":%d,\"fault\":%b,\"swap_ms\":{\"p50\":%.1f,\"p99\":%.1f},\"threads\":[%d,%d],\"live_mib\":[%.1f,%.1f],"
                + "\"embodia_kib\":[%.1f,%.1f],\"gogo_jobs\":[%d,%d]}%n",
                swaps, seconds, ticks, baseSeconds, baseTicks, expected - counted, baseSkipped, !after.memory().isEmpty(),
                after.overruns() - before.overruns(), after.atDeadline() - before.atDeadline(), after.fault(), p50, p99, first.threads(), last.threads(), first.liveKib() / 1024.0, last.liveKib() / 1024.0,
                first.embodiaBytes() / 1024.0, last.embodiaBytes() / 1024.0, first.gogoJobs(), last.gogoJobs());
    }

    /**
     * Out of safe mode. A collection just forced may have held the loop long enough for the KRCs to leave command mode;
     * they return to it on their own after a run of perfect cycles, and until then ve_body stays in safe mode.
     */
    private static void exitSafe(Shell shell) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(EXIT_SAFE_SECONDS);
        while (true) {
            try {
                shell.run("velma:exitsafe");
                return;
            } catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    private static Diag diag(Shell shell) throws IOException, InterruptedException {
        long cycles = -1;
        long overruns = 0;
        boolean fault = false;
        long nanos = 0;
        String memory = "";
        for (Line line : shell.run("agent:diag core")) {
            Matcher a = ACTIVITY.matcher(line.text());
            Matcher d = DEADLINE.matcher(line.text());
            Matcher m = DAMON.matcher(line.text());
            if (m.find() && cycles >= 0) {
                memory = m.group(1);
            } else if (a.find()) {
                nanos = line.nanos();
                cycles = Long.parseLong(a.group(1));
                overruns = Long.parseLong(a.group(2));
                fault = a.group(3) != null;
            } else if (d.find() && cycles >= 0) {
                return new Diag(nanos, cycles, overruns, Long.parseLong(d.group(1)), Long.parseLong(d.group(2)), fault, memory);
            }
        }
        throw new IllegalStateException("agent:diag core: no activity rt in the answer");
    }

    /** The framework JVM's threads (from /proc) and its live objects after a full collection (jcmd, -1 if not read). */
    private static Jvm jvm(Process launcher) {
        Optional<ProcessHandle> java = launcher.toHandle().descendants()
                .filter(h -> h.info().commandLine().map(c -> c.contains("velma-hw.jar")).orElse(false)).findFirst();
        if (java.isEmpty()) {
            return new Jvm(-1, -1, -1, -1);
        }
        String pid = Long.toString(java.get().pid());
        try {
            long threads = -1;
            for (String l : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (l.startsWith("Threads:")) {
                    threads = Long.parseLong(l.split("\\s+")[1]);
                }
            }
            // The class histogram collects first and counts what is left: the live objects themselves, where ZGC's heap
            // in use after a collection counts its pages, a few MiB apart from run to run.
            Process histogram = new ProcessBuilder("jcmd", pid, "GC.class_histogram").redirectErrorStream(true).start();
            String text = new String(histogram.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            histogram.waitFor();
            Matcher m = LIVE_TOTAL.matcher(text);
            if (!m.find()) {
                System.err.println("swap bench: no live-object figure from jcmd " + pid + ": " + text.strip());
                return new Jvm(threads, -1, -1, -1);
            }
            long embodia = 0;
            long jobs = 0;
            Matcher row = HISTOGRAM_ROW.matcher(text);
            while (row.find()) {
                if (row.group(3).startsWith("org.embodia.")) {
                    embodia += Long.parseLong(row.group(2));
                } else if (row.group(3).equals(GOGO_JOB)) {
                    jobs = Long.parseLong(row.group(1));
                }
            }
            return new Jvm(threads, Long.parseLong(m.group(1)) / 1024, embodia, jobs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Jvm(-1, -1, -1, -1);
        }
    }

    /**
     * The profile's console, each command followed by an {@code echo} of a mark of its own: the answer is every line up
     * to the mark, each timed as it arrived and without Gogo's prompt.
     */
    private static final class Shell {
        private final ProfileConsole console;
        private int marks;

        Shell(ProfileConsole console) {
            this.console = console;
        }

        List<Line> run(String command) throws IOException, InterruptedException {
            String mark = "@swap-bench-" + (++marks);
            List<Line> answer = new ArrayList<>();
            for (Line l : console.askTimed(command + "\necho " + mark, ending(mark), ANSWER_SECONDS)) {
                String text = l.text();
                while (text.startsWith(PROMPT)) {
                    text = text.substring(PROMPT.length());
                }
                if (!text.equals(mark)) {
                    answer.add(new Line(l.nanos(), text));
                }
            }
            return answer;
        }
    }
}
