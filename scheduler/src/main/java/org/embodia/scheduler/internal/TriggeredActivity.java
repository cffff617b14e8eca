package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

import org.embodia.api.agent.CycleTrigger;

/**
 * An activity on its own real-time thread whose cycles the hardware starts: each begins when its trigger
 * subsystem's device has sent new data ({@link CycleTrigger#awaitData}), or at the deadline, {@code deadlineNanos}
 * after the previous cycle began, without it; the cycle then runs and its subsystems see no new data from that
 * device, which their FSMs handle as a fault. So the loop follows the device's clock (Velma's KRC, [VELMA-STRUCT])
 * rather than a timer of its own beside it. While the plan has no trigger (a simulation swapped in for the hardware)
 * cycles keep the nominal period against absolute deadlines. Per cycle it allocates nothing and takes no lock.
 */
final class TriggeredActivity extends ThreadedActivity {
    private final long deadlineNanos;
    private volatile long missedTriggers;

    TriggeredActivity(String name, double rateHz, String trigger, long deadlineNanos, int overrunFault, int priority) {
        super(name, rateHz + " Hz, trigger=" + trigger + " deadline=" + deadlineNanos / 1000 + " us", rateHz, overrunFault, priority);
        this.deadlineNanos = deadlineNanos;
    }

    /** Cycles that began at their deadline because the trigger's data had not come. */
    @Override
    long missedTriggers() {
        return missedTriggers;
    }

    @Override
    void loop() {
        realtime = Realtime.configureCurrentThread(priority);
        long next = System.nanoTime() + deadlineNanos;
        long lastStart = 0;
        while (running) {
            if (paused) {
                if (stepsRequested.get() > 0) {
                    // A stepped cycle also reads fresh data, if the device sends it within a deadline.
                    awaitTrigger(System.nanoTime() + deadlineNanos);
                    runCycle();
                    stepsRequested.decrementAndGet();
                } else {
                    LockSupport.parkNanos(1_000_000);
                }
                next = System.nanoTime() + deadlineNanos;
                lastStart = 0;
                continue;
            }
            CycleTrigger trigger = pending.trigger;
            boolean fired = awaitTrigger(next);
            if (paused) {
                // Paused while waiting: the data stays for the cycle a step asks for.
                continue;
            }
            long now = System.nanoTime();
            if (!fired) {
                wake.record(now - next);
            }
            if (lastStart != 0) {
                period.record(now - lastStart);
            }
            lastStart = now;
            runCycle();
            long end = System.nanoTime();
            compute.record(end - now);
            overrun(end - now > periodNanos);
            next = trigger != null ? now + deadlineNanos : next + periodNanos;
        }
    }

    /** Waits for the trigger's data until {@code deadline}, or, without a trigger, sleeps until then; true if the data came. */
    private boolean awaitTrigger(long deadline) {
        CycleTrigger trigger = pending.trigger;
        if (trigger != null) {
            if (trigger.awaitData(deadline)) {
                return true;
            }
            missedTriggers++;
            return false;
        }
        long left;
        while (running && (left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
        return false;
    }
}
