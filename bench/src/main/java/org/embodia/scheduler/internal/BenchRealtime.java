package org.embodia.scheduler.internal;

/** The scheduler's real-time settings for a benchmark's own thread, so it measures under the loop's conditions. */
public final class BenchRealtime {
    private BenchRealtime() {
    }

    /** Timer slack 1 ns and SCHED_FIFO {@code priority} for the calling thread; what was granted. */
    public static String configureCurrentThread(int priority) {
        return Realtime.configureCurrentThread(priority, -1);
    }
}
