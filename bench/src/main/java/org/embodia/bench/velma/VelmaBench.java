package org.embodia.bench.velma;

import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;
import static org.embodia.velma.model.VelmaModel.REST_LEFT;
import static org.embodia.velma.model.VelmaModel.REST_RIGHT;

import java.util.Arrays;
import java.util.Locale;

import org.embodia.velma.cs.TaskInterface;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;

/**
 * {@code ./embodia bench velma [--cycles <n>]}: the velma-sim system in one process, as the core
 * agent wires it, on the simulator's clock at manual pace, timing each phase of every cycle —
 * physics, ve_body's status pass, cs, ve_body's command pass, the simulated effectors — while the
 * arms swing between two postures in jnt_imp. Prints p50/p99 per phase and, last, one JSON line.
 */
public final class VelmaBench {
    static final String[] PHASES = {"physics", "ve_body status pass", "cs", "ve_body command pass", "effectors"};

    private final VelmaSystem velma = new VelmaSystem();
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
        TaskInterface task = new TaskInterface(velma.cs);
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

    public static void main(String[] args) throws Exception {
        int cycles = 20_000;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--cycles")) {
                cycles = Integer.parseInt(args[++i]);
            }
        }
        VelmaBench bench = new VelmaBench(cycles);
        bench.run(5_000);
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
        System.out.println(json.append('}'));
        bench.velma.close();
    }
}
