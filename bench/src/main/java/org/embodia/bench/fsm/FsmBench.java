package org.embodia.bench.fsm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code ./embodia bench fsm [--quick]}: checks that Embodia's engine, Spring Statemachine,
 * stateless4j and a hand-written switch take ve_body through the same states over the same predicates, then times one
 * iteration of each with JMH (throughput, and bytes per iteration from the GC profiler), prints a
 * table, Embodia's ratios to the other two from the same run and, last, one JSON line.
 */
public final class FsmBench {
    private FsmBench() {
    }

    /** The three implementations' states over {@code steps} iterations; throws at the first difference. */
    static List<String> sameStates(int steps) throws Exception {
        VeBodyMachine[] machines = {new EmbodiaVeBody(new VeBodyTrace(FsmBenchmarks.SEED)), new SpringVeBody(new VeBodyTrace(FsmBenchmarks.SEED)),
            new Stateless4jVeBody(new VeBodyTrace(FsmBenchmarks.SEED)), new PlainJavaVeBody(new VeBodyTrace(FsmBenchmarks.SEED))};
        List<String> states = new ArrayList<>(steps);
        for (int i = 0; i < steps; i++) {
            String embodia = machines[0].step();
            String spring = machines[1].step();
            String stateless = machines[2].step();
            String plain = machines[3].step();
            if (!embodia.equals(spring) || !embodia.equals(stateless) || !embodia.equals(plain)) {
                throw new IllegalStateException("iteration " + i + ": Embodia " + embodia + ", Spring Statemachine " + spring + ", stateless4j "
                        + stateless + ", plain Java " + plain);
            }
            states.add(embodia);
        }
        return states;
    }

    public static void main(String[] args) throws Exception {
        boolean quick = List.of(args).contains("--quick");
        int steps = 2 * VeBodyTrace.LENGTH;
        List<String> states = sameStates(steps);
        System.out.printf(Locale.ROOT, "same state sequence in all four over %d iterations (%d distinct states)%n", steps,
                states.stream().distinct().count());
        Options options = new OptionsBuilder().include(FsmBenchmarks.class.getName() + "\\.").forks(1)
                .warmupIterations(quick ? 1 : 3).warmupTime(TimeValue.seconds(1)).measurementIterations(quick ? 2 : 5)
                .measurementTime(TimeValue.seconds(1)).timeUnit(TimeUnit.SECONDS).addProfiler(GCProfiler.class)
                .jvmArgsAppend("-Xms256m", "-Xmx256m").build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, double[]> figures = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            name = name.substring(name.lastIndexOf('.') + 1);
            figures.put(name, new double[] {r.getPrimaryResult().getScore(), allocation(r)});
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-22s %16s %14s %10s%n", "implementation", "iterations/s", "bytes/iteration", "vs Embodia");
        double embodia = figures.get("embodia")[0];
        for (Map.Entry<String, double[]> e : figures.entrySet()) {
            System.out.printf(Locale.ROOT, "%-22s %16.0f %14.1f %9.1f×%n", e.getKey(), e.getValue()[0], e.getValue()[1], embodia / e.getValue()[0]);
        }
        double overStateless4j = embodia / figures.get("stateless4j")[0];
        double overSpring = embodia / figures.get("springStatemachine")[0];
        double floorOverStateless4j = figures.get("plainJava")[0] / figures.get("stateless4j")[0];
        System.out.println();
        System.out.printf(Locale.ROOT, "Embodia / stateless4j:         %8.1f×  (target ≥ 10×)%n", overStateless4j);
        System.out.printf(Locale.ROOT, "Embodia / Spring Statemachine: %8.1f×  (target ≥ 100×)%n", overSpring);
        System.out.printf(Locale.ROOT, "Embodia bytes per step:        %8.1f   (target 0)%n", figures.get("embodia")[1]);
        System.out.printf(Locale.ROOT, "plain Java switch / stateless4j: %6.1f×  (the floor: no engine, no behaviours)%n", floorOverStateless4j);
        System.out.printf(Locale.ROOT,
                "{\"embodia_steps_per_s\": %.0f, \"spring_statemachine_steps_per_s\": %.0f, \"stateless4j_steps_per_s\": %.0f, "
                        + "\"embodia_over_stateless4j\": %.2f, \"embodia_over_spring_statemachine\": %.1f, "
                        + "\"embodia_bytes_per_step\": %.1f, \"embodia_text_states_steps_per_s\": %.0f, \"embodia_text_states_bytes_per_step\": %.1f, "
                        + "\"plain_java_steps_per_s\": %.0f, \"plain_java_over_stateless4j\": %.2f}%n",
                embodia, figures.get("springStatemachine")[0], figures.get("stateless4j")[0], overStateless4j, overSpring,
                figures.get("embodia")[1], figures.get("embodiaTextStates")[0], figures.get("embodiaTextStates")[1], figures.get("plainJava")[0],
                floorOverStateless4j);
    }

    private static double allocation(RunResult r) {
        for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return e.getValue().getScore();
            }
        }
        return Double.NaN;
    }
}
