package org.embodia.scheduler.internal;

import java.util.List;
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

    /** One pass of a subsystem. */
    record Step(SubsystemRuntime runtime, InputBuffer<?>[] receive, AgentConfig.Phase phase) {
        /** A pass of the whole step. */
        Step(SubsystemRuntime runtime, InputBuffer<?>[] receive) {
            this(runtime, receive, AgentConfig.Phase.STEP);
        }
    }

    /** A connection to make, output to input. */
    record Link(OutputBuffer<?> output, InputBuffer<?> input) {
    }

    final Step[] steps;
    /** The subsystems whose devices start the cycles, those of the activity's triggers that are in this plan. */
    final CycleTrigger[] triggers;
    private final List<Link> links;
    private final Consumer<String> problems;

    /** A plan without a trigger. */
    ActivityPlan(Step[] steps, List<Link> links, Consumer<String> problems) {
        this(steps, links, new CycleTrigger[0], problems);
    }

    ActivityPlan(Step[] steps, List<Link> links, CycleTrigger[] triggers, Consumer<String> problems) {
        this.steps = steps;
        this.triggers = triggers;
        this.links = links;
        this.problems = problems;
    }

    /**
     * Makes this plan's connections; idempotent. An input still attached to a writer that left (a
     * replaced subsystem) is detached from it first. Runs on the activity's thread at a boundary.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void connect() {
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

    /** Undoes this plan's connections, when the agent stops. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void disconnect() {
        for (Link l : links) {
            OutputBuffer out = l.output();
            out.disconnect((InputBuffer) l.input());
        }
    }
}
