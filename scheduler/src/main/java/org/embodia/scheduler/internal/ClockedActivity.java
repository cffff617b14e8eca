package org.embodia.scheduler.internal;

import org.embodia.scheduler.ActivityClock;

/** An activity whose cycles an external clock drives, on the clock's thread: a simulator step, a bus cycle. */
final class ClockedActivity extends Activity {
    /** The clock service it is attached to, null while there is none; replaced when the service is (a bundle swapped). */
    private volatile ActivityClock source;
    private boolean started;
    private final Runnable tick = this::tick;
    /** Set while a tick runs: between ticks the next one takes a newly published plan at its boundary. */
    private volatile boolean ticking;

    ClockedActivity(String name, String clockName, ActivityClock source, int overrunFault) {
        super(name, "clock=" + clockName, overrunFault);
        this.source = source;
        this.realtime = "runs on the thread of clock " + clockName;
    }

    @Override
    String realtime() {
        ActivityClock clock = source;
        String got = clock == null ? "" : clock.scheduling();
        return got.isEmpty() ? realtime : realtime + ": " + got;
    }

    private void tick() {
        ticking = true;
        try {
            if (paused) {
                if (stepsRequested.get() <= 0) {
                    return;
                }
                stepsRequested.decrementAndGet();
            }
            long now = System.nanoTime();
            long computed = timedCycle(now) - now;
            // A cycle longer than the clock's period makes the clock late for its next tick, as a periodic overrun does.
            ActivityClock clock = source;
            long period = clock == null ? 0 : clock.periodNanos();
            if (period > 0) {
                overrun(computed > period);
            }
        } finally {
            ticking = false;
        }
    }

    /**
     * Only while a tick runs: a clock at manual pace or stopped may not tick for a long time, and the plan published
     * before a tick's start is the one it runs ({@code ticking} is written before the boundary reads the plan, the plan
     * before a rebuild reads {@code ticking}: both volatile, so one of them sees the other).
     */
    @Override
    boolean mayBeInCycle() {
        return ticking;
    }

    @Override
    long periodNanos() {
        ActivityClock clock = source;
        return clock == null ? 0 : clock.periodNanos();
    }

    @Override
    synchronized void start() {
        started = true;
        if (source != null) {
            source.attach(tick);
        }
    }

    @Override
    synchronized void stop() {
        started = false;
        if (source != null) {
            source.detach(tick);
        }
    }

    /**
     * Moves its cycles to {@code clock}, the service now offering the clock (null: none does); a clock that went
     * away with its bundle and came back with it is a new service.
     */
    synchronized void source(ActivityClock clock) {
        if (clock == source) {
            return;
        }
        if (started && source != null) {
            source.detach(tick);
        }
        source = clock;
        if (started && clock != null) {
            clock.attach(tick);
        }
    }
}
