package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

import org.embodia.scheduler.Realtime;

/** An activity on a real-time thread of its own, whose {@link #loop()} runs while it is {@link #running}. */
abstract class ThreadedActivity extends Activity {
    final long periodNanos;
    final int priority;
    /** The CPU the thread is pinned to, or below 0 for any. */
    final int cpu;
    volatile boolean running;
    private Thread thread;

    ThreadedActivity(String name, String clock, double rateHz, int overrunFault, int priority, int cpu) {
        super(name, clock, overrunFault);
        this.periodNanos = Math.round(1e9 / rateHz);
        this.priority = priority;
        this.cpu = cpu;
    }

    /** The cycles, until {@link #running} is false; starts by configuring the thread ({@link org.embodia.scheduler.Realtime}). */
    abstract void loop();

    @Override
    final void start() {
        running = true;
        thread = new Thread(this::loop, "embodia-activity-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    final void stop() {
        running = false;
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Configures the calling (the loop's) thread with {@link Realtime}, and for a real-time loop the JVM's threads it waits
     * for at half its priority: beneath the loop, above every process at normal priority. What was granted, and what of
     * the machine's memory management may hold the loop.
     */
    final String configureThreads() {
        String own = Realtime.configureCurrentThread(priority, cpu).description();
        String granted = priority <= 0 ? own : own + "; " + Realtime.configureJvmThreads(Math.max(1, priority / 2)).description();
        String memory = Realtime.memoryMonitors();
        return memory.isEmpty() ? granted : granted + "; " + memory;
    }

    @Override
    final long periodNanos() {
        return periodNanos;
    }

    /**
     * The deadline the next cycle waits for, after a cycle that ended at {@code end} with {@code due} next on the grid:
     * the deadlines a late cycle passed are skipped, not made up back to back, and counted as ticks without a cycle. The
     * next cycle begins at the first deadline still ahead, on the same grid. A burst of cycles would reach the other
     * hosts early (each expects the next pass a period after the last began) and keep every later cycle late.
     */
    final long firstDeadlineAhead(long due, long end) {
        if (end <= due) {
            return due;
        }
        long passed = (end - due) / periodNanos + 1;
        skippedTicks += passed;
        return due + passed * periodNanos;
    }

    /** The loop's thread, once started: for measurements of what it allocates. */
    final Thread thread() {
        return thread;
    }
}
