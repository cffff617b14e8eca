package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * A leader's step that runs passes on another host: consecutive steps of the activity placed on that host, asked for
 * in one request and awaited until the deadline (a group that ends the cycle: at the start of the next). A host that
 * misses it delivers nothing new this cycle (the readers see old data, and the subsystems above and below it react as
 * the specification says for no new data); the cycle goes on. The states of the agent's subsystems travel along
 * ({@link PassMessage}). A group that ends the cycle on a host with devices that trigger the activity is its
 * {@link Trigger}: that host answers when its devices' data has come ({@link #paces}), and the answer starts the
 * leader's next cycle. Runs on the activity's thread; allocates nothing.
 */
final class RemoteGroup implements Trigger {
    /** The share of the period a group awaited at the start of the next cycle may take of it, unless configured. */
    static final double DEFERRED_SHARE = 0.3;
    private static final long NONE = -1;
    final HostLink link;
    final int group;
    final String[] subsystems;
    /** Whether the group ends the cycle, so that it is asked for there and awaited at the start of the next. */
    private final boolean deferred;
    /** How long after the start of the cycle it is awaited in the answer may come. */
    private final long deadlineNanos;
    /** Per state slot: the local subsystem whose state to send, or null. */
    private final SubsystemRuntime[] local;
    /** Per state slot: whether the slot is a subsystem of a third host, relayed from {@link #states}. */
    private final boolean[] relay;
    /** Per state slot: whether the slot is a subsystem of this group's host, taken from its answer. */
    private final boolean[] theirs;
    private final RemoteStates states;
    final Histogram roundTrip = new Histogram();
    volatile long passes;
    volatile long missed;
    /** Answers that came, but some data link's message after the deadline. */
    volatile long lateData;
    /** Asks the activity's thread to clear the counts at its next pass; see {@link #resetDiagnostics()}. */
    private volatile boolean resetRequested;
    /** The cycle whose request awaits its answer, or {@link #NONE}; the activity's thread's. */
    private long outstanding = NONE;
    private long requestedAt;
    /** The start of the cycle whose request is outstanding. */
    private long requestStart;
    /** When this group starts the cycles: the nominal period, kept while its host has no device to wait for; else 0. */
    private long pacedPeriodNanos;
    /** The answer to {@link #outstanding} a wait for the trigger took, for {@link #collect}; the activity's thread's. */
    private PassMessage answered;
    private long lastLookWithoutAnswer = Long.MIN_VALUE;

    RemoteGroup(HostLink link, int group, String[] subsystems, boolean deferred, long deadlineNanos, SubsystemRuntime[] local, boolean[] relay,
            boolean[] theirs, RemoteStates states) {
        this.link = link;
        this.group = group;
        this.subsystems = subsystems;
        this.deferred = deferred;
        this.deadlineNanos = deadlineNanos;
        this.local = local;
        this.relay = relay;
        this.theirs = theirs;
        this.states = states;
    }

    /**
     * Makes this group, which ends the cycle on a host with some of the activity's triggers, start the leader's cycles:
     * its answer comes when the host's devices have sent their data. While that host has no device to wait for, the
     * cycles keep {@code periodNanos}. Before the plan is published.
     */
    RemoteGroup paces(long periodNanos) {
        pacedPeriodNanos = periodNanos;
        return this;
    }

    /** What a missed pass missed, for the diagnostics. */
    String deadline() {
        return pacedPeriodNanos > 0 ? "the trigger's deadline"
                : deferred ? "the start of the next cycle + " + deadlineNanos / 1000 + " us" : deadlineNanos / 1000 + " us into the cycle";
    }

