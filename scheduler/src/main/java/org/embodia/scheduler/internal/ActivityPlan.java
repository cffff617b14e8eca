package org.embodia.scheduler.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import org.embodia.api.agent.CycleTrigger;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;

/**
 * What one activity runs each cycle, and the connections whose writers it runs. Immutable; a new
 * plan is published when subsystems come, go or are replaced, and the activity switches to it at a
 * cycle boundary, first making its connections: so no cycle runs half old and half new.
 */
final class ActivityPlan {
    static final ActivityPlan EMPTY = new ActivityPlan(new Step[0], List.of(), e -> { });

    /**
     * One pass of a subsystem, or (with {@code remote}) the passes another host runs. On a host that does not lead the
     * activity, {@code group} numbers the leader's requests the step belongs to.
     */
    record Step(SubsystemRuntime runtime, InputBuffer<?>[] receive, AgentConfig.Phase phase, int group, RemoteGroup remote) {
        /** The group of every step where the activity is led. */
        static final int LEADER = -1;

        /** A pass of a subsystem where the activity is led. */
        Step(SubsystemRuntime runtime, InputBuffer<?>[] receive, AgentConfig.Phase phase) {
            this(runtime, receive, phase, LEADER, null);
        }

        /** A pass of the whole step. */
        Step(SubsystemRuntime runtime, InputBuffer<?>[] receive) {
            this(runtime, receive, AgentConfig.Phase.STEP);
        }

        /**
         * The passes of another host: in phase {@code STEP} asked for and awaited; in {@code WRITE} only asked for, and in
         * {@code READ} (at the start of the next cycle) awaited.
         */
        Step(RemoteGroup remote, AgentConfig.Phase phase) {
            this(null, new InputBuffer<?>[0], phase, LEADER, remote);
        }
    }

    /** A connection to make, output to input. */
    record Link(OutputBuffer<?> output, InputBuffer<?> input) {
    }

    final Step[] steps;
    /**
     * What starts the cycles: the devices of those of the activity's triggers that are in this plan, and where the
     * leader runs it, the answer of another host that has some of them.
     */
    final Trigger[] triggers;
    private final List<Link> links;
    private final Consumer<String> problems;
    /** On a host that does not lead the activity: its links to the leader, and its subsystems by state slot; else null. */
    final HostLink leaderLink;
    final SubsystemRuntime[] slotRuntimes;
    /** The other hosts' groups the leader's steps ask for, each once. */
    private final RemoteGroup[] remoteGroups;

    /** A plan without a trigger. */
    ActivityPlan(Step[] steps, List<Link> links, Consumer<String> problems) {
        this(steps, links, new CycleTrigger[0], problems);
    }

    ActivityPlan(Step[] steps, List<Link> links, CycleTrigger[] triggers, Consumer<String> problems) {
        this(steps, links, Arrays.stream(triggers).map(Trigger::of).toArray(Trigger[]::new), problems, null, new SubsystemRuntime[0]);
    }

    ActivityPlan(Step[] steps, List<Link> links, Trigger[] triggers, Consumer<String> problems, HostLink leaderLink,
            SubsystemRuntime[] slotRuntimes) {
        this.steps = steps;
        this.triggers = triggers;
        this.links = links;
        this.problems = problems;
        this.leaderLink = leaderLink;
        this.slotRuntimes = slotRuntimes;
        this.remoteGroups = Arrays.stream(steps).map(Step::remote).filter(Objects::nonNull).distinct().toArray(RemoteGroup[]::new);
    }

    /** The passes the other hosts missed so far; allocates nothing. */
    long missedPasses() {
        long sum = 0;
        for (RemoteGroup g : remoteGroups) {
            sum += g.missed;
        }
        return sum;
    }

    /**
     * Makes this plan's connections; idempotent. An input still attached to a writer that left (a
     * replaced subsystem) is detached from it first. Its triggers count the data no cycle took from here.
     * Runs on the activity's thread at a boundary.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void connect() {
        for (Trigger t : triggers) {
            t.countFromNow();
        }
        for (Link l : links) {
            InputBuffer in = l.input();
            OutputBuffer out = l.output();
            OutputBuffer old = in.writer();
            if (old == out) {
                continue;
            }
            try {
                if (old != null) {
                    old.disconnect(in);
                }
                out.connect(in);
            } catch (RuntimeException e) {
                problems.accept("connecting " + out.name() + " to " + in.name() + ": " + e.getMessage());
            }
        }
    }

    /**
     * Detaches the inputs this plan feeds and {@code next} does not: those of a subsystem that left (a hot swap's
     * replaced bundle). Left attached, each would stay on its writer's list for good, kept from collection and copied
     * into at every send, a few more at each swap. Runs on the activity's thread at the boundary that takes
     * {@code next}, before {@link #connect()}.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void disconnectLeaving(ActivityPlan next) {
        for (Link l : links) {
            InputBuffer in = l.input();
            OutputBuffer out = l.output();
            if (in.writer() == out && !next.feeds(in)) {
                out.disconnect(in);
            }
        }
    }

    private boolean feeds(InputBuffer<?> input) {
        for (Link l : links) {
            if (l.input() == input) {
                return true;
            }
        }
        return false;
    }

    /** Undoes this plan's connections, when the agent stops. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void disconnect() {
        for (Link l : links) {
            OutputBuffer out = l.output();
            out.disconnect((InputBuffer) l.input());
        }
    }
}
