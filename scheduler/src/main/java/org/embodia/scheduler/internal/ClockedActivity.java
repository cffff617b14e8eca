package org.embodia.scheduler.internal;

import org.embodia.scheduler.ActivityClock;

/** An activity whose cycles an external clock drives, on the clock's thread: a simulator step, a bus cycle. */
final class ClockedActivity extends Activity {
    private final ActivityClock source;
    private final Runnable tick = this::tick;

    ClockedActivity(String name, String clockName, ActivityClock source, int overrunFault) {
        super(name, "clock=" + clockName, overrunFault);
        this.source = source;
        this.realtime = "runs on the thread of clock " + clockName;
    }

    private void tick() {
        if (paused) {
            if (stepsRequested.get() <= 0) {
                return;
            }
            stepsRequested.decrementAndGet();
        }
        long now = System.nanoTime();
        long computed = timedCycle(now) - now;
        // A cycle longer than the clock's period makes the clock late for its next tick, as a periodic overrun does.
        long period = source.periodNanos();
        if (period > 0) {
            overrun(computed > period);
        }
    }

    @Override
    long periodNanos() {
        return source.periodNanos();
    }

    @Override
    void start() {
        source.attach(tick);
    }

    @Override
    void stop() {
        source.detach(tick);
    }
}
