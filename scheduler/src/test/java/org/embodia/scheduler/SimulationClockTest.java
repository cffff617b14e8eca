package org.embodia.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** The shared clock of the simulators: the order a tick sets, counting, failures, its paces and closing. */
class SimulationClockTest {
    private static final long MS = 1_000_000;

    /** A clock whose tick logs "work", then publishes, counts and runs the cycles, as a simulator's tick would. */
    private static final class Sim {
        final List<String> log = new ArrayList<>();
        final SimulationClock clock = new SimulationClock("test.sim", this::tick);

        private void tick() {
            log.add("work@" + clock.ticks());
            clock.publish();
            clock.count();
            log.add("counted@" + clock.ticks());
            clock.runCycles();
        }
    }

    @Test
    void aTickRunsTheWorkThenThePublishersAndTheCyclesWhereTheSimulatorCallsThemInTheOrderAdded() {
        Sim sim = new Sim();
        Runnable b = () -> sim.log.add("cycle b");
        sim.clock.addPublisher(() -> sim.log.add("publisher 1"));
        sim.clock.addPublisher(() -> sim.log.add("publisher 2"));
        sim.clock.attach(() -> sim.log.add("cycle a"));
        sim.clock.attach(b);

        sim.clock.advance(1);
        sim.clock.detach(b);
        sim.clock.advance(1);

        assertEquals(List.of("work@0", "publisher 1", "publisher 2", "counted@1", "cycle a", "cycle b",
                "work@1", "publisher 1", "publisher 2", "counted@2", "cycle a"), sim.log);
        assertEquals(2, sim.clock.ticks());
        assertEquals(0, sim.clock.cycleFailures());
        assertNull(sim.clock.lastCycleFailure());
    }

    @Test
    void aTickThatDoesNotCountItselfIsCountedAtItsEndAndOnlyOnce() {
        long[] seen = new long[2];
        SimulationClock[] clock = new SimulationClock[1];
        clock[0] = new SimulationClock("test.sim", () -> {
            seen[0] = clock[0].ticks();
            clock[0].runCycles();
        });
        clock[0].attach(() -> seen[1] = clock[0].ticks());

        clock[0].advance(3);

        assertEquals(3, clock[0].ticks());
        assertEquals(2, seen[0], "the third tick's work saw two done");
        assertEquals(2, seen[1], "and so did its cycles");
    }

    @Test
    void whatAPublisherOrCycleThrowsIsCountedAndTheOthersRunOn() {
        Sim sim = new Sim();
        IllegalStateException broken = new IllegalStateException("broken publisher");
        sim.clock.addPublisher(() -> {
            throw broken;
        });
        sim.clock.attach(() -> {
            throw new IllegalArgumentException("broken cycle");
        });
        int[] runs = new int[1];
        sim.clock.attach(() -> runs[0]++);

        sim.clock.advance(3);

        assertEquals(6, sim.clock.cycleFailures());
        assertEquals("broken cycle", sim.clock.lastCycleFailure().getMessage());
        assertEquals(3, runs[0]);
        assertEquals(3, sim.clock.ticks());
    }

    @Test
    void aVirtualMachineErrorIsThrownOnAndATickNotYetCountedStaysUncounted() {
        Sim sim = new Sim();
        sim.clock.attach(() -> {
            throw new OutOfMemoryError("simulated");
        });

        assertThrows(OutOfMemoryError.class, () -> sim.clock.advance(1));
        assertEquals(1, sim.clock.ticks(), "the tick counted itself before its cycles");
        assertFalse(sim.clock.onClockThread(), "the thread is outside a tick again");

        SimulationClock uncounted = new SimulationClock("test.sim", () -> {
            throw new OutOfMemoryError("simulated");
        });
        assertThrows(OutOfMemoryError.class, () -> uncounted.advance(1));
        assertEquals(0, uncounted.ticks());
    }

