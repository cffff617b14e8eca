package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.scheduler.Realtime;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** The periodic loop, measured on its own thread while it runs. */
class LoopTest {

    static final class Value implements Message<Value> {
        long v;

        @Override
        public void copyFrom(Value o) {
            v = o.v;
        }
    }

    /** A writer without FSM and a reader whose FSM switches every few cycles, as a small agent does. */
    private static ActivityPlan plan() throws Exception {
        return plan(new OutputBuffer<>("out", Value.class, Value::new));
    }

    private static ActivityPlan plan(OutputBuffer<Value> out) throws Exception {
        InputBuffer<Value> in = new InputBuffer<>("in", Value.class, Value::new);
        Subsystem writer = new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse("t/a.w/rr");
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return List.of();
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return List.of(out);
            }

            @Override
            public void step() {
                out.message().v++;
                if (out.message().v % 7 != 0) {
                    out.send();
                }
            }
        };
        Subsystem reader = new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse("t/a.r/vr");
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return List.of(in);
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return List.of();
            }
        };
        FsmExecutor fsm = FsmExecutor.create(FsmLoader.load("t.yaml", """
                fsm: t
                initial: idle
                inputs: [fresh]
                states:
                  idle:
                    terminal: fresh
                    transitions:
                      busy: TRUE
                  busy:
                    terminal: not fresh
                    transitions:
                      idle: TRUE
                """), Map.of("idle", (Behavior) i -> { }, "busy", (Behavior) i -> { }), Predicates.builder().add("fresh", in::isNew).build());
        SubsystemRuntime w = new SubsystemRuntime("t/a.w/rr", writer, 1, "rt", null);
        SubsystemRuntime r = new SubsystemRuntime("t/a.r/vr", reader, 2, "rt", fsm);
        return new ActivityPlan(new ActivityPlan.Step[] {new ActivityPlan.Step(w, new InputBuffer<?>[0]),
                new ActivityPlan.Step(r, new InputBuffer<?>[] {in})}, List.of(new ActivityPlan.Link(out, in)), e -> { });
    }

    /** With a view's watch on the writer's output, read all along on another thread: a tap costs the loop a copy only. */
    @Test
    void theLoopAllocatesNothingAndBlocksOnNoMonitorPerCycle() throws Exception {
        PeriodicActivity a = new PeriodicActivity("rt", 2000, 1_000_000, 0, -1, 100_000);
        OutputBuffer<Value> out = new OutputBuffer<>("out", Value.class, Value::new);
        a.publish(plan(out), 1);
        BufferTap watch = new BufferTap("t/a.w/rr", "out", t -> out);
        Thread viewer = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                watch.latest();
            }
        }, "viewer");
        viewer.start();
        a.start();
        try {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long id = a.thread().getId();
            // Warm-up, counted in cycles rather than time: the JIT compiles the loop. Then measured again until a round is
            // clean or 60 s have passed: a compilation late on a loaded machine is waited for, while a per-cycle
            // allocation would show in every round.
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (a.cycles < 3000 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            long blockedBefore = threads.getThreadInfo(id).getBlockedCount();
            long cyclesBefore = a.cycles;
            long leastBytes = Long.MAX_VALUE;
            do {
                leastBytes = Math.min(leastBytes, Allocations.leastOfTenRounds(a.thread(), Duration.ofMillis(500)));
            } while (leastBytes > 0 && System.nanoTime() < deadline);
            long blocked = threads.getThreadInfo(id).getBlockedCount() - blockedBefore;
            long cycles = a.cycles - cyclesBefore;
            assertTrue(cycles > 1000, "cycles measured: " + cycles);
            assertEquals(0, leastBytes, "bytes the loop thread allocated in a round of ~1000 cycles");
            assertEquals(0, blocked, "times the loop thread blocked on a monitor");
            assertTrue(a.diagnostics().compute().count() > 0);
            assertTrue(a.diagnostics().sleepLatency().count() > 0, "the sleep before the spin is measured");
            assertTrue(watch.received() > 1000, "the watch saw the messages: " + watch.received());
        } finally {
            viewer.interrupt();
            viewer.join();
            watch.close();
            a.stop();
        }
    }

    @Test
    void overrunsAreCountedAndAConfiguredNumberInARowIsAFault() throws Exception {
        // longer than the 10 ms period
        Subsystem slow = stepping("t/a.slow/re", () -> Thread.sleep(15));
        PeriodicActivity a = new PeriodicActivity("rt", 100, 3, 0, -1, 100_000);
        a.publish(new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.slow/re", slow, 1, "rt", null), new InputBuffer<?>[0])}, List.of(), e -> { }),
                1);
        a.start();
        try {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!a.fault && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(a.fault, "3 overruns in a row are a fault");
            assertTrue(a.diagnostics().overruns() >= 3);
        } finally {
            a.stop();
        }
    }

    @Test
    void aLateCycleSkipsTheDeadlinesItPassedInsteadOfRunningCyclesBackToBack() throws Exception {
        long[] starts = new long[40];
        int[] cycles = {0};
        long[] stallEnd = {0};
        Subsystem stalling = stepping("t/a.stall/re", () -> {
            int k = cycles[0]++;
            if (k < starts.length) {
                starts[k] = System.nanoTime();
            }
            if (k == 3) {
                Thread.sleep(55); // five and a half 10 ms periods
                stallEnd[0] = System.nanoTime();
            }
        });
        PeriodicActivity a = new PeriodicActivity("rt", 100, Integer.MAX_VALUE, 0, -1, 100_000);
        a.publish(new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.stall/re", stalling, 1, "rt", null), new InputBuffer<?>[0])}, List.of(), e -> { }),
                1);
        a.start();
        try {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (cycles[0] < 12 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        } finally {
            a.stop();
        }
        assertTrue(cycles[0] >= 12, "the loop ran on after the stall: " + cycles[0] + " cycles");
        // Made up back to back, the five deadlines passed would start five cycles at once; skipped, at most one
        // deadline of the 10 ms grid falls within 2 ms of the stall's end.
        int burst = 0;
        for (int k = 4; k < 12; k++) {
            if (starts[k] - stallEnd[0] < 2_000_000) {
                burst++;
            }
        }
        assertTrue(burst <= 1, burst + " cycles began within 2 ms after the stall");
        assertTrue(a.diagnostics().overruns() >= 1, "the late cycle is an overrun");
        assertTrue(a.diagnostics().skippedTicks() >= 5, "the five deadlines the stall passed, counted: " + a.diagnostics().skippedTicks());
    }

    /** What a test subsystem's step does. */
    private interface StepBody {
        void run() throws InterruptedException;
    }

    /** A subsystem without buffers whose step is {@code step}. */
    private static Subsystem stepping(String name, StepBody step) {
        return new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse(name);
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return List.of();
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return List.of();
            }

            @Override
            public void step() throws InterruptedException {
                step.run();
            }
        };
    }

    /** glibc's sched_getcpu: the CPU the calling thread runs on. */
    interface CpuOf extends Library {
        int sched_getcpu();
    }

    @Test
    void whatTheOperatingSystemRefusesIsSaidPlainly() throws Exception {
        Realtime.Grant[] granted = new Realtime.Grant[4];
        int[] onCpu = new int[1];
        int lastCpu = Runtime.getRuntime().availableProcessors() - 1;
        Thread t = new Thread(() -> {
            granted[0] = Realtime.configureCurrentThread(0, -1);
            granted[1] = Realtime.configureCurrentThread(1000, -1); // no such SCHED_FIFO priority: the kernel refuses it
            granted[2] = Realtime.configureCurrentThread(0, 1023); // no machine here has CPU 1023 online
            granted[3] = Realtime.configureCurrentThread(0, lastCpu);
            onCpu[0] = Native.load("c", CpuOf.class).sched_getcpu();
        });
        t.start();
        t.join();
        assertEquals(new Realtime.Grant("timer slack 1 ns, SCHED_OTHER (no real-time priority configured)", false), granted[0]);
        assertTrue(granted[1].description().contains("SCHED_FIFO 1000 REFUSED (errno 22): running SCHED_OTHER"), granted[1].description());
        assertTrue(granted[1].refused());
        assertTrue(granted[2].description().endsWith("CPU 1023 REFUSED (errno 22: this machine has no such CPU online): on any CPU"),
                granted[2].description());
        assertTrue(granted[2].refused());
        assertTrue(granted[3].description().endsWith(", CPU " + lastCpu), granted[3].description());
        assertFalse(granted[3].refused());
        assertEquals(lastCpu, onCpu[0], "a pinned thread runs on its CPU");
    }

    /**
     * The JVM's threads a loop waits for at safepoints go to SCHED_FIFO, the JIT's stay at normal priority (compiling at
     * real-time priority for long, they would get every real-time thread of their CPU stopped by Linux's throttling).
     * Without the privilege (not root) the refusal is said.
     */
    @Test
    void theJvmsOwnThreadsALoopWaitsForAreRaisedAndNoOthers() throws IOException {
        Realtime.Grant g = Realtime.configureJvmThreads(1);
        if (g.refused()) {
            assertTrue(g.description().startsWith("the JVM's VM and collector threads SCHED_FIFO 1 REFUSED (errno "), g.description());
            return;
        }
        assertTrue(g.description().startsWith("the JVM's VM and collector threads SCHED_FIFO 1 ("), g.description());
        Map<String, Integer> policies = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String stat = Files.readString(task.resolve("stat"));
                // Fields after the name in parentheses; the policy is the 41st field of the whole line.
                String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                policies.put(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')), Integer.parseInt(after[38]));
            }
        }
        assertEquals(1, policies.get("VM Thread"), "SCHED_FIFO: " + policies);
        assertEquals(0, policies.get("C2 CompilerThre"), "SCHED_OTHER: " + policies);
        assertTrue(Realtime.configureJvmThreads(1).description().contains(" (0 raised, "), "raised once");
    }
}
