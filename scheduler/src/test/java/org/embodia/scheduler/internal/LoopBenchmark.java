package org.embodia.scheduler.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.TreeMap;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.scheduler.Percentiles;

/**
 * {@code ./embodia bench loop}: runs the scheduler's periodic loop on a representative agent (a
 * real effector and a real receptor writing, a virtual effector and a control subsystem with FSMs
 * reading, eight buffers) and, in the same window, cyclictest at the same policy and priority.
 * Prints a table and, last, one JSON line. The subsystems do no work of their own, so the cycle's
 * compute time is the framework's overhead. A benchmark: nothing here is asserted.
 */
public final class LoopBenchmark {

    /** A measurement as the robot's buffers carry it. */
    static final class Joints implements Message<Joints> {
        final double[] q = new double[7];
        long stamp;

        @Override
        public void copyFrom(Joints o) {
            System.arraycopy(o.q, 0, q, 0, 7);
            stamp = o.stamp;
        }
    }

    /** The allocation sampling interval. */
    static final int INTERVAL_MS = 100;

    private LoopBenchmark() {
    }

    /**
     * The loop thread's allocation told apart: per cycle, the median over the intervals of bytes per cycle (a
     * per-cycle cost shows in every interval, a one-off in one); one-off, what intervals allocated beyond that rate.
     */
    record Allocation(double perCycle, double leastPerCycle, long oneOffBytes, int oneOffIntervals, int firstOneOff) {
        static Allocation of(long[] bytes, long[] cycles) {
            double[] rates = new double[bytes.length];
            int n = 0;
            for (int k = 0; k < bytes.length; k++) {
                if (cycles[k] > 0) {
                    rates[n++] = (double) bytes[k] / cycles[k];
                }
            }
            double[] sorted = Arrays.copyOf(rates, n);
            Arrays.sort(sorted);
            double median = n == 0 ? 0 : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            double least = n == 0 ? 0 : sorted[0];
            long oneOff = 0;
            int count = 0;
            int first = -1;
            for (int k = 0; k < bytes.length; k++) {
                long excess = bytes[k] - (long) Math.ceil(median * cycles[k]);
                // More than one cycle's worth beyond the rate: not the per-cycle cost varying between cycles.
                if (excess > median) {
                    oneOff += excess;
                    count++;
                    first = first < 0 ? k : first;
                }
            }
            return new Allocation(median, least, oneOff, count, first);
        }
    }

