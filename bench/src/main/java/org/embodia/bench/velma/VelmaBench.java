package org.embodia.bench.velma;

import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;
import static org.embodia.velma.model.VelmaModel.REST_LEFT;
import static org.embodia.velma.model.VelmaModel.REST_RIGHT;

import java.util.Arrays;
import java.util.Locale;

import org.embodia.testing.Allocations;
import org.embodia.velma.cs.TaskInterface;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;

/**
 * {@code ./embodia bench velma [--cycles <n>] [--launched-seconds <s>] [--priority <0-99>]}: the velma-sim system in one process, as the
 * core agent wires it, on the simulator's clock at manual pace, timing each phase of every cycle — physics, ve_body's
 * status pass, cs, ve_body's command pass, the simulated effectors — while the arms swing between two postures in
 * jnt_imp; with the bytes each whole cycle allocates once warm. Then the launched profile's period beside cyclictest
 * in one window ({@link LaunchedPeriod}; 0 seconds leaves it out). Prints p50/p99 per phase and, last, one JSON line.
 */
public final class VelmaBench {
    static final String[] PHASES = {"physics", "ve_body status pass", "cs", "ve_body command pass", "effectors"};

    private final VelmaSystem velma = new VelmaSystem();
    private final TaskInterface task = new TaskInterface(velma.cs);
    private final long[][] nanos;
    private int cycle;
    private long cycleStart;
    private long cycleNanos;

    VelmaBench(int cycles) throws Exception {
        nanos = new long[PHASES.length][cycles];
        velma.sim.attach(this::cycle);
    }

    /** One cycle of the core agent's activity, in [VELMA-STRUCT]'s order, each phase timed. */
    private void cycle() {
        long t0 = System.nanoTime();
        velma.statusPass();
        long t1 = System.nanoTime();
        velma.csPass();
        long t2 = System.nanoTime();
        velma.commandPass();
        long t3 = System.nanoTime();
        velma.effectorsPass();
        long t4 = System.nanoTime();
        cycleStart = t0;
        cycleNanos = t4 - t0;
        if (cycle >= 0 && cycle < nanos[0].length) {
            nanos[1][cycle] = t1 - t0;
            nanos[2][cycle] = t2 - t1;
            nanos[3][cycle] = t3 - t2;
            nanos[4][cycle] = t4 - t3;
        }
    }

    private void tick() {
        long before = System.nanoTime();
        velma.sim.advance(1);
        long after = System.nanoTime();
        if (cycle >= 0 && cycle < nanos[0].length) {
            // The tick is physics and status publishing, then the cycle.
            nanos[0][cycle] = (cycleStart - before) + (after - cycleStart - cycleNanos);
        }
        cycle++;
    }

