package org.embodia.ros;

/**
 * Serves an action server's goals. Both methods are called on the action server's own thread, one call at a time
 * and in the order the requests came, never on a real-time thread nor a network thread; they may block, but the
 * next goal or cancel request waits meanwhile. An exception thrown is logged; a goal whose {@link #goal} call
 * threw before accepting or rejecting it is rejected.
 *
 * @param <G> the goal's type
 * @param <R> the result's type
 * @param <F> the feedback's type
 * @since 1.1
 */
public interface ActionHandler<G extends Message<G>, R extends Message<R>, F extends Message<F>> {
    /**
     * A new goal, PENDING (or already RECALLING if a cancel came first): the handler accepts or rejects it, now or
     * later from any thread, and finishes an accepted goal with a result.
     */
    void goal(ServerGoal<G, R, F> goal);

    /**
     * A cancel request reached {@code goal}, which is now RECALLING (cancelled before it was accepted) or PREEMPTING
     * (cancelled while active). The handler stops its work and calls {@link ServerGoal#canceled}, or finishes the
     * goal otherwise if it cannot stop in time.
     */
    void cancel(ServerGoal<G, R, F> goal);
}
