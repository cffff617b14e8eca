package org.embodia.ros;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One goal of an action server, in actionlib's server state machine: PENDING when it arrives; the handler accepts it
 * (ACTIVE) or rejects it (REJECTED); a cancel request makes a PENDING goal RECALLING and an ACTIVE one PREEMPTING;
 * an accepted goal ends SUCCEEDED, ABORTED or, once cancelled, PREEMPTED; a goal cancelled before it was accepted ends
 * RECALLED (or REJECTED, or PREEMPTED if accepted anyway). The states are {@link org.embodia.ros.msg.GoalStatus}'s
 * constants. Each terminal state publishes the result, with {@code text} in its status, and every change publishes
 * the status list.
 *
 * <p>All methods are thread-safe. A transition the state machine does not allow from the goal's state throws
 * {@link IllegalStateException} and changes nothing.
 *
 * @param <G> the goal's type
 * @param <R> the result's type
 * @param <F> the feedback's type
 * @since 1.1
 */
@ProviderType
public interface ServerGoal<G extends Message<G>, R extends Message<R>, F extends Message<F>> {
    /** The goal's id: the client's, or one the server made for a goal that came without. */
    String id();

    /** The goal id's stamp: the client's, or the arrival time if the client's was zero. */
    RosTime stamp();

    /** The goal as the client sent it; it belongs to this object and never changes. */
    G goal();

    /** The goal's state, one of {@link org.embodia.ros.msg.GoalStatus}'s constants. */
    int status();

    /** The text of the last transition ("" if none gave one). */
    String statusText();

    /** Whether a cancel request reached the goal while it was PENDING or ACTIVE. */
    boolean isCancelRequested();

    /** Whether the goal has reached a terminal state. */
    boolean isTerminal();

    /** PENDING to ACTIVE, or RECALLING to PREEMPTING. */
    void accept();

    /** PENDING or RECALLING to REJECTED, with an empty result. */
    void reject(String text);

    /** ACTIVE or PREEMPTING to SUCCEEDED; {@code result} is copied (null: an empty result). */
    void succeed(R result, String text);

    /** ACTIVE or PREEMPTING to ABORTED; {@code result} is copied (null: an empty result). */
    void abort(R result, String text);

    /**
     * Ends a cancelled goal, or one the handler stops of its own accord: ACTIVE or PREEMPTING to PREEMPTED, PENDING or
     * RECALLING to RECALLED; {@code result} is copied (null: an empty result).
     */
    void canceled(R result, String text);

    /**
     * Publishes {@code feedback} (copied) with the goal's status, unless the goal has ended. It takes the server's
     * lock and serializes into a new frame, so that no feedback replaces another: call it off real-time threads.
     *
     * @return whether it was published: false once the goal is terminal
     */
    boolean publishFeedback(F feedback);

    /** A new, empty result of the action's type. */
    R newResult();

    /** A new, empty feedback of the action's type. */
    F newFeedback();
}