    void run(int warmup) {
        for (int i = 0; i < 300; i++) {
            tick();
        }
        task.exitSafeMode();
        for (int i = 0; i < 300; i++) {
            tick();
        }
        boolean ready = true;
        Motion m = null;
        cycle = -warmup;
        while (cycle < nanos[0].length) {
            if (m == null || task.motion(m.id()).ended()) {
                m = task.jointImpedance(ready ? new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, 2, 1)
                        : new JointImpedanceCommand(REST_RIGHT, REST_LEFT, 0.0, 2, 1));
                ready = !ready;
            }
            tick();
        }
        if (!"jnt_imp".equals(velma.csFsm.currentState())) {
            throw new IllegalStateException("cs left jnt_imp during the run: " + velma.csFsm.currentState() + ", ve_body "
                    + velma.veBodyFsm.currentState());
        }
    }

    /** Bytes of 1000 warm cycles, least of ten rounds, while one slow motion runs through them all (a command allocates). */
    long allocatedPerThousandCycles() {
        Motion m = task.jointImpedance(new JointImpedanceCommand(REST_RIGHT, REST_LEFT, 0.0, 60, 1));
        for (int i = 0; i < 500; i++) {
            tick();
        }
        long bytes = Allocations.leastOfTenRounds(1000, this::tick);
        if (task.motion(m.id()).phase() != Motion.Phase.ACTIVE) {
            throw new IllegalStateException("the motion did not run through the measured cycles: " + task.motion(m.id()));
        }
        return bytes;
    }

    public static void main(String[] args) throws Exception {
        int cycles = 20_000;
        int launchedSeconds = 30;
        int priority = 80;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--cycles")) {
                cycles = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--launched-seconds")) {
                launchedSeconds = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--priority")) {
                priority = Integer.parseInt(args[++i]);
            } else {
                throw new IllegalArgumentException("usage: bench velma [--cycles <n>] [--launched-seconds <s>] [--priority <0-99>]");
            }
        }
        VelmaBench bench = new VelmaBench(cycles);
        bench.run(5_000);
        long bytes = bench.allocatedPerThousandCycles();
        StringBuilder json = new StringBuilder("{\"cycles\": " + cycles);
        System.out.printf(Locale.ROOT, "%-22s %10s %10s%n", "phase", "p50 µs", "p99 µs");
        String[] keys = {"physics", "ve_body_status", "cs", "ve_body_command", "effectors"};
        for (int p = 0; p < PHASES.length; p++) {
            long[] sorted = bench.nanos[p].clone();
            Arrays.sort(sorted);
            double p50 = sorted[sorted.length / 2] / 1e3;
            double p99 = sorted[(int) (sorted.length * 0.99)] / 1e3;
            System.out.printf(Locale.ROOT, "%-22s %10.1f %10.1f%n", PHASES[p], p50, p99);
            json.append(String.format(Locale.ROOT, ", \"%s_p50_us\": %.1f, \"%s_p99_us\": %.1f", keys[p], p50, keys[p], p99));
        }
        System.out.printf(Locale.ROOT, "allocated by 1000 warm cycles (physics, ve_body, cs, effectors), least of %d rounds: %d bytes%n",
                Allocations.ROUNDS, bytes);
        json.append(", \"bytes_per_1000_cycles\": ").append(bytes);
        bench.velma.close();
        if (launchedSeconds > 0) {
            System.out.printf(Locale.ROOT, "%nvelma-sim launched, %d s of jnt_imp motions; beside it cyclictest, 2 ms, %s as velma.sim's clock "
                    + "(log: target/bench-velma/velma-sim.log)...%n", launchedSeconds, priority > 0 ? "SCHED_FIFO " + priority : "SCHED_OTHER");
            LaunchedPeriod.Window w = LaunchedPeriod.measure(launchedSeconds, priority);
            System.out.printf(Locale.ROOT, "%-26s %9s %9s %9s %9s%n", "", "p50 µs", "p99 µs", "p99.9 µs", "max µs");
            System.out.printf(Locale.ROOT, "%-26s %9.1f %9.1f %9.1f %9.1f%n", "velma-sim period", w.periodP50(), w.periodP99(), w.periodP999(),
                    w.periodMax());
            System.out.printf(Locale.ROOT, "%-26s %9.1f %9.1f %9.1f %9.1f%n", "cyclictest latency", w.cyclictestP50(), w.cyclictestP99(),
                    w.cyclictestP999(), w.cyclictestMax());
            System.out.printf(Locale.ROOT, "%d cycles, %d overruns, %d motions; the period's excess over 2 ms at p99.9: %.1f µs, %.2f× "
                    + "cyclictest's p99.9%n", w.cycles(), w.overruns(), w.motions(), w.excessP999(), w.ratio());
            json.append(String.format(Locale.ROOT, ", \"launched\": {\"cycles\": %d, \"overruns\": %d, \"period_p999_us\": %.1f, "
                    + "\"cyclictest_p999_us\": %.1f, \"excess_over_cyclictest\": %.2f}", w.cycles(), w.overruns(), w.periodP999(),
                    w.cyclictestP999(), w.ratio()));
        }
        System.out.println(json.append('}'));
    }
}
