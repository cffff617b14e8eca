package org.embodia.scheduler.internal;

import org.embodia.scheduler.Realtime;

/**
 * The part of an activity a host other than the leader runs: its thread waits for the leader's requests and runs the
 * requested group of its steps, with the inputs the leader sent, then answers with what they sent. It keeps no period
 * of its own (the leader's cycle is the clock) and judges no overrun: a pass the leader gave up on is the leader's miss.
 * Per pass it allocates nothing, takes no lock and waits for data only until the pass's deadline.
 */
final class FollowerActivity extends ThreadedActivity {
    private final long deadlineNanos;
    /** Per state slot: whether the slot is one of this host's subsystems, sent in the answer. */
    private final boolean[] mine;
    private final RemoteStates states;
    volatile long passes;

    FollowerActivity(String name, String leader, double rateHz, long deadlineNanos, int priority, int cpu, boolean[] mine, RemoteStates states) {
        super(name, "passes asked by " + leader, rateHz, Integer.MAX_VALUE, priority, cpu);
        this.deadlineNanos = deadlineNanos;
        this.mine = mine;
        this.states = states;
    }

    @Override
    void loop() {
        realtime = Realtime.configureCurrentThread(priority, cpu).description();
        long idleSince = System.nanoTime();
        while (running) {
            // Between passes is this host's cycle boundary: a new plan, with its links, takes over here.
            boundary();
            HostLink l = current().leaderLink;
            PassMessage request = l == null ? null : l.pollPass();
            long now = System.nanoTime();
            if (request == null) {
                HostLink.pause(now - idleSince);
                continue;
            }
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
            passes++;
            idleSince = System.nanoTime();
        }
    }
}