    /**
     * The trigger's wait: until the answer to the passes that ended the last cycle comes, which its host gives when its
     * devices' data has come, or until {@code deadlineNanos}. No answer in time (or no request out): the pass is
     * missed, and a late answer is not taken for the next cycle's.
     */
    @Override
    public boolean awaitData(long deadlineNanos) {
        lastLookWithoutAnswer = Long.MIN_VALUE;
        if (outstanding == NONE) {
            // No request out (the host not connected): no answer to wait for, and the period paces the cycles.
            parkUntil(Math.min(requestStart + pacedPeriodNanos, deadlineNanos));
            return false;
        }
        long since = System.nanoTime();
        PassMessage answer;
        while ((answer = link.pollPass()) == null || answer.cycle != outstanding || answer.group != group) {
            long now = System.nanoTime();
            lastLookWithoutAnswer = now;
            if (now - deadlineNanos >= 0) {
                outstanding = NONE;
                missed++;
                return false;
            }
            HostLink.pause(now - since);
        }
        if (answer.trigger == PassMessage.NO_DEVICE) {
            // A simulation in place of the devices: the period paces the cycles, from the last one's start.
            lastLookWithoutAnswer = Long.MIN_VALUE;
            parkUntil(Math.min(requestStart + pacedPeriodNanos, deadlineNanos));
        }
        answered = answer;
        return answer.trigger != PassMessage.DEVICE_LATE;
    }

    @Override
    public long lastLookWithoutDataNanos() {
        return lastLookWithoutAnswer;
    }

    private static void parkUntil(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    /** One cycle's passes on the host: send what this process wrote, ask, await the answer and its data. */
    void run(long cycle, long cycleStart, long faults, long missedSoFar) {
        request(cycle, cycleStart, faults, missedSoFar);
        collect(cycleStart);
    }

    /**
     * Sends what this process wrote and asks for the cycle's passes, without waiting: a group that ends the cycle is
     * {@linkplain #collect collected} at the start of the next, before anything else runs, which gives the same data
     * flow and the host most of a period more to answer in.
     */
    void request(long cycle, long cycleStart, long faults, long missedSoFar) {
        if (resetRequested) {
            passes = 0;
            missed = 0;
            lateData = 0;
            resetRequested = false;
        }
        requestedAt = System.nanoTime();
        requestStart = cycleStart;
        answered = null;
        PassMessage request = link.pass.out.message();
        request.cycle = cycle;
        request.start = cycleStart;
        request.group = group;
        request.links = link.publishData();
        request.faults = faults;
        request.missed = missedSoFar;
        for (int slot = 0; slot < local.length; slot++) {
            if (local[slot] != null) {
                request.state(slot, local[slot].fsm == null ? null : local[slot].fsm.currentState());
            } else if (relay[slot]) {
                states.give(slot, request);
            } else {
                request.unknown(slot);
            }
        }
        if (link.sendPass()) {
            outstanding = cycle;
        } else {
            outstanding = NONE;
            missed++;
        }
    }

    /**
     * Awaits the answer to the request outstanding, if any, until {@code deadlineNanos} after {@code cycleStart}, and
     * delivers its data. No answer in time: nothing of the pass is delivered now, so that no reader takes a late message
     * for this cycle's; it comes, older than the newer data it is overwritten by, with the next pass that succeeds.
     */
    void collect(long cycleStart) {
        long cycle = outstanding;
        if (cycle == NONE) {
            return;
        }
        outstanding = NONE;
        long deadline = cycleStart + deadlineNanos;
        long since = System.nanoTime();
        PassMessage answer = answered;
        answered = null;
        while (answer == null && ((answer = link.pollPass()) == null || answer.cycle != cycle || answer.group != group)) {
            answer = null;
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                missed++;
                return;
            }
            HostLink.pause(now - since);
        }
        long now = System.nanoTime();
        for (int slot = 0; slot < theirs.length; slot++) {
            if (theirs[slot]) {
                states.take(slot, answer, now);
            }
        }
        if (!link.awaitData(answer.links, deadline)) {
            lateData++;
        }
        roundTrip.record(System.nanoTime() - requestedAt);
        passes++;
    }

    /** Forgets the figures so far: the round trips at once (from the reading side), the counts at the next pass. */
    void resetDiagnostics() {
        roundTrip.reset();
        resetRequested = true;
    }
}
