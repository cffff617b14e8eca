package org.embodia.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class AllocationsTest {
    private long sum;
    private Object kept;

    @Test
    void aStepThatAllocatesNothingMeasuresZero() {
        long[] values = new long[64];
        long least = Allocations.warmUpThenLeastOfTenRounds(20_000, 10_000, () -> {
            for (int i = 0; i < values.length; i++) {
                values[i] += i;
            }
            sum += values[(int) (sum & 63)];
        });
        assertEquals(0, least, "bytes allocated by 10,000 steps that only add");
    }

    @Test
    void aStepThatAllocatesMeasuresAtLeastWhatItAllocates() {
        // Kept in a field, so escape analysis cannot take the arrays off the heap.
        long least = Allocations.warmUpThenLeastOfTenRounds(1_000, 1_000, () -> kept = new byte[1024]);
        assertTrue(least >= 1_000 * 1024L, least + " bytes for 1,000 arrays of 1 KiB");
        assertTrue(least < 1_000 * 2048L, least + " bytes for 1,000 arrays of 1 KiB");
    }

    @Test
    void theLeastOfTenRoundsIgnoresAnAllocationInSomeRounds() {
        int[] step = {0};
        long least = Allocations.leastOfTenRounds(100, () -> {
            if (step[0]++ < 300) { // the first three rounds allocate
                kept = new byte[256];
            }
        });
        assertEquals(0, least, "bytes allocated by the least of ten rounds, seven of which allocate nothing");
        assertEquals(10 * 100, step[0], "ten rounds of 100 steps");
    }

    @Test
    void anotherThreadsAllocationsAreMeasuredOnThatThread() throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        Thread allocating = new Thread(() -> {
            while (!stop.get()) {
                kept = new byte[1024];
            }
        });
        Thread idle = new Thread(() -> {
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        });
        allocating.start();
        idle.start();
        try {
            // A loaded machine may leave the allocating thread off the cores for a whole round, and that round reads 0:
            // measured again until every round of one measurement saw it run, or a generous deadline passes.
            long deadline = System.nanoTime() + 60_000_000_000L;
            long least;
            do {
                least = Allocations.leastOfTenRounds(allocating, Duration.ofMillis(20));
            } while (least <= 1024 && System.nanoTime() - deadline < 0);
            assertTrue(least > 1024, "a thread allocating all the time: " + least + " bytes in the least of ten rounds");
            assertEquals(0, Allocations.leastOfTenRounds(idle, Duration.ofMillis(20)), "a thread spinning on a flag");
        } finally {
            stop.set(true);
            allocating.join();
            idle.join();
        }
    }

    @Test
    void badArgumentsAreRejectedBeforeAnyStepRuns() throws InterruptedException {
        int[] ran = {0};
        Runnable step = () -> ran[0]++;
        assertEquals("steps is 0; a round needs at least one step",
                assertThrows(IllegalArgumentException.class, () -> Allocations.leastOfTenRounds(0, step)).getMessage());
        assertEquals("warmUpSteps is -1; it must not be negative",
                assertThrows(IllegalArgumentException.class, () -> Allocations.warmUpThenLeastOfTenRounds(-1, 10, step)).getMessage());
        assertThrows(NullPointerException.class, () -> Allocations.leastOfTenRounds(10, null));
        assertEquals(0, ran[0], "no step ran");
        Thread ended = new Thread(() -> { });
        ended.start();
        ended.join();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Allocations.leastOfTenRounds(ended, Duration.ofMillis(1)))
                .getMessage().endsWith("is not alive: it allocates nothing because it runs nothing"));
        assertEquals("round is PT0S; it must be a positive duration",
                assertThrows(IllegalArgumentException.class, () -> Allocations.leastOfTenRounds(Thread.currentThread(), Duration.ZERO)).getMessage());
    }
}
