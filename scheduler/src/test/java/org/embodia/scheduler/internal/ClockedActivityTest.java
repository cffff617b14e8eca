package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.ActivityClock;
import org.embodia.scheduler.ActivityDiagnostics;
import org.junit.jupiter.api.Test;

/** An activity on an external clock counts overruns against the clock's period, as a periodic one does against its own. */
class ClockedActivityTest {

    /** A clock ticked by the test, with the period it declares. */
    private static final class TestClock implements ActivityClock {
        final List<Runnable> cycles = new ArrayList<>();
        final long periodNanos;

        TestClock(long periodNanos) {
            this.periodNanos = periodNanos;
        }

        @Override
        public void attach(Runnable cycle) {
            cycles.add(cycle);
        }

        @Override
        public void detach(Runnable cycle) {
            cycles.remove(cycle);
        }

        @Override
        public long periodNanos() {
            return periodNanos;
        }

        void tick(int n) {
            for (int i = 0; i < n; i++) {
                cycles.forEach(Runnable::run);
            }
        }
    }

    private static ActivityPlan plan(String name, Subsystem s) {
        return new ActivityPlan(new ActivityPlan.Step[] {new ActivityPlan.Step(new SubsystemRuntime(name, s, 1, "sim", null), new InputBuffer<?>[0])},
                List.of(), e -> { });
    }

