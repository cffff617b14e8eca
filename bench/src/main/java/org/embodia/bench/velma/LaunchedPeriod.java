package org.embodia.bench.velma;

import static org.embodia.bench.console.ProfileConsole.ending;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.embodia.bench.console.ProfileConsole;
import org.embodia.scheduler.internal.LoopBenchmark;
import org.embodia.velma.model.VelmaModel;

/**
 * The launched velma-sim profile's activity period beside cyclictest's wake latency, both in one window: the main job
 * as {@code ./embodia run velma-sim} starts it, out of safe mode, its arms swinging between two postures in jnt_imp,
 * while cyclictest sleeps for the same 2 ms period at the same policy as velma.sim's clock thread ({@code --priority},
 * SCHED_FIFO 80 as the profile configures it; 0 for SCHED_OTHER, as the clock ran before it asked for one).
 * A late tick lengthens the period by its lateness, so the period's excess over 2 ms at p99.9 is set beside
 * cyclictest's latency at p99.9: what the simulation adds to the machine's own wake-up noise.
 */
final class LaunchedPeriod {
    private static final Path LOG = Path.of("target", "bench-velma", "velma-sim.log");
    private static final long GENEROUS_SECONDS = 180;
    private static final long PERIOD_MICROS = 2000;
    private static final Pattern PERIOD = Pattern.compile("^\\s*period\\s+p50 ([\\d.]+)\\s+p99 ([\\d.]+)\\s+p99\\.9 ([\\d.]+)\\s+max ([\\d.]+)");
    private static final Pattern ACTIVITY = Pattern.compile("activity \\S+ \\(clock=velma\\.sim\\): (\\d+) cycles, (\\d+) overruns");
    private static final Predicate<List<String>> MOTION_DONE = lines -> !lines.isEmpty()
            && lines.get(lines.size() - 1).matches(".*#\\d+ done.*");

    /** The activity's period (µs) and cycles in the window, and cyclictest's latency (µs) in the same window. */
    record Window(long cycles, long overruns, double periodP50, double periodP99, double periodP999, double periodMax, double cyclictestP50,
            double cyclictestP99, double cyclictestP999, double cyclictestMax, int motions) {
        double excessP999() {
            return periodP999 - PERIOD_MICROS;
        }

        double ratio() {
            return excessP999() / Math.max(cyclictestP999, 1);
        }
    }

    private LaunchedPeriod() {
    }

    static Window measure(int seconds, int priority) throws IOException, InterruptedException {
        Files.createDirectories(LOG.getParent());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try (ProfileConsole velma = new ProfileConsole("velma-sim", List.of(java, "-jar", "run-configs/target/velma-sim.jar"), LOG)) {
            velma.await(Pattern.compile("Welcome to Apache Felix Gogo"), GENEROUS_SECONDS);
            velma.ask("velma:exitsafe", MOTION_DONE, GENEROUS_SECONDS);
            velma.ask("agent:reset core", ending("diagnostics reset"), GENEROUS_SECONDS);
            Process cyclictest = LoopBenchmark.startCyclictest(PERIOD_MICROS * 1000, seconds, priority);
            if (cyclictest == null) {
                throw new IllegalStateException("cyclictest is not installed: it comes with Debian's rt-tests (./embodia bench velma installs it)");
            }
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            int motions = 0;
            while (System.nanoTime() < end) {
                boolean ready = motions % 2 == 0;
                double[] right = ready ? VelmaModel.READY_RIGHT : VelmaModel.REST_RIGHT;
                velma.ask("velma:jimp right " + joined(right) + " 2", MOTION_DONE, GENEROUS_SECONDS);
                motions++;
            }
            double[] ct = LoopBenchmark.cyclictestResult(cyclictest, PERIOD_MICROS * 1000);
            List<String> diag = velma.ask("agent:diag core", lines -> lines.stream().anyMatch(l -> PERIOD.matcher(l).find()), GENEROUS_SECONDS);
            return window(diag, ct, motions);
        }
    }

    private static String joined(double[] values) {
        return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%.4f", v)).collect(Collectors.joining(" "));
    }

    private static Window window(List<String> diag, double[] ct, int motions) {
        Matcher activity = null;
        for (String line : diag) {
            Matcher a = ACTIVITY.matcher(line);
            if (a.find()) {
                activity = a;
            }
            Matcher p = PERIOD.matcher(line);
            if (activity != null && p.find()) {
                return new Window(Long.parseLong(activity.group(1)), Long.parseLong(activity.group(2)), Double.parseDouble(p.group(1)),
                        Double.parseDouble(p.group(2)), Double.parseDouble(p.group(3)), Double.parseDouble(p.group(4)), ct[0], ct[1], ct[2], ct[3],
                        motions);
            }
        }
        throw new IllegalStateException("agent:diag core shows no period of the velma.sim activity:\n" + String.join("\n", diag));
    }
}
