package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Realtime;

/**
 * The part of an activity a host other than the leader runs: its thread waits for the leader's requests and runs the
 * requested group of its steps, with the inputs the leader sent, then answers with what they sent. It keeps no period
 * of its own (the leader's cycle is the clock) and judges no overrun: a pass the leader gave up on is the leader's miss.
 * Per pass it allocates nothing, takes no lock and waits for data only until the pass's deadline.
 */
final class FollowerActivity extends ThreadedActivity {
    /** Between requests, the thread sleeps until this long before the leader's next cycle begins, then watches. */
    static final long WATCH_NANOS = 50_000;
    /** No request for this long (the leader is gone), the thread looks only every {@link #ABSENT_PARK_NANOS}. */
    static final long ABSENT_NANOS = 1_000_000_000;
    static final long ABSENT_PARK_NANOS = 1_000_000;
    private final long deadlineNanos;
    private final boolean oneRequestPerCycle;
    /** Per state slot: whether the slot is one of this host's subsystems, sent in the answer. */
    private final boolean[] mine;
    private final RemoteStates states;
    /** The leader's overruns and missed passes, as its last request said. */
    private volatile long leaderFaults;

    /**
     * @param oneRequestPerCycle whether the leader asks this host once a cycle (its steps are consecutive), so the next
     *        request comes in the leader's next cycle
     */
    FollowerActivity(String name, double rateHz, long deadlineNanos, boolean oneRequestPerCycle, int priority, int cpu, boolean[] mine,
            RemoteStates states) {
        super(name, "passes asked by " + Hosts.LEADER, rateHz, Integer.MAX_VALUE, priority, cpu);
        this.deadlineNanos = deadlineNanos;
        this.oneRequestPerCycle = oneRequestPerCycle;
        this.mine = mine;
        this.states = states;
    }

    @Override
    void loop() {
        realtime = Realtime.configureCurrentThread(priority, cpu).description();
        long idleSince = System.nanoTime();
        long nextCycle = 0;
        while (running) {
            // Between passes is this host's cycle boundary: a new plan, with its links, takes over here.
            boundary();
            HostLink l = current().leaderLink;
            PassMessage request = l == null ? null : l.pollPass();
            long now = System.nanoTime();
            if (request == null) {
                long due = nextCycle - WATCH_NANOS;
                if (nextCycle != 0 && due - now > 0) {
                    LockSupport.parkNanos(due - now);
                } else if (now - idleSince > ABSENT_NANOS) {
                    LockSupport.parkNanos(ABSENT_PARK_NANOS);
                } else {
                    HostLink.pause(now - idleSince);
                }
                continue;
            }
            // The leader's clock is this one on one machine: its next cycle begins a period after this one began. From
            // another machine the start means nothing here, and the thread watches all the time.
            long sinceStart = now - request.start;
            nextCycle = oneRequestPerCycle && sinceStart >= 0 && sinceStart < periodNanos ? request.start + periodNanos : 0;
            leaderFaults = request.faults;
            for (int slot = 0; slot < mine.length; slot++) {
                if (!mine[slot]) {
                    states.take(slot, request, now);
                }
            }
            l.awaitData(request.links, now + deadlineNanos);
            runGroup = request.group;
            timedCycle(now);
            PassMessage answer = l.pass.out.message();
            answer.cycle = request.cycle;
            answer.group = request.group;
            answer.links = l.publishData();
            SubsystemRuntime[] runtimes = current().slotRuntimes;
            for (int slot = 0; slot < mine.length; slot++) {
                SubsystemRuntime rt = mine[slot] && slot < runtimes.length ? runtimes[slot] : null;
                if (rt != null) {
                    answer.state(slot, rt.fsm == null ? null : rt.fsm.currentState());
                } else {
                    answer.unknown(slot);
                }
            }
            l.sendPass();
            idleSince = System.nanoTime();
        }
    }

    /** Its figures, with the overruns and missed passes the leader counts for the activity in place of its own (none). */
    @Override
    ActivityDiagnostics diagnostics() {
        ActivityDiagnostics d = super.diagnostics();
        return new ActivityDiagnostics(d.name(), d.clock(), d.cycles(), leaderFaults, 0, false, d.wakeLatency(), d.period(), d.compute(),
                d.realtime(), d.sleepLatency(), d.periodNanos(), d.missedTriggers());
    }
}
