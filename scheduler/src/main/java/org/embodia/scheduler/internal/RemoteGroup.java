package org.embodia.scheduler.internal;

/**
 * A leader's step that runs passes on another host: consecutive steps of the activity placed on that host, asked for
 * in one request and awaited until the deadline. A host that misses it delivers nothing new this cycle (the readers see
 * old data, and the subsystems above and below it react as the specification says for no new data); the cycle goes on.
 * The states of the agent's subsystems travel along ({@link PassMessage}). Runs on the activity's thread; allocates
 * nothing.
 */
final class RemoteGroup {
    final HostLink link;
    final int group;
    final String[] subsystems;
    /** How long after the cycle's start the answer may come. */
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

    RemoteGroup(HostLink link, int group, String[] subsystems, long deadlineNanos, SubsystemRuntime[] local, boolean[] relay, boolean[] theirs,
            RemoteStates states) {
        this.link = link;
        this.group = group;
        this.subsystems = subsystems;
        this.deadlineNanos = deadlineNanos;
        this.local = local;
        this.relay = relay;
        this.theirs = theirs;
        this.states = states;
    }

    long deadlineNanos() {
        return deadlineNanos;
    }

    /** One cycle's passes on the host: send what this process wrote, ask, await the answer and its data. */
    void run(long cycle, long cycleStart) {
        long start = System.nanoTime();
        long deadline = cycleStart + deadlineNanos;
        PassMessage request = link.pass.out.message();
        request.cycle = cycle;
        request.group = group;
        request.links = link.publishData();
        for (int slot = 0; slot < local.length; slot++) {
            if (local[slot] != null) {
                request.state(slot, local[slot].fsm == null ? null : local[slot].fsm.currentState());
            } else if (relay[slot]) {
                states.give(slot, request);
            } else {
                request.unknown(slot);
            }
        }
        if (!link.sendPass()) {
            miss();
            return;
        }
        PassMessage answer;
        while ((answer = link.pollPass()) == null || answer.cycle != cycle || answer.group != group) {
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                miss();
                return;
            }
            HostLink.pause(now - start);
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
        roundTrip.record(System.nanoTime() - start);
        passes++;
    }

    /**
     * No answer in time: nothing of the pass is delivered now, so that no reader takes a late message for this cycle's;
     * it comes, older than the newer data it is overwritten by, with the next pass that succeeds.
     */
    private void miss() {
        missed++;
    }
}
