package org.embodia.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.examples.agent.Tick;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.embodia.scheduler.ActivityClock;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** The scheduler in Felix: wiring, order, freshness, activities, hot swap, failures, configuration errors. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class SchedulerTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 60_000)
    ConfigurationAdmin configAdmin;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final List<Configuration> configurations = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (Configuration c : configurations) {
            c.delete();
        }
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // unregistered by the test itself
            }
        }
        waitUntil(() -> context.getServiceReference(Agent.class) == null, "agents gone");
    }

    private ServiceRegistration<Subsystem> register(TestSubsystem s) {
        ServiceRegistration<Subsystem> r = context.registerService(Subsystem.class, s, null);
        registrations.add(r);
        return r;
    }

    private void behavior(String subsystem, String name, Behavior b) {
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(Subsystem.SUBSYSTEM_PROPERTY, subsystem);
        p.put(Subsystem.BEHAVIOR_PROPERTY, name);
        registrations.add(context.registerService(Behavior.class, b, p));
    }

    private Agent agent(String name, String[] activities, String... connections) throws Exception {
        Configuration c = configAdmin.getFactoryConfiguration(Agent.FACTORY_PID, name, "?");
        Dictionary<String, Object> p = new Hashtable<>();
        p.put("name", name);
        p.put("activities", activities);
        p.put("connections", connections);
        p.put("priority", 0);
        c.update(p);
        configurations.add(c);
        String filter = "(name=" + name + ")";
        waitUntil(() -> {
            try {
                return !context.getServiceReferences(Agent.class, filter).isEmpty();
            } catch (Exception e) {
                return false;
            }
        }, "agent " + name + " registered");
        ServiceReference<Agent> ref = context.getServiceReferences(Agent.class, filter).iterator().next();
        return context.getService(ref);
    }

    /** Waits for an event, with a deadline no loaded machine comes near. */
    private static void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(2);
        }
    }

    private static long cycles(Agent a) {
        return a.activities().stream().mapToLong(d -> d.cycles()).sum();
    }

    /** Pauses, then takes one paused step: the loop takes it only at a cycle boundary, so no cycle is under way after it. */
    private static void pauseBetweenCycles(Agent a) {
        a.pause();
        a.step(1);
    }

    @Test
    void stepsRunInTheConfiguredOrderWithASubsystemRunTwicePerCycle() throws Exception {
        long[] log = new long[100];
        AtomicInteger n = new AtomicInteger();
        register(new TestSubsystem("test/a.body/ve").step(s -> log[n.getAndIncrement() % 100] = 1));
        register(new TestSubsystem("test/a./cs").step(s -> log[n.getAndIncrement() % 100] = 2));
        register(new TestSubsystem("test/a.arm/re").step(s -> log[n.getAndIncrement() % 100] = 3));
        Agent a = agent("order", new String[] {"rt 200Hz: test/a.body/ve, test/a./cs, test/a.body/ve, test/a.arm/re"});
        waitUntil(() -> a.status() == Agent.Status.RUNNING && cycles(a) > 3, "running");
        pauseBetweenCycles(a);
        n.set(0);
        a.step(3);
        assertEquals(12, n.get());
        assertEquals("[1, 2, 1, 3, 1, 2, 1, 3, 1, 2, 1, 3]", Arrays.toString(Arrays.copyOf(log, 12)),
                "ve_body status, cs, ve_body command, real effector; three cycles");
    }

    @Test
    void theClassesOfASubsystemsBundleAreLoadedAndInitializedBeforeItRuns() throws Exception {
        register(new TestSubsystem("test/a.pre/vr"));
        Agent a = agent("preload", new String[] {"rt 200Hz: test/a.pre/vr"});
        waitUntil(() -> a.status() == Agent.Status.RUNNING, "running");
        // Not at their first use in the loop, where reading the bundle's jar would hold the real-time thread.
        assertEquals("initialized", System.getProperty("org.embodia.itests.FirstUsedLater"),
                "FirstUsedLater, which nothing uses, was initialized with the rest of the subsystem's bundle");
    }

    @Test
    void readersSeeNoDataThenNewDataThenOldDataWhenTheWriterSendsNothing() throws Exception {
        Freshness[] seen = new Freshness[8];
        long[] values = new long[8];
        AtomicInteger writes = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        TestSubsystem writer = new TestSubsystem("test/a.w/rr");
        OutputBuffer<Sample> out = writer.output("out");
        writer.step(s -> {
            int i = writes.getAndIncrement();
            if (i % 3 == 1) { // sends in iterations 1, 4, 7: the others are the spec's dash
                out.message().set(i, 1);
                out.send();
            }
        });
        TestSubsystem reader = new TestSubsystem("test/a.r/vr");
        InputBuffer<Sample> in = reader.input("in");
        reader.step(s -> {
            int i = reads.getAndIncrement();
            if (i < seen.length) {
                seen[i] = in.freshness();
                values[i] = in.get().a;
            }
        });
        register(writer);
        register(reader);
        Agent a = agent("freshness", new String[] {"rt 100Hz: test/a.w/rr, test/a.r/vr"}, "test/a.w/rr:out -> test/a.r/vr:in");
        waitUntil(() -> reads.get() >= seen.length, "8 cycles");
        pauseBetweenCycles(a);
        assertEquals(List.of(Freshness.NO_DATA, Freshness.NEW_DATA, Freshness.OLD_DATA, Freshness.OLD_DATA, Freshness.NEW_DATA,
                Freshness.OLD_DATA, Freshness.OLD_DATA, Freshness.NEW_DATA), List.of(seen));
        assertEquals("[0, 1, 1, 1, 4, 4, 4, 7]", Arrays.toString(values));
        assertEquals("Sample[a=7, source=1]", a.lastMessage("test/a.r/vr", "in"));
    }

    @Test
    void aReaderInAnotherActivityNeverSeesAHalfWrittenMessageFromAStressWriter() throws Exception {
        AtomicLong torn = new AtomicLong();
        AtomicLong fresh = new AtomicLong();
        AtomicLong written = new AtomicLong();
        TestSubsystem writer = new TestSubsystem("test/a.w/rr");
        OutputBuffer<Sample> out = writer.output("out");
        writer.step(s -> {
            for (int k = 0; k < 1000; k++) { // a stress writer: a thousand messages per cycle
                out.message().set(written.incrementAndGet(), 1);
                out.send();
            }
        });
        TestSubsystem reader = new TestSubsystem("test/a.r/vr");
        InputBuffer<Sample> in = reader.input("in");
        reader.step(s -> {
            if (in.isNew()) {
                fresh.incrementAndGet();
                if (!in.get().consistent()) {
                    torn.incrementAndGet();
                }
            }
        });
        register(writer);
        register(reader);
        Agent a = agent("cross", new String[] {"fast 1000Hz: test/a.w/rr", "slow 333Hz: test/a.r/vr"}, "test/a.w/rr:out -> test/a.r/vr:in");
        waitUntil(() -> fresh.get() > 300, "300 fresh reads across activities");
        pauseBetweenCycles(a);
        assertEquals(0, torn.get(), "torn messages among " + fresh.get() + " fresh reads of " + written.get() + " writes");
        assertEquals(2, a.activities().size());
    }

    @Test
    void aReplacementTakesOverAtACycleBoundaryWithNoCycleSkippedAndNoneMixed() throws Exception {
        int max = 200_000;
        AtomicLong cycle = new AtomicLong();
        long[] wCycle = new long[max];
        long[] wSource = new long[max];
        AtomicInteger wn = new AtomicInteger();
        long[] rCycle = new long[max];
        long[] rSource = new long[max];
        AtomicInteger rn = new AtomicInteger();
        register(new TestSubsystem("test/a.clock/rr").step(s -> cycle.incrementAndGet()));
        TestSubsystem w1 = writer(1, cycle, wCycle, wSource, wn);
        TestSubsystem w2 = writer(2, cycle, wCycle, wSource, wn);
        TestSubsystem reader = new TestSubsystem("test/a.r/vr");
        InputBuffer<Sample> in = reader.input("in");
        reader.step(s -> {
            int i = rn.getAndIncrement();
            rCycle[i] = cycle.get();
            rSource[i] = in.isNew() ? in.get().source : -1;
        });
        ServiceRegistration<Subsystem> first = register(w1);
        register(reader);
        Agent a = agent("swap", new String[] {"rt 500Hz: test/a.clock/rr, test/a.w/rr, test/a.r/vr, test/a.w/rr"},
                "test/a.w/rr:out -> test/a.r/vr:in");
        waitUntil(() -> rn.get() > 200, "200 cycles with the first writer");
        register(w2);
        waitUntil(() -> rn.get() > 400, "200 more cycles");
        first.unregister();
        waitUntil(() -> rn.get() > 500, "100 more cycles");
        pauseBetweenCycles(a);

        Map<Long, List<Long>> passes = new HashMap<>();
        for (int i = 0; i < wn.get(); i++) {
            passes.computeIfAbsent(wCycle[i], k -> new ArrayList<>()).add(wSource[i]);
        }
        long firstCycle = wCycle[0];
        long lastCycle = wCycle[wn.get() - 1];
        long switchedAt = -1;
        for (long c = firstCycle; c <= lastCycle; c++) {
            List<Long> p = passes.get(c);
            assertTrue(p != null && p.size() == 2, "cycle " + c + " ran the writer twice: " + p);
            assertEquals(p.get(0), p.get(1), "cycle " + c + " ran one writer in both passes, not half old and half new");
            if (p.get(0) == 2 && switchedAt < 0) {
                switchedAt = c;
            }
            assertEquals(switchedAt < 0 ? 1L : 2L, (long) p.get(0), "no cycle of the first writer after the switch");
        }
        assertTrue(switchedAt > firstCycle, "the replacement took over while running");
        for (int i = 0; i < rn.get(); i++) {
            assertEquals(passes.get(rCycle[i]).get(0), rSource[i], "in cycle " + rCycle[i] + " the reader saw what that cycle's writer sent");
        }
        assertEquals(rn.get(), cycle.get(), "every cycle ran the reader once");
    }

    private static TestSubsystem writer(long source, AtomicLong cycle, long[] wCycle, long[] wSource, AtomicInteger wn) {
        TestSubsystem w = new TestSubsystem("test/a.w/rr");
        OutputBuffer<Sample> out = w.output("out");
        return w.step(s -> {
            int i = wn.getAndIncrement();
            wCycle[i] = cycle.get();
            wSource[i] = source;
            out.message().set(cycle.get(), source);
            out.send();
        });
    }

    @Test
    void aSubsystemBundleStoppedMidRunLeavesItsReadersWithNoNewDataAndTheLoopRunning() throws Exception {
        Bundle ticker = Arrays.stream(context.getBundles()).filter(b -> "org.embodia.examples.ticker".equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        Agent a = agent("ex", new String[] {"main 200Hz: core/a.ticker/rr, core/a.counter/vr"},
                "core/a.ticker/rr:ticks -> core/a.counter/vr:ticks");
        waitUntil(() -> "counting".equals(counter(a).state()), "the counter counting ticks");
        ticker.stop();
        try {
            long before = cycles(a);
            waitUntil(() -> "idle".equals(counter(a).state()), "the counter idle without ticks");
            assertEquals(Agent.Status.RUNNING, a.status());
            assertTrue(a.problems().contains("waiting for subsystem core/a.ticker/rr"), a.problems().toString());
            assertFalse(a.subsystems().get(0).present());
            waitUntil(() -> cycles(a) > before + 20, "cycles go on");
            assertEquals(0, counter(a).failures());
            assertNull(counter(a).fault());
        } finally {
            ticker.start();
        }
        waitUntil(() -> "counting".equals(counter(a).state()), "counting again once the ticker is back");
        List<StateSwitch> switches = a.switches("core/a.counter/vr");
        assertTrue(switches.stream().anyMatch(s -> s.from().equals("counting") && s.to().equals("idle") && !s.predicates().get("recvTick")),
                switches.toString());
    }

    private static SubsystemDiagnostics counter(Agent a) {
        return a.subsystems().stream().filter(s -> s.name().equals("core/a.counter/vr")).findFirst().orElseThrow();
    }

    @Test
    void theTickThatEndsIdleIsCountedInThePassThatReceivedIt() throws Exception {
        AtomicBoolean sending = new AtomicBoolean();
        AtomicInteger cycle = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        TestSubsystem ticker = new TestSubsystem("test/a.t/rr");
        OutputBuffer<Tick> ticks = new OutputBuffer<>("ticks", Tick.class, Tick::new);
        ticker.outputs.add(ticks);
        ticker.step(s -> {
            // every third cycle: each tick reaches the counter in idle, which τ ends on it
            if (cycle.getAndIncrement() % 3 == 0 && sending.get()) {
                ticks.message().source = 3;
                ticks.send();
                sent.incrementAndGet();
            }
        });
        register(ticker);
        Agent a = agent("tickorder", new String[] {"main 200Hz: test/a.t/rr, core/a.counter/vr"}, "test/a.t/rr:ticks -> core/a.counter/vr:ticks");
        waitUntil(() -> a.status() == Agent.Status.RUNNING && cycles(a) > 3, "running");
        long before = countSent(a);
        sending.set(true);
        waitUntil(() -> sent.get() >= 30, "30 ticks");
        sending.set(false);
        pauseBetweenCycles(a);
        assertEquals(before + sent.get(), countSent(a),
                "idle -> counting at the check, and counting's first run counts the tick that ended idle");
        List<StateSwitch> switches = a.switches("core/a.counter/vr");
        assertTrue(switches.stream().anyMatch(s -> s.from().equals("idle") && s.to().equals("counting")), switches.toString());
        assertEquals("idle", counter(a).state(), "no tick in the last pass: counting ended and idle ran");
    }

    /** A writer sending every cycle and a counter on {@code fsm} whose count throws every fifth run. */
    private Agent glitchingCounter(String agent, String fsm, AtomicInteger runs) throws Exception {
        TestSubsystem writer = new TestSubsystem("test/a.g/rr");
        OutputBuffer<Sample> out = writer.output("out");
        writer.step(s -> out.send());
        TestSubsystem counted = new TestSubsystem("test/a.f/vr");
        InputBuffer<Sample> in = counted.input("in");
        counted.fsm(fsm, Predicates.builder().add("recvTick", in::isNew).build());
        behavior("test/a.f/vr", "idle", i -> { });
        behavior("test/a.f/vr", "count", i -> {
            if (runs.incrementAndGet() % 5 == 0) {
                throw new IllegalStateException("encoder glitch");
            }
        });
        register(writer);
        register(counted);
        return agent(agent, new String[] {"rt 200Hz: test/a.g/rr, test/a.f/vr"}, "test/a.g/rr:out -> test/a.f/vr:in");
    }

    @Test
    void aBehaviourThatThrowsIsCountedAndShownAndKeepsItsStateWhereTheErrorConditionDoesNotReadIt() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        Agent a = glitchingCounter("throws", "examples.counter", runs);
        waitUntil(() -> runs.get() > 50, "50 runs of count: the loop went on past ten throws");
        pauseBetweenCycles(a);
        SubsystemDiagnostics f = a.subsystems().get(1);
        assertEquals(runs.get() / 5, f.failures(), "every throw counted");
        assertEquals("java.lang.IllegalStateException: encoder glitch", f.lastFailure());
        assertNull(f.fault());
        assertEquals("counting", f.state(), "examples.counter's ε is FALSE: CURRENT_BEHAVIOR_OK false ends nothing");
        List<StateSwitch> switches = a.switches("test/a.f/vr");
        assertEquals(1, switches.size(), switches.toString());
        assertEquals("idle", switches.get(0).from());
        CommandProcessor processor = context.getService(context.getServiceReference(CommandProcessor.class));
        CommandSession session = processor.createSession(new java.io.ByteArrayInputStream(new byte[0]), System.out, System.err);
        try {
            String diag = String.valueOf(session.execute("agent:diag throws"));
            assertTrue(diag.contains("subsystem test/a.f/vr: ") && diag.contains(" iterations, " + f.failures() + " failures, "), diag);
        } finally {
            session.close();
        }
    }

    @Test
    void aBehaviourThatThrowsEndsItsStateAtTheNextCheckThroughAnErrorConditionThatReadsIt() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        Agent a = glitchingCounter("glitch", "itest.counter_with_error", runs);
        waitUntil(() -> runs.get() > 50, "50 runs of count");
        pauseBetweenCycles(a);
        SubsystemDiagnostics f = a.subsystems().get(1);
        assertEquals(runs.get() / 5, f.failures(), "every throw counted");
        assertNull(f.fault(), "no determinism fault: ε leads to idle");
        List<StateSwitch> ended = a.switches("test/a.f/vr").stream().filter(s -> s.from().equals("counting")).toList();
        assertTrue(ended.size() >= 10, "counting ended after each throw: " + ended);
        for (StateSwitch s : ended) {
            assertEquals("idle", s.to());
            assertFalse(s.predicates().get("CURRENT_BEHAVIOR_OK"), "the count of the pass before threw: " + s);
            assertTrue(s.predicates().get("IN_ERROR"), "ε ended it: " + s);
            assertTrue(s.predicates().get("recvTick"), "τ did not: " + s);
        }
    }

    @Test
    void aReplacementThatWiresWronglyIsReportedAndTheWorkingOneKeepsRunning() throws Exception {
        AtomicLong seen = new AtomicLong();
        TestSubsystem good = new TestSubsystem("test/a.w/rr");
        OutputBuffer<Sample> out = good.output("out");
        good.step(s -> {
            out.message().set(seen.get(), 1);
            out.send();
        });
        TestSubsystem reader = new TestSubsystem("test/a.r/vr");
        InputBuffer<Sample> in = reader.input("in");
        reader.step(s -> {
            if (in.isNew() && in.get().source == 1) {
                seen.incrementAndGet();
            }
        });
        register(good);
        register(reader);
        Agent a = agent("guard", new String[] {"rt 200Hz: test/a.w/rr, test/a.r/vr"}, "test/a.w/rr:out -> test/a.r/vr:in");
        waitUntil(() -> seen.get() > 20, "the working writer read");
        TestSubsystem broken = new TestSubsystem("test/a.w/rr");
        broken.output("output");
        register(broken);
        waitUntil(() -> a.problems().toString().contains("names its output 'out', which it does not have (outputs: output)"),
                "the broken replacement reported: " + a.problems());
        long before = seen.get();
        waitUntil(() -> seen.get() > before + 20, "the working writer still read");
        assertEquals(Agent.Status.RUNNING, a.status());
    }

    @Test
    void aClockedActivityRunsOneCycleAtEveryTickOfItsExternalClock() throws Exception {
        List<Runnable> attached = new java.util.concurrent.CopyOnWriteArrayList<>();
        ActivityClock simulator = new ActivityClock() {
            @Override
            public void attach(Runnable cycle) {
                attached.add(cycle);
            }

            @Override
            public void detach(Runnable cycle) {
                attached.remove(cycle);
            }
        };
        AtomicInteger steps = new AtomicInteger();
        register(new TestSubsystem("test/a.sim/re").step(s -> steps.incrementAndGet()));
        Agent a = agent("clocked", new String[] {"sim clock=test.sim: test/a.sim/re"});
        waitUntil(() -> a.status() == Agent.Status.WAITING && a.problems().contains("waiting for clock test.sim (activity sim)"),
                "waiting for its clock");
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(ActivityClock.NAME_PROPERTY, "test.sim");
        registrations.add(context.registerService(ActivityClock.class, simulator, p));
        waitUntil(() -> a.status() == Agent.Status.RUNNING && attached.size() == 1, "running on the clock");
        for (int i = 0; i < 25; i++) {
            attached.get(0).run(); // the simulator's step
        }
        assertEquals(25, steps.get(), "one cycle per tick, on the ticking thread");
        assertEquals(25, a.activities().get(0).cycles());
        assertEquals("clock=test.sim", a.activities().get(0).clock());
    }

    @Test
    void theAgentShellCommands() throws Exception {
        CommandProcessor processor = context.getService(context.getServiceReference(CommandProcessor.class));
        CommandSession session = processor.createSession(new java.io.ByteArrayInputStream(new byte[0]), System.out, System.err);
        try {
            Agent a = agent("shell", new String[] {"main 200Hz: core/a.ticker/rr, core/a.counter/vr"},
                    "core/a.ticker/rr:ticks -> core/a.counter/vr:ticks");
            waitUntil(() -> "counting".equals(counter(a).state()), "counting");
            String list = String.valueOf(session.execute("agent:list"));
            assertTrue(list.contains("shell  RUNNING\n  core/a.ticker/rr  [main]  (no FSM)\n  core/a.counter/vr  [main]  counting"), list);
            String diag = String.valueOf(session.execute("agent:diag shell"));
            assertTrue(diag.contains("activity main (200.0 Hz): ") && diag.contains("wake latency (deadline to cycle start, after the spin) p50 ")
                    && diag.contains("sleep latency (wake-up after the time asked, before the spin; cyclictest's figure) p50 "), diag);
            assertTrue(diag.contains("subsystem core/a.counter/vr: "), diag);
            String all = String.valueOf(session.execute("agent:diag"));
            assertTrue(all.contains("shell  RUNNING\nactivity main (200.0 Hz): "), "agent:diag without a name shows every agent: " + all);
            assertTrue(String.valueOf(session.execute("agent:switches shell core/a.counter/vr")).contains("idle -> counting  recvTick"));
            session.execute("agent:pause shell");
            session.execute("agent:step shell 1"); // taken at a cycle boundary: no cycle under way after it
            String before = String.valueOf(session.execute("agent:buffer shell core/a.counter/vr count"));
            session.execute("agent:step shell 5");
            String after = String.valueOf(session.execute("agent:buffer shell core/a.counter/vr count"));
            assertEquals(value(before) + 5, value(after), before + " then " + after);
            session.execute("agent:resume shell");
            assertEquals(Agent.Status.RUNNING, a.status());
            Exception noBundle = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> session.execute("agent:swap org.embodia.examples.ticker no.such.bundle"));
            assertEquals("no bundle no.such.bundle", noBundle.getMessage());
            assertEquals("counting", counter(a).state(), "a failed swap changes nothing");
            Exception unknown = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> session.execute("agent:diag nobody"));
            assertTrue(unknown.getMessage().startsWith("no agent 'nobody'"), unknown.getMessage());
        } finally {
            session.close();
        }
    }

    /** What {@code help agent:diag} prints: the scheduler's bundle sees Gogo's @Descriptor, through its optional import. */
    @Test
    void theAgentShellCommandsAreDescribed() throws Exception {
        ServiceReference<?> ref = context.getServiceReferences((String) null, "(osgi.command.scope=agent)")[0];
        Object commands = context.getService(ref);
        try {
            org.apache.felix.service.command.Descriptor d = commands.getClass().getMethod("diag", String.class)
                    .getAnnotation(org.apache.felix.service.command.Descriptor.class);
            assertTrue(d != null && d.value().startsWith("shows an agent's diagnostics"), String.valueOf(d));
        } finally {
            context.ungetService(ref);
        }
    }

    /** The value of the counter's last count message; 0 before its first (the counter's message is kept across agents). */
    private static long countSent(Agent a) {
        String count = a.lastMessage("core/a.counter/vr", "count");
        return count.contains("value=") ? value(count) : 0;
    }

    private static long value(String tick) {
        return Long.parseLong(tick.replaceAll(".*value=(\\d+).*", "$1"));
    }

    @Test
    void configurationErrorsAreReportedAndNothingStartsHalfWired() throws Exception {
        TestSubsystem s = new TestSubsystem("test/a.w/rr");
        s.output("out");
        register(s);
        Agent unknownBuffer = agent("bad1", new String[] {"rt 100Hz: test/a.w/rr, core/a.counter/vr"}, "test/a.w/rr:outt -> core/a.counter/vr:ticks");
        waitUntil(() -> unknownBuffer.status() == Agent.Status.CONFIG_ERROR, "config error");
        assertTrue(unknownBuffer.problems().toString().contains("names its output 'outt', which it does not have (outputs: out)"),
                unknownBuffer.problems().toString());
        assertTrue(unknownBuffer.activities().isEmpty(), "nothing runs");

        Agent mismatch = agent("bad2", new String[] {"rt 100Hz: test/a.w/rr, core/a.counter/vr"}, "test/a.w/rr:out -> core/a.counter/vr:ticks");
        waitUntil(() -> mismatch.status() == Agent.Status.CONFIG_ERROR, "config error");
        assertTrue(mismatch.problems().toString().contains("joins org.embodia.itests.Sample to org.embodia.examples.agent.Tick"),
                mismatch.problems().toString());

        Agent twoWriters = agent("bad3", new String[] {"rt 100Hz: test/a.w/rr, core/a.counter/vr, core/a.ticker/rr"},
                "test/a.w/rr:out -> core/a.counter/vr:ticks", "core/a.ticker/rr:ticks -> core/a.counter/vr:ticks");
        waitUntil(() -> twoWriters.status() == Agent.Status.CONFIG_ERROR, "config error");
        assertTrue(twoWriters.problems().contains("input core/a.counter/vr:ticks has two writers: a buffer has exactly one"),
                twoWriters.problems().toString());

        Agent syntax = agent("bad4", new String[] {"rt fast: test/a.w/rr"});
        waitUntil(() -> syntax.status() == Agent.Status.CONFIG_ERROR, "config error");
        assertTrue(syntax.problems().get(0).startsWith("activity 'rt fast: test/a.w/rr' is not"), syntax.problems().toString());
    }
}
