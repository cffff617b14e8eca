package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * An activity on its own thread at a fixed rate. Deadlines are absolute (start + k·period), so the
 * loop does not drift; it sleeps until shortly before the deadline and spins the rest, with the
 * timer slack lowered and SCHED_FIFO asked for. A late cycle is counted as an overrun, and the next
 * one begins at the first deadline still ahead on the grid (the ones it passed are skipped, not made
 * up back to back). Per cycle it allocates nothing, takes no lock and does no I/O.
 */
final class PeriodicActivity extends ThreadedActivity {
    private final long spinNanos;

    PeriodicActivity(String name, double rateHz, int overrunFault, int priority, int cpu, long spinNanos) {
        super(name, rateHz + " Hz", rateHz, overrunFault, priority, cpu);
        this.spinNanos = spinNanos;
    }

    @Override
    void loop() {
        realtime = configureThreads();
        long next = System.nanoTime() + periodNanos;
        while (running) {
            if (paused) {
                if (stepsRequested.get() > 0) {
                    runCycle();
                    stepsRequested.decrementAndGet();
                } else {
                    LockSupport.parkNanos(1_000_000);
                }
                next = System.nanoTime() + periodNanos;
                restartPeriod();
                continue;
            }
            long now = System.nanoTime();
            long wakeAt = next - spinNanos;
            if (wakeAt - now > 0) {
                LockSupport.parkNanos(wakeAt - now);
                // The OS's wake-up latency, which the spin then hides from the cycle's start.
                sleep.record(System.nanoTime() - wakeAt);
            }
            while ((now = System.nanoTime()) < next) {
                Thread.onSpinWait();
            }
            wake.record(now - next);
            long end = timedCycle(now);
            next += periodNanos;
            overrun(end > next);
            next = firstDeadlineAhead(next, end);
        }
    }
}
