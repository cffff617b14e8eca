package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

import org.embodia.scheduler.ActivityDiagnostics;

/**
 * The part of an activity a host other than the leader runs: its thread waits for the leader's requests and runs the
 * requested group of its steps, with the inputs the leader sent, then answers with what they sent. It keeps no period
 * of its own (the leader's cycle is the clock) and judges no overrun: a pass the leader gave up on is the leader's miss.
 * When the activity's triggers are devices of this host, it answers the passes that end the cycle once their data has
 * come (or at the trigger's deadline), so that the answer starts the leader's next cycle as the devices would there.
 * Per pass it allocates nothing, takes no lock and waits only until the pass's or the trigger's deadline. Its wake and
 * sleep histograms are, on one machine, when it took each request and when it answered, from the leader's cycle start:
 * which of the hosts was late when the leader missed a pass.
 */
final class FollowerActivity extends ThreadedActivity {
    /** Between requests, the thread sleeps until this long before the leader's next cycle begins, then watches. */
    static final long WATCH_NANOS = 50_000;
    /** No request for this long (the leader is gone), the thread looks only every {@link #ABSENT_PARK_NANOS}. */
    static final long ABSENT_NANOS = 1_000_000_000;
    static final long ABSENT_PARK_NANOS = 1_000_000;
    /** No group of this host waits for a trigger (a group is a number from 0, the leader's own steps' -1). */
    static final int NO_TRIGGER = -2;
    private final long deadlineNanos;
    private final boolean oneRequestPerCycle;
    /** Per state slot: whether the slot is one of this host's subsystems, sent in the answer. */
    private final boolean[] mine;
    private final RemoteStates states;
    /** The group whose answer waits for this host's devices, {@link #NO_TRIGGER} when the activity has none here. */
    private final int triggerGroup;
    private final long triggerDeadlineNanos;
    /** The leader's overruns and missed passes, as its last request said. */
    private volatile long leaderFaults;
    /** Of those, the missed passes. */
    private volatile long leaderMissed;

    /**
     * @param oneRequestPerCycle whether the leader asks this host once a cycle (its steps are consecutive), so the next
     *        request comes in the leader's next cycle
     * @param triggerGroup the group that ends the cycle when some of the activity's triggers run here, else
     *        {@link #NO_TRIGGER}
     * @param triggerDeadlineNanos how long after a cycle's start the leader waits for the trigger
     */
    FollowerActivity(String name, double rateHz, long deadlineNanos, boolean oneRequestPerCycle, int priority, int cpu, boolean[] mine,
            RemoteStates states, int triggerGroup, long triggerDeadlineNanos) {
        super(name, "passes asked by " + Hosts.LEADER, rateHz, Integer.MAX_VALUE, priority, cpu);
        this.deadlineNanos = deadlineNanos;
        this.oneRequestPerCycle = oneRequestPerCycle;
        this.mine = mine;
        this.states = states;
        this.triggerGroup = triggerGroup;
        this.triggerDeadlineNanos = triggerDeadlineNanos;
    }

    @Override
    void loop() {
        realtime = configureThreads();
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
            boolean sameClock = sinceStart >= 0 && sinceStart < periodNanos;
            nextCycle = oneRequestPerCycle && sameClock ? request.start + periodNanos : 0;
            // A request taken late is measured too, up to the pass's deadline: on another machine's clock the start
            // falls in that window next to never.
            boolean timed = sinceStart >= 0 && sinceStart < Math.max(periodNanos, deadlineNanos);
            if (timed) {
                wake.record(sinceStart);
            }
            leaderFaults = request.faults;
            leaderMissed = request.missed;
            for (int slot = 0; slot < mine.length; slot++) {
                if (!mine[slot]) {
                    states.take(slot, request, now);
                }
            }
            l.awaitData(request.links, now + deadlineNanos);
            runGroup = request.group;
            timedCycle(now);
            byte trigger = request.group != triggerGroup ? PassMessage.NO_DEVICE
                    : awaitDevices(current().triggers, (sameClock ? request.start : now) + triggerDeadlineNanos);
            PassMessage answer = l.pass.out.message();
            answer.trigger = trigger;
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
            if (timed) {
                sleep.record(idleSince - request.start);
            }
        }
    }

    /** Waits for every device's data until {@code deadline}, as the leader would here; what the answer says of them. */
    private static byte awaitDevices(Trigger[] devices, long deadline) {
        if (devices.length == 0) {
            return PassMessage.NO_DEVICE;
        }
        return Trigger.awaitAll(devices, deadline) ? PassMessage.DEVICE_DATA : PassMessage.DEVICE_LATE;
    }

    /** Its figures, with the overruns and missed passes the leader counts for the activity in place of its own (none). */
    @Override
    ActivityDiagnostics diagnostics() {
        ActivityDiagnostics d = super.diagnostics();
        long missed = leaderMissed;
        return new ActivityDiagnostics(d.name(), d.clock(), d.cycles(), leaderFaults - missed, 0, false, d.wakeLatency(), d.period(), d.compute(),
                d.realtime(), d.sleepLatency(), d.periodNanos(), d.missedTriggers(), missed, d.skippedTicks());
    }
}
