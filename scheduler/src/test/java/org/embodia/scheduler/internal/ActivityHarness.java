package org.embodia.scheduler.internal;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.scheduler.Percentiles;

/**
 * The scheduler's own periodic activity for benchmarks beyond this module (the test-jar): it runs the passes a bench
 * gives, each as a subsystem's step of one activity, in the loop an agent's activity runs in, and reports that
 * activity's figures. A benchmark's tool: nothing here is asserted.
 */
public final class ActivityHarness {

    /** One subsystem's pass each cycle: the inputs it receives first, its FSM (null: the subsystem's own step). */
    public record Pass(Subsystem subsystem, InputBuffer<?>[] receive, FsmExecutor fsm) {
    }

    /** What the activity measured after its warm-up: cycles, overruns, and its compute, period and wake-up latency in µs. */
    public record Figures(String realtime, long cycles, long overruns, Percentiles compute, Percentiles period, Percentiles wake) {
    }

    private ActivityHarness() {
    }

    /**
     * Runs {@code passes} in one activity at {@code rateHz}: {@code warmUpMillis} unmeasured (the JIT, page faults), then
     * {@code measuredMillis} measured.
     *
     * @param priority the SCHED_FIFO priority the loop asks for, 0 for none
     */
    public static Figures run(double rateHz, int priority, long warmUpMillis, long measuredMillis, List<Pass> passes) throws InterruptedException {
        PeriodicActivity loop = new PeriodicActivity("bench", rateHz, Integer.MAX_VALUE, priority, -1, 100_000);
        ActivityPlan.Step[] steps = new ActivityPlan.Step[passes.size()];
        for (int k = 0; k < steps.length; k++) {
            Pass p = passes.get(k);
            steps[k] = new ActivityPlan.Step(new SubsystemRuntime(p.subsystem().name().toString(), p.subsystem(), k, "bench", p.fsm()), p.receive());
        }
        loop.publish(new ActivityPlan(steps, List.of(), System.err::println), 1);
        loop.start();
        try {
            Thread.sleep(warmUpMillis);
            loop.resetDiagnostics();
            long first = loop.cycles;
            Thread.sleep(measuredMillis);
            return new Figures(loop.realtime, loop.cycles - first, loop.overruns, loop.compute.snapshot(), loop.period.snapshot(),
                    loop.wake.snapshot());
        } finally {
            loop.stop();
        }
    }

    /** A subsystem whose step is {@code step}, over the given buffers. */
    public static Subsystem subsystem(String name, List<InputBuffer<?>> in, List<OutputBuffer<?>> out, Runnable step) {
        return new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse(name);
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return in;
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return out;
            }

            @Override
            public void step() {
                step.run();
            }
        };
    }

    /** The smallest FSM a subsystem that waits for its input has: wait until {@code fresh}, then work while it stays so. */
    public static FsmExecutor waitWork(BooleanSupplier fresh) throws FsmLoadException {
        return FsmExecutor.create(FsmLoader.load("bench.yaml", """
                fsm: bench
                initial: wait
                inputs: [fresh]
                states:
                  wait:
                    terminal: fresh
                    transitions:
                      work: TRUE
                  work:
                    terminal: TRUE
                    transitions:
                      work: fresh
                      wait: not fresh
                """), Map.of("wait", (Behavior) i -> { }, "work", (Behavior) i -> { }), Predicates.builder().add("fresh", fresh).build());
    }
}
