package org.embodia.scheduler.internal;

import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.ActivityHistograms;

/**
 * An activity: runs its plan's steps once per cycle. Subclasses decide when a cycle happens:
 * {@link PeriodicActivity} on its own real-time thread, {@link TriggeredActivity} there when a device's data comes,
 * {@link ClockedActivity} on an external clock.
 */
abstract class Activity {
    final String name;
    final String clock;
    final int overrunFault;
    volatile ActivityPlan pending = ActivityPlan.EMPTY;
    private ActivityPlan current = ActivityPlan.EMPTY;
    /** When the last timed cycle began, 0 for none; the activity's thread's. */
    private long lastStart;
    final Histogram wake = new Histogram();
    final Histogram sleep = new Histogram();
    final Histogram period = new Histogram();
    final Histogram compute = new Histogram();
    long cycles;
    long overruns;
    /** Ticks of the activity's clock that got no cycle; see {@link ActivityDiagnostics#skippedTicks()}. */
    volatile long skippedTicks;
    long consecutiveOverruns;
    /** The passes other hosts missed under the plans before the current one; the activity's thread writes it. */
    private volatile long missedBefore;
    volatile boolean fault;
    volatile String realtime = "";
    volatile boolean paused;
    final AtomicInteger stepsRequested = new AtomicInteger();
    volatile long appliedGeneration;
    /** Asks the activity's own thread to clear its overrun count at the next boundary; see {@link #resetDiagnostics()}. */
    volatile boolean resetRequested;
    volatile long pendingGeneration;
    /**
     * The group of steps the next cycle runs: {@link ActivityPlan.Step#LEADER}, all of them, where the activity is led;
     * on another host the group the leader asked for. The activity's thread's.
     */
    int runGroup = ActivityPlan.Step.LEADER;

    Activity(String name, String clock, int overrunFault) {
        this.name = name;
        this.clock = clock;
        this.overrunFault = overrunFault;
    }

    /**
     * Whether a cycle may be running on a plan older than the last published: a rebuild waits for such an activity's
     * next boundary before the subsystems it removed may stop.
     */
    boolean mayBeInCycle() {
        return true;
    }

    /** Publishes a plan; the activity switches to it at its next cycle boundary. */
    void publish(ActivityPlan plan, long generation) {
        pendingGeneration = generation;
        pending = plan;
    }

    /** One cycle: at the boundary take a newly published plan, then run every step of {@link #runGroup} in order. */
    final void runCycle() {
        runCycle(System.nanoTime());
    }

    /** {@link #runCycle()} of a cycle begun at {@code start}, by which the passes of other hosts are given their deadline. */
    private void runCycle(long start) {
        boundary();
        ActivityPlan.Step[] steps = current.steps;
        long cycle = cycles;
        int group = runGroup;
        long missed = missedBefore + current.missedPasses();
        long faults = overruns + missed;
        for (ActivityPlan.Step s : steps) {
            if (s.group() != group) {
                continue;
            }
            if (s.remote() != null) {
                switch (s.phase()) {
                    case STEP -> s.remote().run(cycle, start, faults, missed);
                    case WRITE -> s.remote().request(cycle, start, faults, missed);
                    case READ -> s.remote().collect(start);
                }
            } else {
                s.runtime().iterate(s.receive(), cycle, s.phase());
            }
        }
        cycles = cycle + 1;
    }

    /** A cycle boundary: a newly published plan takes over here, and a reset of the figures. */
    final void boundary() {
        if (resetRequested) {
            overruns = 0;
            missedBefore = 0;
            resetRequested = false;
        }
        ActivityPlan p = pending;
        if (p != current) {
            current.disconnectLeaving(p);
            p.connect();
            missedBefore += current.missedPasses();
            current = p;
            appliedGeneration = pendingGeneration;
        }
    }

    /**
     * A cycle begun at {@code start}: records the period since the last one so timed (unless {@link #restartPeriod()}
     * came between), runs it, records its compute; returns its end.
     */
    final long timedCycle(long start) {
        if (lastStart != 0) {
            period.record(start - lastStart);
        }
        lastStart = start;
        runCycle(start);
        long end = System.nanoTime();
        compute.record(end - start);
        return end;
    }

    /** The next timed cycle's period is not measured from the last one (after a pause). */
    final void restartPeriod() {
        lastStart = 0;
    }

    /** Counts an overrun, or ends a run of them; a configured number in a row is a fault. */
    final void overrun(boolean late) {
        if (late) {
            overruns++;
            if (++consecutiveOverruns >= overrunFault) {
                fault = true;
            }
        } else {
            consecutiveOverruns = 0;
        }
    }

    /**
     * Forgets the figures so far (after a warm-up): the histograms at once, from the reading side, so that the loop
     * takes no lock; the overruns at the next cycle boundary.
     */
    void resetDiagnostics() {
        wake.reset();
        sleep.reset();
        period.reset();
        compute.reset();
        resetRequested = true;
    }

    /** The period overruns are judged against, 0 for none. */
    abstract long periodNanos();

    /** Cycles that began without their trigger's data; 0 for an activity without a trigger. */
    long missedTriggers() {
        return 0;
    }

    /** Passes of other hosts that missed their deadline, as the leading host counts them, under every plan so far. */
    long missedPasses() {
        return missedBefore + current.missedPasses();
    }

    ActivityPlan current() {
        return current;
    }

    abstract void start();

    abstract void stop();

    ActivityHistograms histograms() {
        return new ActivityHistograms(name, wake.distribution(), period.distribution(), compute.distribution());
    }

    ActivityDiagnostics diagnostics() {
        return new ActivityDiagnostics(name, clock, cycles, overruns, consecutiveOverruns, fault, wake.snapshot(), period.snapshot(),
                compute.snapshot(), realtime(), sleep.snapshot(), periodNanos(), missedTriggers(), missedPasses(), skippedTicks);
    }

    /** What the loop's thread got from the operating system, for the diagnostics. */
    String realtime() {
        return realtime;
    }
}