    public static void main(String[] args) throws Exception {
        double rate = 500;
        double seconds = 10;
        int priority = 80;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rate" -> rate = Double.parseDouble(args[i + 1]);
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--priority" -> priority = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("usage: bench loop --rate <hz> --seconds <s> [--priority <1-99>]");
            }
        }
        long periodNanos = Math.round(1e9 / rate);
        PeriodicActivity loop = new PeriodicActivity("bench", rate, Integer.MAX_VALUE, priority, -1, 100_000);
        loop.publish(agent(), 1);
        loop.start();
        Thread.sleep(2000); // warm-up: JIT, page faults
        loop.resetDiagnostics();
        Thread.sleep(10L * (long) (1000 / rate) + 10);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = loop.thread().getId();
        int intervals = Math.max(1, (int) Math.round(seconds * 1000 / INTERVAL_MS));
        long[] intervalBytes = new long[intervals];
        long[] intervalCycles = new long[intervals];
        long bytesBefore = threads.getThreadAllocatedBytes(tid);
        long cyclesBefore = loop.cycles;

        Process cyclictest = startCyclictest(periodNanos, seconds, Math.max(priority, 1));
        // Sampled per interval from this thread, so that a one-off allocation shows in one interval and a per-cycle
        // one in every interval, instead of both averaged into one figure.
        long start = System.nanoTime();
        long bytesAt = bytesBefore;
        long cyclesAt = cyclesBefore;
        for (int k = 0; k < intervals; k++) {
            long until = start + (k + 1) * INTERVAL_MS * 1_000_000L;
            long left;
            while ((left = until - System.nanoTime()) > 0) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
            long b = threads.getThreadAllocatedBytes(tid);
            long c = loop.cycles;
            intervalBytes[k] = b - bytesAt;
            intervalCycles[k] = c - cyclesAt;
            bytesAt = b;
            cyclesAt = c;
        }
        long cycles = cyclesAt - cyclesBefore;
        long bytes = bytesAt - bytesBefore;
        Allocation allocation = Allocation.of(intervalBytes, intervalCycles);
        Percentiles wake = loop.wake.snapshot();
        Percentiles compute = loop.compute.snapshot();
        long late = loop.wake.countAbove(periodNanos);
        String granted = loop.realtime;
        loop.stop();
        double[] ct = cyclictest == null ? null : cyclictestResult(cyclictest, periodNanos);

        double javaMiss = wake.count() == 0 ? 0 : (double) late / wake.count();
        System.out.printf(Locale.ROOT, "loop at %.0f Hz for %.0f s (%d cycles): %s%n", rate, seconds, cycles, granted);
        System.out.printf(Locale.ROOT, "%-12s %10s %10s %10s %10s %10s%n", "", "p50 µs", "p99 µs", "p99.9 µs", "max µs", "miss ratio");
        System.out.printf(Locale.ROOT, "%-12s %10.1f %10.1f %10.1f %10.1f %10.5f%n", "java wake", wake.p50(), wake.p99(), wake.p999(),
                wake.max(), javaMiss);
        if (ct != null) {
            System.out.printf(Locale.ROOT, "%-12s %10.1f %10.1f %10.1f %10.1f %10.5f%n", "cyclictest", ct[0], ct[1], ct[2], ct[3], ct[4]);
        } else {
            System.out.println("cyclictest   not run (not installed: apt-get install rt-tests)");
        }
        System.out.printf(Locale.ROOT, "%-12s %10.1f %10.1f %10.1f %10.1f%n", "overhead", compute.p50(), compute.p99(), compute.p999(),
                compute.max());
        System.out.printf(Locale.ROOT, "allocated by the loop thread after warm-up: %.1f bytes per cycle (median of %d intervals of %d ms, "
                + "least %.1f)%n", allocation.perCycle, intervals, INTERVAL_MS, allocation.leastPerCycle);
        if (allocation.oneOffIntervals == 0) {
            System.out.printf(Locale.ROOT, "one-off allocations: none (%d bytes in %d cycles in all)%n", bytes, cycles);
        } else {
            System.out.printf(Locale.ROOT, "one-off allocations: %d bytes in %d interval(s), first at %.1f s: not a per-cycle cost "
                    + "(%d bytes in %d cycles in all)%n", allocation.oneOffBytes, allocation.oneOffIntervals,
                    allocation.firstOneOff * INTERVAL_MS / 1000.0, bytes, cycles);
        }
        String ctJson = ct == null ? "null"
                : String.format(Locale.ROOT, "{\"p50_us\": %.1f, \"p99_us\": %.1f, \"p999_us\": %.1f, \"miss_ratio\": %.5f}", ct[0], ct[1], ct[2], ct[4]);
        System.out.printf(Locale.ROOT, "{\"rate\": %.0f, \"java\": {\"p50_us\": %.1f, \"p99_us\": %.1f, \"p999_us\": %.1f, \"miss_ratio\": %.5f}, "
                + "\"cyclictest\": %s, \"overhead_p99_us\": %.1f, \"alloc_bytes_per_cycle\": %.1f, \"alloc_one_off_bytes\": %d, "
                + "\"alloc_one_off_intervals\": %d, \"cycles\": %d}%n", rate, wake.p50(), wake.p99(), wake.p999(), javaMiss, ctJson, compute.p99(),
                allocation.perCycle, allocation.oneOffBytes, allocation.oneOffIntervals, cycles);
    }

    /** Four subsystems, eight buffers: what a small agent's cycle moves. */
    private static ActivityPlan agent() throws FsmLoadException {
        List<ActivityPlan.Step> steps = new ArrayList<>();
        List<ActivityPlan.Link> links = new ArrayList<>();
        List<OutputBuffer<Joints>> producers = new ArrayList<>();
        for (String name : List.of("bench/a.arm/re", "bench/a.camera/rr")) {
            OutputBuffer<Joints> a = new OutputBuffer<>("status", Joints.class, Joints::new);
            OutputBuffer<Joints> b = new OutputBuffer<>("extra", Joints.class, Joints::new);
            producers.add(a);
            producers.add(b);
            Subsystem s = ActivityHarness.subsystem(name, List.of(), List.of(a, b), () -> {
                a.message().stamp++;
                a.send();
                b.message().stamp++;
                b.send();
            });
            steps.add(new ActivityPlan.Step(new SubsystemRuntime(name, s, steps.size(), "bench", null), new InputBuffer<?>[0]));
        }
        int p = 0;
        for (String name : List.of("bench/a.body/ve", "bench/a./cs")) {
            InputBuffer<Joints> a = new InputBuffer<>("status", Joints.class, Joints::new);
            InputBuffer<Joints> b = new InputBuffer<>("extra", Joints.class, Joints::new);
            links.add(new ActivityPlan.Link(producers.get(p++), a));
            links.add(new ActivityPlan.Link(producers.get(p++), b));
            Subsystem s = ActivityHarness.subsystem(name, List.of(a, b), List.of(), () -> { });
            FsmExecutor fsm = ActivityHarness.waitWork(a::isNew);
            steps.add(new ActivityPlan.Step(new SubsystemRuntime(name, s, steps.size(), "bench", fsm), new InputBuffer<?>[] {a, b}));
        }
        return new ActivityPlan(steps.toArray(ActivityPlan.Step[]::new), links, System.err::println);
    }

    /**
     * cyclictest on one thread at the period, for {@code seconds}, its histogram to read with {@link #cyclictestResult}; null if it
     * is not installed. Priority 0 is SCHED_OTHER, 1–99 SCHED_FIFO. Also for the benches that set it beside a launched profile.
     */
    public static Process startCyclictest(long periodNanos, double seconds, int priority) throws IOException {
        try {
            return new ProcessBuilder("cyclictest", "-m", "-t", "1", "-p", String.valueOf(priority), "-i",
                    String.valueOf(periodNanos / 1000), "-D", String.valueOf(Math.round(seconds)), "-q", "-h", "20000")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            return null;
        }
    }

    /** p50, p99, p99.9, max (µs) and the miss ratio from cyclictest's histogram (one line per µs: "latency count"). */
    public static double[] cyclictestResult(Process p, long periodNanos) throws IOException, InterruptedException {
        TreeMap<Long, Long> histogram = new TreeMap<>();
        double max = 0;
        long overflows = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].matches("\\d+") && f[1].matches("\\d+")) {
                    long count = Long.parseLong(f[1]);
                    if (count > 0) {
                        histogram.put(Long.parseLong(f[0]), count);
                    }
                } else if (line.startsWith("# Max Latencies:") && f.length >= 4) {
                    max = Double.parseDouble(f[3]);
                } else if (line.startsWith("# Histogram Overflows:") && f.length >= 4) {
                    overflows = Long.parseLong(f[3]);
                }
            }
        }
        p.waitFor();
        long total = overflows + histogram.values().stream().mapToLong(Long::longValue).sum();
        long late = overflows + histogram.tailMap(periodNanos / 1000, false).values().stream().mapToLong(Long::longValue).sum();
        return new double[] {quantile(histogram, total, 0.5, max), quantile(histogram, total, 0.99, max), quantile(histogram, total, 0.999, max),
                max, total == 0 ? 0 : (double) late / total};
    }

    private static double quantile(TreeMap<Long, Long> histogram, long total, double q, double max) {
        long rank = (long) Math.ceil(q * total);
        long seen = 0;
        for (Map.Entry<Long, Long> e : histogram.entrySet()) {
            seen += e.getValue();
            if (seen >= rank) {
                return e.getKey();
            }
        }
        return max;
    }
}