    @Test
    void onlyATickMayPublishRunTheCyclesOrCountAndSubsystemsAreToldWhereTheyBelong() {
        Sim sim = new Sim();
        boolean[] inside = new boolean[1];
        sim.clock.attach(() -> {
            inside[0] = sim.clock.onClockThread();
            sim.clock.requireClockThread("t/a.x/re");
        });
        sim.clock.advance(1);

        assertTrue(inside[0]);
        assertFalse(sim.clock.onClockThread());
        assertEquals(0, sim.clock.cycleFailures());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.clock.requireClockThread("t/a.x/re"));
        assertEquals("t/a.x/re must run on the simulation's clock: put it in an activity with clock=test.sim", e.getMessage());
        assertThrows(IllegalStateException.class, sim.clock::publish);
        assertThrows(IllegalStateException.class, sim.clock::runCycles);
        assertThrows(IllegalStateException.class, sim.clock::count);
        assertEquals(1, sim.clock.ticks(), "nothing counted from outside");
    }

    @Test
    void badCallsAreRefusedWithAClearErrorAndChangeNothing() {
        Sim sim = new Sim();
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> sim.clock.advance(-1));
        assertEquals("cannot advance by -1 ticks", negative.getMessage());
        IllegalArgumentException period = assertThrows(IllegalArgumentException.class, () -> sim.clock.start(0, MS));
        assertTrue(period.getMessage().contains("test.sim"), period.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sim.clock.start(MS, -1));
        assertEquals(0, sim.clock.ticks());
        sim.clock.advance(1);
        assertEquals(1, sim.clock.ticks(), "a manual clock still, after the refused starts");
    }

    @Test
    void aClosedClockRefusesToAdvanceSkipsExternalTicksAndClosesOnce() {
        Sim sim = new Sim();
        sim.clock.tick();
        assertEquals(1, sim.clock.ticks());

        assertTrue(sim.clock.close());
        assertFalse(sim.clock.close(), "closed before");
        assertTrue(sim.clock.isClosed());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.clock.advance(1));
        assertEquals("test.sim is closed", e.getMessage());
        sim.clock.tick();
        assertEquals(1, sim.clock.ticks(), "an external tick after closing does nothing");
        assertThrows(IllegalStateException.class, () -> sim.clock.start(MS, MS));
    }

    @Test
    void onItsOwnThreadItTicksAtThePeriodAndRefusesTheCallersTicks() throws Exception {
        AtomicReference<String> thread = new AtomicReference<>();
        SimulationClock[] clock = new SimulationClock[1];
        clock[0] = new SimulationClock("test.sim", () -> {
            thread.compareAndSet(null, Thread.currentThread().getName());
            clock[0].runCycles();
        });
        AtomicLong cycles = new AtomicLong();
        clock[0].attach(cycles::incrementAndGet);
        assertEquals(0, clock[0].periodNanos(), "ticked on demand until started");
        long start = System.nanoTime();
        clock[0].start(5 * MS, 200 * MS);
        try {
            assertEquals(5 * MS, clock[0].periodNanos(), "the period overruns are judged against");
            long deadline = start + 60_000 * MS;
            while (cycles.get() < 50 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            long ticks = clock[0].ticks();
            long elapsed = System.nanoTime() - start;
            assertTrue(ticks >= 50, ticks + " ticks");
            assertTrue(ticks <= elapsed / (5 * MS) + 1, ticks + " ticks of 5 ms in " + elapsed / MS + " ms: never ahead of its period");
            assertEquals("test.sim clock", thread.get());
            assertTrue(cycles.get() >= ticks - 1, "the cycle ran every tick");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> clock[0].advance(1));
            assertTrue(e.getMessage().contains("own thread"), e.getMessage());
            assertThrows(IllegalStateException.class, clock[0]::tick);
            assertThrows(IllegalStateException.class, () -> clock[0].start(5 * MS, 200 * MS));
        } finally {
            assertTrue(clock[0].close());
        }
        long after = clock[0].ticks();
        Thread.sleep(50);
        assertEquals(after, clock[0].ticks(), "no tick after close returned");
    }

    @Test
    void atAPriorityWithASpinItAsksLinuxForItsSchedulingAndNoTickStartsBeforeItsDeadline() throws Exception {
        long[] starts = new long[20];
        AtomicLong ticked = new AtomicLong();
        SimulationClock clock = new SimulationClock("test.sim", () -> {
            long n = ticked.get();
            if (n < starts.length) {
                starts[(int) n] = System.nanoTime();
            }
            ticked.incrementAndGet();
        });
        assertEquals("", clock.scheduling(), "nothing asked before the thread runs");
        long start = System.nanoTime();
        clock.start(5 * MS, 10_000 * MS, 10, MS);
        try {
            long deadline = start + 60_000 * MS;
            while (ticked.get() < starts.length && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(ticked.get() >= starts.length, ticked.get() + " ticks in 60 s");
            for (int k = 0; k < starts.length; k++) {
                assertTrue(starts[k] >= start + (k + 1) * 5 * MS, "tick " + k + " started " + (start + (k + 1) * 5 * MS - starts[k])
                        + " ns before its deadline");
            }
            // Granted as root, refused otherwise: either way it says so.
            assertTrue(clock.scheduling().contains("timer slack") && clock.scheduling().contains("SCHED_FIFO 10"), clock.scheduling());
        } finally {
            assertTrue(clock.close());
        }
        SimulationClock other = new SimulationClock("test.sim", () -> { });
        assertThrows(IllegalArgumentException.class, () -> other.start(MS, MS, 100, 0));
        assertThrows(IllegalArgumentException.class, () -> other.start(MS, MS, 10, -1));
        assertThrows(IllegalArgumentException.class, () -> other.start(MS, MS, -1, 0));
        other.advance(1);
        assertEquals(1, other.ticks(), "a manual clock still, after the refused starts");
    }

    @Test
    void fallenFurtherBehindThanTheLagItResumesItsPaceFromNowInsteadOfRacing() throws Exception {
        long[] stall = {0};
        AtomicLong stallEnded = new AtomicLong();
        AtomicLong ticksAtStallEnd = new AtomicLong();
        SimulationClock[] clock = new SimulationClock[1];
        clock[0] = new SimulationClock("test.sim", () -> {
            if (clock[0].ticks() == 3 && stall[0]++ == 0) {
                try {
                    Thread.sleep(300); // three times the lag
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ticksAtStallEnd.set(clock[0].ticks());
                stallEnded.set(System.nanoTime());
            }
        });
        clock[0].start(10 * MS, 100 * MS);
        long ticks;
        long sinceStall;
        try {
            long deadline = System.nanoTime() + 60_000 * MS;
            while ((stallEnded.get() == 0 || clock[0].rebases() < 1) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            ticks = clock[0].ticks() - ticksAtStallEnd.get();
            sinceStall = System.nanoTime() - stallEnded.get();
        } finally {
            clock[0].close();
        }
        assertTrue(clock[0].rebases() >= 1, "rebases " + clock[0].rebases());
        // Racing to catch up would make the ~30 ticks the stall missed at once; resumed from after it, one per 10 ms.
        assertTrue(ticks <= sinceStall / (10 * MS) + 2, ticks + " ticks in the " + sinceStall / MS + " ms after the stall: it raced to catch up");
    }

    @Test
    void closingFromItsOwnTickDoesNotWaitForItself() throws Exception {
        SimulationClock[] clock = new SimulationClock[1];
        boolean[] closedInTick = new boolean[1];
        clock[0] = new SimulationClock("test.sim", () -> closedInTick[0] = clock[0].close());
        clock[0].start(MS, 100 * MS);
        long deadline = System.nanoTime() + 60_000 * MS;
        while (!clock[0].isClosed() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(clock[0].isClosed());
        Thread.sleep(20);
        assertEquals(1, clock[0].ticks(), "the closing tick was the last");
        assertTrue(closedInTick[0]);
    }

    @Test
    void aWarmTickAllocatesNothingEvenWithAFailingCycle() {
        SimulationClock[] clock = new SimulationClock[1];
        clock[0] = new SimulationClock("test.sim", () -> {
            clock[0].publish();
            clock[0].count();
            clock[0].runCycles();
        });
        long[] sum = new long[1];
        // Made once, so that throwing it allocates nothing: what is measured is the clock's handling of it.
        IllegalStateException failure = new IllegalStateException("failing every tick");
        clock[0].addPublisher(() -> sum[0]++);
        clock[0].attach(() -> sum[0] += 2);
        clock[0].attach(() -> {
            throw failure;
        });
        clock[0].advance(20_000);

        // Measured again until a round is clean or 60 s have passed: a JIT late on a loaded machine is waited for, while
        // a per-tick allocation would show in every round.
        long least = Long.MAX_VALUE;
        int measured = 0;
        long deadline = System.nanoTime() + 60_000 * MS;
        do {
            least = Math.min(least, Allocations.leastOfTenRounds(1, () -> clock[0].advance(1000)));
            measured++;
        } while (least > 0 && System.nanoTime() < deadline);
        assertEquals(0, least, "bytes allocated by 1000 warm ticks");
        long ticks = 20_000 + measured * Allocations.ROUNDS * 1000L;
        assertEquals(ticks, clock[0].ticks());
        assertEquals(3 * ticks, sum[0], "publisher and cycle ran every tick");
        assertEquals(ticks, clock[0].cycleFailures());
        assertSame(failure, clock[0].lastCycleFailure());
    }

    @Test
    void anUnpacedClockTicksBackToBackOnItsOwnThreadJudgesNoCycleLateAndStopsWhenClosed() throws InterruptedException {
        Thread[] on = new Thread[1];
        SimulationClock clock = new SimulationClock("test.sim", () -> {
            on[0] = Thread.currentThread();
            // a tick far longer than any period: unpaced, the next one simply follows
            LockSupport.parkNanos(3 * MS);
        });
        clock.startUnpaced();
        assertEquals(0, clock.periodNanos(), "no period: no cycle of it counts as late");
        assertThrows(IllegalStateException.class, () -> clock.start(2 * MS, 0), "one thread of its own");
        assertThrows(IllegalStateException.class, () -> clock.advance(1), "nor ticks on the caller's thread");
        long deadline = System.nanoTime() + 60_000 * MS;
        while (clock.ticks() < 20) {
            assertTrue(System.nanoTime() < deadline, "20 ticks within 60 s");
            Thread.sleep(1);
        }
        assertEquals("test.sim clock", on[0].getName());
        assertTrue(clock.close());
        long after = clock.ticks();
        Thread.sleep(50);
        assertEquals(after, clock.ticks(), "no tick after close returned");
    }
}
