package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * An activity on its own real-time thread whose cycles the hardware starts: each begins when every one of its
 * trigger subsystems' devices has sent new data ({@link org.embodia.api.agent.CycleTrigger#awaitData}; a device on
 * another host through that host's answer, {@link RemoteGroup}), or at the deadline, {@code deadlineNanos} after the
 * previous cycle began, without it; the cycle then runs and its subsystems see no
 * new data from the device that was late, which their FSMs handle as a fault. So the loop follows the devices'
 * clock (Velma's KRCs, [VELMA-STRUCT]) rather than a timer of its own beside it. Waiting for all of them, not for
 * one and then a little for the others, keeps devices that send in the same tick in step when their data comes
 * close together: the cycle never takes one device's next datum before the other's. While the plan has no
 * trigger (a simulation swapped in for the hardware) cycles keep the nominal period against absolute deadlines, the
 * first a period after the last cycle the hardware began.
 * The ticks that got no cycle are counted: the devices' data no cycle took, and while there is no trigger the deadlines
 * a late cycle passed, which are skipped as a periodic activity skips them.
 * Its wake latency is, for a cycle at its deadline, how late after it the cycle began, and for one the data began,
 * at most the time from the devices' last look without it ({@link Trigger#lastLookWithoutDataNanos}).
 * Per cycle it allocates nothing and takes no lock.
 */
final class TriggeredActivity extends ThreadedActivity {
    private final long deadlineNanos;
    private volatile long missedTriggers;

    TriggeredActivity(String name, String clock, double rateHz, long deadlineNanos, int overrunFault, int priority, int cpu) {
        super(name, clock, rateHz, overrunFault, priority, cpu);
        this.deadlineNanos = deadlineNanos;
    }

    /** Cycles that began at their deadline because the trigger's data had not come. */
    @Override
    long missedTriggers() {
        return missedTriggers;
    }

    @Override
    void loop() {
        realtime = configureThreads();
        // When the next cycle is due: by the hardware's deadline if the plan it runs has a trigger, else by the rate. Which
        // one is known only at the wait: a swap may publish the plan while a cycle is under way.
        long start = System.nanoTime();
        long triggeredDue = start + deadlineNanos;
        long periodicDue = start + periodNanos;
        while (running) {
            if (paused) {
                if (stepsRequested.get() > 0) {
                    // A stepped cycle also reads fresh data, if the device sends it within a deadline.
                    awaitTrigger(pending.triggers, System.nanoTime() + deadlineNanos);
                    runCycle();
                    stepsRequested.decrementAndGet();
                } else {
                    LockSupport.parkNanos(1_000_000);
                }
                long now = System.nanoTime();
                triggeredDue = now + deadlineNanos;
                periodicDue = now + periodNanos;
                restartPeriod();
                continue;
            }
            Trigger[] triggers = pending.triggers;
            long next = triggers.length > 0 ? triggeredDue : periodicDue;
            boolean fired = awaitTrigger(triggers, next);
            if (paused) {
                // Paused while waiting: the data stays for the cycle a step asks for.
                continue;
            }
            long now = System.nanoTime();
            if (!fired) {
                wake.record(now - next);
            } else {
                recordArrival(triggers, now);
            }
            long end = timedCycle(now);
            overrun(end - now > periodNanos);
            // The data no cycle took is counted by the devices of the plan that ran, which a swap may have made another
            // at this cycle's boundary.
            long notTaken = dataNotTaken(current().triggers);
            if (notTaken > 0) {
                skippedTicks += notTaken;
            }
            // The hardware's deadline runs from this cycle's start; the nominal period from this cycle's start when the
            // hardware clocked it, else against absolute deadlines, as a periodic activity's.
            triggeredDue = now + deadlineNanos;
            periodicDue = triggers.length > 0 ? now + periodNanos : firstDeadlineAhead(next + periodNanos, end);
        }
    }

    /**
     * The devices' data no cycle took since the last cycle, once per tick however many devices sent in it: both of
     * Velma's KRCs, in the same tick, lose the same one.
     */
    private static long dataNotTaken(Trigger[] triggers) {
        long most = 0;
        for (Trigger t : triggers) {
            most = Math.max(most, t.takeDataNotTaken());
        }
        return most;
    }

    /**
     * The wake latency of a cycle the data began, at most: from the last look that found some trigger's data absent to
     * the cycle's start; none when every datum was there at the first look, for then the cycle did not wait.
     */
    private void recordArrival(Trigger[] triggers, long start) {
        long absent = Long.MIN_VALUE;
        for (Trigger t : triggers) {
            absent = Math.max(absent, t.lastLookWithoutDataNanos());
        }
        if (absent != Long.MIN_VALUE) {
            wake.record(start - absent);
        }
    }

    /**
     * Waits until every trigger's device has sent new data or {@code deadline} has passed, or, without triggers,
     * sleeps until then; true if all the data came.
     */
    private boolean awaitTrigger(Trigger[] triggers, long deadline) {
        if (triggers.length > 0) {
            boolean all = Trigger.awaitAll(triggers, deadline);
            if (!all) {
                missedTriggers++;
            }
            return all;
        }
        long left;
        while (running && (left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
        return false;
    }
}
