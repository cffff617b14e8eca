package org.embodia.scheduler.internal;

/**
 * A leader's step that runs passes on another host: consecutive steps of the activity placed on that host, asked for
 * in one request and awaited until the deadline (a group that ends the cycle: at the start of the next). A host that
 * misses it delivers nothing new this cycle (the readers see old data, and the subsystems above and below it react as
 * the specification says for no new data); the cycle goes on. The states of the agent's subsystems travel along
 * ({@link PassMessage}). Runs on the activity's thread; allocates nothing.
 */
final class RemoteGroup {
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

    boolean deferred() {
        return deferred;
    }

    /** What a missed pass missed, for the diagnostics. */
    String deadline() {
        return deferred ? "the start of the next cycle + " + deadlineNanos / 1000 + " us" : deadlineNanos / 1000 + " us into the cycle";
    }

    /** One cycle's passes on the host: send what this process wrote, ask, await the answer and its data. */
    void run(long cycle, long cycleStart, long faults) {
        request(cycle, cycleStart, faults);
        collect(cycleStart);
    }

    /**
     * Sends what this process wrote and asks for the cycle's passes, without waiting: a group that ends the cycle is
     * {@linkplain #collect collected} at the start of the next, before anything else runs, which gives the same data
     * flow and the host most of a period more to answer in.
     */
    void request(long cycle, long cycleStart, long faults) {
        if (resetRequested) {
            passes = 0;
            missed = 0;
            lateData = 0;
            resetRequested = false;
        }
        requestedAt = System.nanoTime();
        PassMessage request = link.pass.out.message();
        request.cycle = cycle;
        request.start = cycleStart;
        request.group = group;
        request.links = link.publishData();
        request.faults = faults;
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
        PassMessage answer;
        while ((answer = link.pollPass()) == null || answer.cycle != cycle || answer.group != group) {
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
