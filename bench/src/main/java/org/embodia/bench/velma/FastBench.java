package org.embodia.bench.velma;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./embodia bench velma-fast [--runs 10]}: velma-sim with its clock ticking back to back ({@code run velma-sim
 * --fast}), the whole agent in Felix, headless, running the Velma demo {@code --runs} times in one framework; beside it
 * the demo once at real time. Prints each run's real-time factor (cs's iterations against the wall clock, as the demo
 * reports it), the median of the runs after the first two (the JIT compiles during those), and whether every fast run
 * took the same steps to the same ends as the run at real time. Last line JSON. A benchmark: nothing is asserted, but
 * it exits 1 when an outcome differs.
 */
public final class FastBench {
    private static final Pattern FACTOR = Pattern.compile("robot time ([\\d.]+) s in ([\\d.]+) s: ([\\d.]+)× real time");
    /** A demo line: its wall time, then what it says. */
    private static final Pattern LINE = Pattern.compile("^\\s*[\\d.]+ s (.*)$");
    /** Warm-up runs left out of the median. */
    private static final int WARM_UP = 2;

    private FastBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = 10;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--runs")) {
                runs = Integer.parseInt(args[i + 1]);
            } else {
                throw new IllegalArgumentException("usage: bench velma-fast [--runs <n>]");
            }
        }
        if (runs <= WARM_UP) {
            throw new IllegalArgumentException("--runs must be above " + WARM_UP + ": the first " + WARM_UP + " warm the JIT up");
        }
        List<String> realTime = run(List.of("./embodia", "run", "velma-sim"), "velma:demo\n");
        List<List<String>> fast = split(run(List.of("./embodia", "run", "velma-sim", "--fast"), "velma:demo\n".repeat(runs)));
        List<String> reference = steps(realTime);
        double[] factors = new double[fast.size()];
        boolean same = true;
        System.out.printf(Locale.ROOT, "real time: %s%n", factorLine(realTime));
        for (int k = 0; k < fast.size(); k++) {
            List<String> lines = fast.get(k);
            Matcher m = FACTOR.matcher(String.join("\n", lines));
            factors[k] = m.find() ? Double.parseDouble(m.group(3)) : Double.NaN;
            List<String> steps = steps(lines);
            boolean sameSteps = steps.equals(reference);
            same &= sameSteps;
            System.out.printf(Locale.ROOT, "fast run %2d: %s, %s%n", k + 1, factorLine(lines), sameSteps ? "same steps and ends as at real time"
                    : "DIFFERENT: " + firstDifference(reference, steps));
        }
        if (fast.size() != runs) {
            System.out.printf(Locale.ROOT, "only %d of %d fast runs completed%n", fast.size(), runs);
            same = false;
        }
        double[] warm = Arrays.copyOfRange(factors, Math.min(WARM_UP, factors.length), factors.length);
        Arrays.sort(warm);
        double median = warm.length == 0 ? Double.NaN : warm.length % 2 == 1 ? warm[warm.length / 2] : (warm[warm.length / 2 - 1] + warm[warm.length / 2]) / 2;
        System.out.printf(Locale.ROOT, "real-time factor, median of runs %d to %d: %.1f× (least %.1f×)%n", WARM_UP + 1, fast.size(), median,
                warm.length == 0 ? Double.NaN : warm[0]);
        System.out.printf(Locale.ROOT, "{\"bench\":\"velma-fast\",\"runs\":%d,\"median_factor\":%.1f,\"least_factor\":%.1f,\"same_outcome\":%b}%n",
                fast.size(), median, warm.length == 0 ? Double.NaN : warm[0], same);
        System.exit(same ? 0 : 1);
    }

    /** Runs {@code ./embodia run ...} with {@code script} as its Gogo script ({@code --script}), and returns what it printed. */
    private static List<String> run(List<String> command, String script) throws IOException, InterruptedException {
        Path file = Files.createTempFile("velma-fast", ".gogo");
        try {
            Files.writeString(file, script, StandardCharsets.UTF_8);
            List<String> full = new ArrayList<>(command);
            full.add("--script");
            full.add(file.toString());
            Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + String.join("\n", lines));
            }
            return lines;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** One list of lines per demo, each ending with its verdict. */
    private static List<List<String>> split(List<String> lines) {
        List<List<String>> demos = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String l : lines) {
            current.add(l);
            if (l.startsWith("demo: ")) {
                demos.add(current);
                current = new ArrayList<>();
            }
        }
        return demos;
    }

    /**
     * The steps a demo took and how each ended, without times or measured figures: its "> step" and "ok" lines and
     * its verdict. The figures (a tool's distance from its target, read after the step) differ with the moment read.
     */
    private static List<String> steps(List<String> lines) {
        List<String> steps = new ArrayList<>();
        for (String l : lines) {
            Matcher m = LINE.matcher(l);
            String said = m.matches() ? m.group(1).trim() : l.trim();
            if (said.startsWith("> ") || said.startsWith("ok") || said.startsWith("demo: ")) {
                steps.add(said.replaceAll("#\\d+", "#"));
            }
        }
        return steps;
    }

    private static String firstDifference(List<String> a, List<String> b) {
        for (int k = 0; k < Math.max(a.size(), b.size()); k++) {
            String x = k < a.size() ? a.get(k) : "(nothing)";
            String y = k < b.size() ? b.get(k) : "(nothing)";
            if (!x.equals(y)) {
                return "at real time '" + x + "', fast '" + y + "'";
            }
        }
        return "none";
    }

    private static String factorLine(List<String> lines) {
        Matcher m = FACTOR.matcher(String.join("\n", lines));
        return m.find() ? String.format(Locale.ROOT, "robot time %s s in %s s, %s× real time", m.group(1), m.group(2), m.group(3)) : "no factor printed";
    }
}
