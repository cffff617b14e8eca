package org.embodia.bench.velma;

import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;
import static org.embodia.velma.model.VelmaModel.REST_LEFT;
import static org.embodia.velma.model.VelmaModel.REST_RIGHT;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.cs.TaskInterface;
import org.embodia.velma.cs.VelmaCs;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.sim.EthercatEffector;
import org.embodia.velma.sim.LeftLwrEffector;
import org.embodia.velma.sim.RightLwrEffector;
import org.embodia.velma.sim.VelmaSimulation;
import org.embodia.velma.vebody.VeBody;

/**
 * {@code ./embodia bench velma [--cycles <n>]}: the velma-sim system in one process, as the core
 * agent wires it, on the simulator's clock at manual pace, timing each phase of every cycle —
 * physics, ve_body's status pass, cs, ve_body's command pass, the simulated effectors — while the
 * arms swing between two postures in jnt_imp. Prints p50/p99 per phase and, last, one JSON line.
 */
public final class VelmaBench {
    static final String[] PHASES = {"physics", "ve_body status pass", "cs", "ve_body command pass", "effectors"};

    private final VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final VeBody veBody = new VeBody();
    private final VelmaCs cs = new VelmaCs();
    private final List<Subsystem> effectors;
    private final FsmExecutor veBodyFsm;
    private final FsmExecutor csFsm;
    private final InputBuffer<?>[] statusInputs;
    private final InputBuffer<?>[] commandInput;
    private final InputBuffer<?>[] csInputs;
    private final long[][] nanos;
    private int cycle;
    private long cycleStart;
    private long cycleNanos;

    VelmaBench(int cycles) throws Exception {
        effectors = List.of(new RightLwrEffector(sim), new LeftLwrEffector(sim), new EthercatEffector(sim));
        connect("core/a.lwr_r/re:status -> core/a.body/ve:lwr_r_status", "core/a.lwr_l/re:status -> core/a.body/ve:lwr_l_status",
                "core/a.ethercat/re:torso_status -> core/a.body/ve:torso_status",
                "core/a.ethercat/re:head_pan_status -> core/a.body/ve:head_pan_status",
                "core/a.ethercat/re:head_tilt_status -> core/a.body/ve:head_tilt_status", "core/a.body/ve:status -> core/a./cs:status",
                "core/a./cs:command -> core/a.body/ve:command", "core/a.body/ve:lwr_r_command -> core/a.lwr_r/re:command",
                "core/a.body/ve:lwr_l_command -> core/a.lwr_l/re:command", "core/a.body/ve:torso_command -> core/a.ethercat/re:torso_command",
                "core/a.body/ve:head_pan_command -> core/a.ethercat/re:head_pan_command",
                "core/a.body/ve:head_tilt_command -> core/a.ethercat/re:head_tilt_command");
        veBodyFsm = VelmaFsms.veBody(veBody);
        csFsm = VelmaFsms.cs(cs);
        List<InputBuffer<?>> status = new ArrayList<>(veBody.inputs());
        status.removeIf(b -> b.name().equals("command"));
        statusInputs = status.toArray(InputBuffer<?>[]::new);
        commandInput = veBody.inputs().stream().filter(b -> b.name().equals("command")).toArray(InputBuffer<?>[]::new);
        csInputs = cs.inputs().toArray(InputBuffer<?>[]::new);
        nanos = new long[PHASES.length][cycles];
        sim.attach(this::cycle);
    }

    private static org.embodia.api.fsm.FsmDefinition load(Class<?> owner, String resource) throws Exception {
        try (InputStream in = owner.getClassLoader().getResourceAsStream(resource)) {
            return FsmLoader.load(resource, in, Map.of());
        }
    }

    private void connect(String... connections) {
        Map<String, Subsystem> byName = new HashMap<>();
        for (Subsystem s : List.of(veBody, cs, effectors.get(0), effectors.get(1), effectors.get(2))) {
            byName.put(s.name().toString(), s);
        }
        for (String c : connections) {
            String[] ends = c.split(" -> ");
            String[] from = ends[0].split(":");
            String[] to = ends[1].split(":");
            OutputBuffer<?> out = byName.get(from[0]).outputs().stream().filter(b -> b.name().equals(from[1])).findFirst().orElseThrow();
            InputBuffer<?> in = byName.get(to[0]).inputs().stream().filter(b -> b.name().equals(to[1])).findFirst().orElseThrow();
            connect(out, in);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void connect(OutputBuffer out, InputBuffer in) {
        out.connect(in);
    }

    /** One cycle of the core agent's activity, in [VELMA-STRUCT]'s order, each phase timed. */
    private void cycle() {
        long t0 = System.nanoTime();
        pass(statusInputs, veBodyFsm, veBody);
        long t1 = System.nanoTime();
        pass(csInputs, csFsm, cs);
        long t2 = System.nanoTime();
        pass(commandInput, veBodyFsm, veBody);
        long t3 = System.nanoTime();
        for (Subsystem e : effectors) {
            for (InputBuffer<?> in : e.inputs()) {
                in.receive();
            }
            try {
                e.step();
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        }
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

    private static void pass(InputBuffer<?>[] inputs, FsmExecutor fsm, Subsystem s) {
        for (InputBuffer<?> in : inputs) {
            in.receive();
        }
        fsm.step();
        s.endIteration();
    }

    private void tick() {
        long before = System.nanoTime();
        sim.advance(1);
        long after = System.nanoTime();
        if (cycle >= 0 && cycle < nanos[0].length) {
            // The tick is physics and status publishing, then the cycle.
            nanos[0][cycle] = (cycleStart - before) + (after - cycleStart - cycleNanos);
        }
        cycle++;
    }

    void run(int warmup) {
        TaskInterface task = new TaskInterface(cs);
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
        if (!"jnt_imp".equals(csFsm.currentState())) {
            throw new IllegalStateException("cs left jnt_imp during the run: " + csFsm.currentState() + ", ve_body " + veBodyFsm.currentState());
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
        bench.sim.close();
    }
}