    /** An activity whose one subsystem takes at least {@code sleepMillis} a cycle. */
    private static ClockedActivity activity(TestClock clock, long sleepMillis) {
        Subsystem s = ActivityHarness.subsystem("t/a.sim/re", List.of(), List.of(), () -> {
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ClockedActivity a = new ClockedActivity("sim", "test.sim", clock, 3);
        a.publish(plan("t/a.sim/re", s), 1);
        a.start();
        return a;
    }

    @Test
    void aCycleLongerThanTheClocksPeriodIsAnOverrunAndAConfiguredNumberInARowIsAFault() {
        TestClock clock = new TestClock(1_000_000);
        ClockedActivity a = activity(clock, 2); // a sleep of 2 ms outlasts the 1 ms period on any machine
        clock.tick(2);
        ActivityDiagnostics d = a.diagnostics();
        assertEquals(2, d.cycles());
        assertEquals(2, d.overruns());
        assertEquals(1_000_000, d.periodNanos());
        assertFalse(d.fault());
        clock.tick(1);
        assertTrue(a.diagnostics().fault(), "3 overruns in a row are a fault");
    }

    @Test
    void aCycleWithinThePeriodIsNoOverrun() {
        TestClock clock = new TestClock(3_600_000_000_000L); // an hour
        ClockedActivity a = activity(clock, 0);
        clock.tick(5);
        assertEquals(5, a.diagnostics().cycles());
        assertEquals(0, a.diagnostics().overruns());
    }

    @Test
    void aClockWithoutAPeriodCountsNoOverruns() {
        TestClock clock = new TestClock(0);
        ClockedActivity a = activity(clock, 2);
        clock.tick(5);
        assertEquals(0, a.diagnostics().overruns());
        assertEquals(0, a.diagnostics().periodNanos());
        assertFalse(a.diagnostics().fault());
    }

    /** The clock's bundle stopped and started again: a new clock service, to which the running activity moves. */
    @Test
    void aReplacedClockServiceDrivesTheActivityAndTheOldOneNoLonger() {
        TestClock old = new TestClock(0);
        ClockedActivity a = activity(old, 0);
        old.tick(2);
        TestClock replacement = new TestClock(0);
        a.source(replacement);
        old.tick(5);
        replacement.tick(3);
        assertEquals(5, a.diagnostics().cycles(), "2 on the old clock, then 3 on its replacement");
        a.source(null);
        replacement.tick(1);
        assertEquals(5, a.diagnostics().cycles(), "no clock, no cycle");
        a.stop();
    }

    /**
     * A rebuild waits for the boundary only of a cycle that may be running: between ticks of a clock at manual pace the
     * activity is known to be in none, and its next tick runs the plan published before it.
     */
    @Test
    void betweenTicksNoCycleRunsAndTheNextTickRunsThePlanPublishedBeforeIt() {
        TestClock clock = new TestClock(0);
        ClockedActivity a = new ClockedActivity("sim", "test.sim", clock, 3);
        List<Boolean> seenInCycle = new ArrayList<>();
        int[] oldSteps = new int[1];
        int[] newSteps = new int[1];
        a.publish(plan("t/a.old/re", ActivityHarness.subsystem("t/a.old/re", List.of(), List.of(), () -> {
            oldSteps[0]++;
            seenInCycle.add(a.mayBeInCycle());
        })), 1);
        a.start();
        assertFalse(a.mayBeInCycle(), "started, not ticked");
        clock.tick(2);
        assertEquals(List.of(true, true), seenInCycle, "within each tick");
        assertFalse(a.mayBeInCycle(), "between ticks");
        a.publish(plan("t/a.new/re", ActivityHarness.subsystem("t/a.new/re", List.of(), List.of(), () -> newSteps[0]++)), 2);
        clock.tick(1);
        assertEquals(2, oldSteps[0], "the replaced subsystem ran no more");
        assertEquals(1, newSteps[0]);
        assertEquals(2, a.appliedGeneration);
        a.stop();
    }

    /**
     * A swap's replaced reader is taken off its writer's list when the new plan takes over: its input keeps its last
     * message and gets no more, and the writer sends to the new reader, however many swaps came before.
     */
    @Test
    void aReplacedReadersInputIsDetachedFromItsWriter() {
        TestClock clock = new TestClock(0);
        ClockedActivity a = new ClockedActivity("sim", "test.sim", clock, 3);
        OutputBuffer<LoopTest.Value> out = new OutputBuffer<>("command", LoopTest.Value.class, LoopTest.Value::new);
        Subsystem writer = ActivityHarness.subsystem("t/a.w/ve", List.of(), List.of(out), () -> {
            out.message().v++;
            out.send();
        });
        List<InputBuffer<LoopTest.Value>> replaced = new ArrayList<>();
        InputBuffer<LoopTest.Value> in = null;
        for (int generation = 1; generation <= 3; generation++) {
            if (in != null) {
                replaced.add(in);
            }
            in = new InputBuffer<>("command", LoopTest.Value.class, LoopTest.Value::new);
            Subsystem reader = ActivityHarness.subsystem("t/a.r/re", List.of(in), List.of(), () -> { });
            a.publish(new ActivityPlan(new ActivityPlan.Step[] {step("t/a.w/ve", writer, 0), step("t/a.r/re", reader, 1)},
                    List.of(new ActivityPlan.Link(out, in)), e -> { }), generation);
            if (generation == 1) {
                a.start();
            }
            clock.tick(1);
        }
        for (InputBuffer<LoopTest.Value> old : replaced) {
            assertNull(old.writer(), "a replaced reader's input has no writer");
            old.receive();
            long last = old.get().v;
            clock.tick(1);
            assertFalse(old.receive() == Freshness.NEW_DATA, "a replaced reader's input gets nothing more");
            assertEquals(last, old.get().v);
        }
        assertSame(out, in.writer());
        in.receive();
        clock.tick(1);
        assertEquals(Freshness.NEW_DATA, in.receive(), "the current reader gets each send");
        a.stop();
    }

    private static ActivityPlan.Step step(String name, Subsystem s, int slot) {
        return new ActivityPlan.Step(new SubsystemRuntime(name, s, slot, "sim", null), new InputBuffer<?>[0]);
    }

    /** A thread-driven activity is never known to be between cycles: a rebuild waits for its boundary. */
    @Test
    void aThreadedActivityMayAlwaysBeInACycle() {
        assertTrue(new PeriodicActivity("p", 500, 3, 0, -1, 0).mayBeInCycle());
    }
}
