package org.embodia.testing;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Objects;

/**
 * The bytes a warm per-step (real-time) path allocates, as {@code com.sun.management.ThreadMXBean} counts them per
 * thread: the least of ten rounds. A one-off JVM event (a safepoint's bookkeeping, code not yet compiled by C2 on a
 * loaded machine) may allocate in some round; a per-step allocation shows in every round, so the least of ten is 0
 * exactly when the steps allocate nothing.
 */
public final class Allocations {

    /** How many rounds are measured; the least of them is reported. */
    public static final int ROUNDS = 10;

    private Allocations() {
    }

    /**
     * The least bytes the current thread allocated in {@code steps} calls of {@code step}, over ten rounds. Warm the
     * step up first (or use {@link #warmUpThenLeastOfTenRounds}): the first calls load classes and run interpreted.
     *
     * @throws IllegalArgumentException if {@code steps} is not positive
     * @throws IllegalStateException if this JVM does not count the bytes threads allocate
     */
    public static long leastOfTenRounds(int steps, Runnable step) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps is " + steps + "; a round needs at least one step");
        }
        Objects.requireNonNull(step, "step");
        com.sun.management.ThreadMXBean threads = threads();
        long id = Thread.currentThread().getId();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < steps; i++) {
                step.run();
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(id) - before);
        }
        return least;
    }

    /** {@code warmUpSteps} calls of {@code step}, then {@link #leastOfTenRounds(int, Runnable)}. */
    public static long warmUpThenLeastOfTenRounds(int warmUpSteps, int steps, Runnable step) {
        if (warmUpSteps < 0) {
            throw new IllegalArgumentException("warmUpSteps is " + warmUpSteps + "; it must not be negative");
        }
        Objects.requireNonNull(step, "step");
        for (int i = 0; i < warmUpSteps; i++) {
            step.run();
        }
        return leastOfTenRounds(steps, step);
    }

    /**
     * The least bytes {@code thread}, running on its own, allocated while the current thread slept for {@code round},
     * over ten rounds: for a loop that runs on a thread of its own, such as a periodic activity.
     *
     * @throws IllegalArgumentException if {@code round} is not positive or {@code thread} is not alive
     * @throws IllegalStateException if this JVM does not count the bytes threads allocate
     * @throws InterruptedException if the current thread is interrupted while it sleeps
     */
    public static long leastOfTenRounds(Thread thread, Duration round) throws InterruptedException {
        Objects.requireNonNull(thread, "thread");
        if (round == null || round.isNegative() || round.isZero()) {
            throw new IllegalArgumentException("round is " + round + "; it must be a positive duration");
        }
        if (!thread.isAlive()) {
            throw new IllegalArgumentException(thread + " is not alive: it allocates nothing because it runs nothing");
        }
        com.sun.management.ThreadMXBean threads = threads();
        long id = thread.getId();
        long least = Long.MAX_VALUE;
        for (int r = 0; r < ROUNDS; r++) {
            long before = threads.getThreadAllocatedBytes(id);
            Thread.sleep(round.toMillis(), round.toNanosPart() % 1_000_000);
            least = Math.min(least, threads.getThreadAllocatedBytes(id) - before);
        }
        if (!thread.isAlive()) {
            throw new IllegalStateException(thread + " ended while it was measured");
        }
        return least;
    }

    private static com.sun.management.ThreadMXBean threads() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not count the bytes a thread allocates (com.sun.management.ThreadMXBean)");
        }
        // Disabled, the count is -1 before and after, and every round would read as 0 bytes.
        if (!threads.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("counting the bytes threads allocate is disabled (ThreadMXBean#setThreadAllocatedMemoryEnabled)");
        }
        // The first call may allocate inside the bean; it is made here, outside every round.
        threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        return threads;
    }
}
