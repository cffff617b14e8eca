package org.embodia.bench.fsm;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One ve_body iteration per operation in each implementation, over the same pre-generated
 * predicate sequence ({@link VeBodyTrace}, seed {@value #SEED}); and one iteration of the ten-state
 * mc_rtc-style ring.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FsmBenchmarks {
    static final long SEED = 20261122L;

    @State(Scope.Thread)
    public static class Embodia {
        VeBodyMachine machine;

        @Setup
        public void setUp() throws Exception {
            machine = new EmbodiaVeBody(new VeBodyTrace(SEED));
        }
    }

    @State(Scope.Thread)
    public static class Spring {
        VeBodyMachine machine;

        @Setup
        public void setUp() throws Exception {
            machine = new SpringVeBody(new VeBodyTrace(SEED));
        }
    }

    @State(Scope.Thread)
    public static class Stateless4j {
        VeBodyMachine machine;

        @Setup
        public void setUp() {
            machine = new Stateless4jVeBody(new VeBodyTrace(SEED));
        }
    }

    @State(Scope.Thread)
    public static class PlainJava {
        VeBodyMachine machine;

        @Setup
        public void setUp() {
            machine = new PlainJavaVeBody(new VeBodyTrace(SEED));
        }
    }

    @State(Scope.Thread)
    public static class Ring {
        TextStateRing ring;

        @Setup
        public void setUp() throws Exception {
            ring = new TextStateRing();
        }
    }

    @Benchmark
    public String embodia(Embodia s) {
        return s.machine.step();
    }

    @Benchmark
    public String springStatemachine(Spring s) {
        return s.machine.step();
    }

    @Benchmark
    public String stateless4j(Stateless4j s) {
        return s.machine.step();
    }

    @Benchmark
    public String plainJava(PlainJava s) {
        return s.machine.step();
    }

    @Benchmark
    public String embodiaTextStates(Ring s) {
        return s.ring.step();
    }
}
