package org.embodia.ros.internal;

import static org.embodia.ros.msg.GoalStatus.ABORTED;
import static org.embodia.ros.msg.GoalStatus.ACTIVE;
import static org.embodia.ros.msg.GoalStatus.PENDING;
import static org.embodia.ros.msg.GoalStatus.PREEMPTED;
import static org.embodia.ros.msg.GoalStatus.PREEMPTING;
import static org.embodia.ros.msg.GoalStatus.RECALLED;
import static org.embodia.ros.msg.GoalStatus.RECALLING;
import static org.embodia.ros.msg.GoalStatus.REJECTED;
import static org.embodia.ros.msg.GoalStatus.SUCCEEDED;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongSupplier;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosTime;
import org.embodia.ros.ServerGoal;
import org.embodia.ros.msg.GoalID;
import org.embodia.ros.msg.GoalStatus;

/**
 * actionlib's server-side bookkeeping of one action's goals, apart from topics and threads: each goal's state and the
 * transitions between states, cancel requests by id, by stamp and for all goals, ids for goals that come without,
 * and how long ended goals stay in the status list. Everything happens under this object's lock; what is to be
 * published or told to the handler goes to the {@link Output}, called under the lock.
 */
final class ActionGoals<G extends Message<G>, R extends Message<R>, F extends Message<F>> {
    /** How long an ended goal stays in the status list, as actionlib's status_list_timeout. */
    static final long RETENTION_NANOS = 5_000_000_000L;

    private static final String[] STATE_NAMES = {"PENDING", "ACTIVE", "PREEMPTED", "SUCCEEDED", "ABORTED",
        "REJECTED", "PREEMPTING", "RECALLING", "RECALLED", "LOST"};

    /** Where the table's effects go; called under the table's lock, so they must not wait. */
    interface Output<G extends Message<G>, R extends Message<R>, F extends Message<F>> {
        /** The status list changed. */
        void statusChanged();

        /** A goal ended: publish its result ({@code result} null for an empty one) with {@code status}. */
        void result(GoalStatus status, R result);

        void feedback(GoalStatus status, F feedback);

        /** A new goal for the handler. */
        void goal(ServerGoal<G, R, F> goal);

        /** A cancel request the handler is to hear of. */
        void cancel(ServerGoal<G, R, F> goal);
    }

    private final String idPrefix;
    private final MessageType<G> goalType;
    private final MessageType<R> resultType;
    private final MessageType<F> feedbackType;
    private final Output<G, R, F> output;
    private final LongSupplier clock;
    private final long retentionNanos;
    private final List<Goal> goals = new ArrayList<>();
    /** The latest stamp of a cancel request, in nanoseconds since the epoch. */
    private long lastCancel;
    private long generated;

    /**
     * @param idPrefix       the start of the ids made for goals that come without (actionlib's is the node's name)
     * @param clock          nanoseconds since the epoch, for stamps and the retention
     * @param retentionNanos how long ended goals stay in the status list
     */
    ActionGoals(String idPrefix, MessageType<G> goalType, MessageType<R> resultType, MessageType<F> feedbackType,
            Output<G, R, F> output, LongSupplier clock, long retentionNanos) {
        this.idPrefix = idPrefix;
        this.goalType = goalType;
        this.resultType = resultType;
        this.feedbackType = feedbackType;
        this.output = output;
        this.clock = clock;
        this.retentionNanos = retentionNanos;
    }

    static String stateName(int status) {
        return status >= 0 && status < STATE_NAMES.length ? STATE_NAMES[status] : "status " + status;
    }

    /**
     * A goal message arrived: a new goal, unless its id is known. A goal whose id a cancel request named before it
     * came ends RECALLED; one stamped at or before the latest cancel request's stamp ends RECALLED without reaching the
     * handler; any other is PENDING and handed to the handler.
     *
     * @return the new goal, or null when the id was known
     */
    synchronized ServerGoal<G, R, F> onGoal(GoalID id, G goal) {
        for (Goal g : goals) {
            if (g.status.goalId.id.equals(id.id)) {
                if (g.placeholder && g.status.status == RECALLING) {
                    g.end(RECALLED, null, "canceled before the goal arrived");
                }
                return null;
            }
        }
        long now = clock.getAsLong();
        Goal g = new Goal(false);
        g.status.goalId.copyFrom(id);
        if (id.id.isEmpty()) {
            RosTime t = new RosTime().setNanos(now);
            g.status.goalId.id = idPrefix + "-" + ++generated + "-" + t.secs + "." + t.nsecs;
            g.status.goalId.stamp.set(t);
        }
        if (isZero(g.status.goalId.stamp)) {
            g.status.goalId.stamp.setNanos(now);
        }
        g.status.status = PENDING;
        g.goal.copyFrom(goal);
        goals.add(g);
        if (!isZero(id.stamp) && id.stamp.toNanos() <= lastCancel) {
            g.end(RECALLED, null, "canceled: its stamp is not after that of an earlier request to cancel all goals "
                    + "up to a time");
            return g;
        }
        output.statusChanged();
        output.goal(g);
        return g;
    }

    /**
     * A cancel request arrived: an empty id and zero stamp cancel every goal, an id that goal, a stamp every goal
     * stamped at or before it (and goals arriving later with such a stamp). PENDING goals become RECALLING, ACTIVE
     * ones PREEMPTING, and the handler hears of each. An id no goal has is kept as RECALLING, for a goal with that id
     * that is still on its way.
     */
    synchronized void onCancel(GoalID cancel) {
        boolean all = cancel.id.isEmpty() && isZero(cancel.stamp);
        boolean byStamp = !isZero(cancel.stamp);
        long stamp = cancel.stamp.toNanos();
        boolean found = false;
        boolean changed = false;
        List<Goal> requested = new ArrayList<>();
        for (Goal g : goals) {
            boolean thisOne = cancel.id.equals(g.status.goalId.id);
            found |= thisOne;
            if (all || thisOne || byStamp && g.status.goalId.stamp.toNanos() <= stamp) {
                int s = g.status.status;
                if (s == PENDING || s == ACTIVE) {
                    g.status.status = s == PENDING ? RECALLING : PREEMPTING;
                    g.cancelRequested = true;
                    requested.add(g);
                    changed = true;
                }
            }
        }
        if (!cancel.id.isEmpty() && !found) {
            Goal placeholder = new Goal(true);
            placeholder.status.goalId.copyFrom(cancel);
            placeholder.status.status = RECALLING;
            placeholder.dropAt = clock.getAsLong() + retentionNanos;
            goals.add(placeholder);
            changed = true;
        }
        if (stamp > lastCancel) {
            lastCancel = stamp;
        }
        if (changed) {
            output.statusChanged();
        }
        for (Goal g : requested) {
            output.cancel(g);
        }
    }

    /** Drops the ended goals whose retention is over and writes the others' statuses into {@code list}. */
    synchronized void fillStatus(MessageSeq<GoalStatus> list) {
        long now = clock.getAsLong();
        for (Iterator<Goal> i = goals.iterator(); i.hasNext();) {
            Goal g = i.next();
            if (g.dropAt != 0 && now - g.dropAt > 0) {
                i.remove();
            }
        }
        list.resize(goals.size());
        for (int i = 0; i < goals.size(); i++) {
            list.get(i).copyFrom(goals.get(i).status);
        }
    }

    /** The goals in the status list, oldest first. */
    synchronized List<ServerGoal<?, ?, ?>> goals() {
        return List.copyOf(goals);
    }

    private static boolean isZero(RosTime t) {
        return t.secs == 0 && t.nsecs == 0;
    }

    private static boolean isTerminal(int status) {
        return status == PREEMPTED || status == SUCCEEDED || status == ABORTED || status == REJECTED
                || status == RECALLED || status == GoalStatus.LOST;
    }

    /** One goal, or the placeholder a cancel request by an unknown id leaves. */
    private final class Goal implements ServerGoal<G, R, F> {
        final GoalStatus status = new GoalStatus();
        final G goal = goalType.create();
        final boolean placeholder;
        boolean cancelRequested;
        /** When an ended goal leaves the status list, in nanoseconds since the epoch; 0 while it has not ended. */
        long dropAt;

        Goal(boolean placeholder) {
            this.placeholder = placeholder;
        }

        @Override
        public String id() {
            synchronized (ActionGoals.this) {
                return status.goalId.id;
            }
        }

        @Override
        public RosTime stamp() {
            synchronized (ActionGoals.this) {
                return new RosTime().set(status.goalId.stamp);
            }
        }

        @Override
        public G goal() {
            return goal;
        }

        @Override
        public int status() {
            synchronized (ActionGoals.this) {
                return status.status;
            }
        }

        @Override
        public String statusText() {
            synchronized (ActionGoals.this) {
                return status.text;
            }
        }

        @Override
        public boolean isCancelRequested() {
            synchronized (ActionGoals.this) {
                return cancelRequested;
            }
        }

        @Override
        public boolean isTerminal() {
            synchronized (ActionGoals.this) {
                return ActionGoals.isTerminal(status.status);
            }
        }

        @Override
        public void accept() {
            synchronized (ActionGoals.this) {
                status.status = switch (status.status) {
                    case PENDING -> ACTIVE;
                    case RECALLING -> PREEMPTING;
                    default -> refuse("accept", "PENDING or RECALLING");
                };
                status.text = "";
                output.statusChanged();
            }
        }

        @Override
        public void reject(String text) {
            synchronized (ActionGoals.this) {
                int s = status.status;
                end(s == PENDING || s == RECALLING ? REJECTED : refuse("reject", "PENDING or RECALLING"), null, text);
            }
        }

        @Override
        public void succeed(R result, String text) {
            synchronized (ActionGoals.this) {
                int s = status.status;
                end(s == ACTIVE || s == PREEMPTING ? SUCCEEDED : refuse("succeed", "ACTIVE or PREEMPTING"), result,
                        text);
            }
        }

        @Override
        public void abort(R result, String text) {
            synchronized (ActionGoals.this) {
                int s = status.status;
                end(s == ACTIVE || s == PREEMPTING ? ABORTED : refuse("abort", "ACTIVE or PREEMPTING"), result, text);
            }
        }

        @Override
        public void canceled(R result, String text) {
            synchronized (ActionGoals.this) {
                int to = switch (status.status) {
                    case PENDING, RECALLING -> RECALLED;
                    case ACTIVE, PREEMPTING -> PREEMPTED;
                    default -> refuse("cancel", "PENDING, RECALLING, ACTIVE or PREEMPTING");
                };
                end(to, result, text);
            }
        }

        @Override
        public boolean publishFeedback(F feedback) {
            synchronized (ActionGoals.this) {
                if (ActionGoals.isTerminal(status.status)) {
                    return false;
                }
                output.feedback(status, feedback);
                return true;
            }
        }

        @Override
        public R newResult() {
            return resultType.create();
        }

        @Override
        public F newFeedback() {
            return feedbackType.create();
        }

        /** Ends the goal in {@code to}: publishes its result and the status list, and starts its retention. */
        void end(int to, R result, String text) {
            status.status = to;
            status.text = text == null ? "" : text;
            dropAt = clock.getAsLong() + retentionNanos;
            output.result(status, result);
            output.statusChanged();
        }

        private int refuse(String transition, String needed) {
            throw new IllegalStateException("cannot " + transition + " goal " + status.goalId.id + ": it is "
                    + stateName(status.status) + " (" + transition + " needs a goal " + needed + ")");
        }

        @Override
        public String toString() {
            synchronized (ActionGoals.this) {
                return "goal " + status.goalId.id + " " + stateName(status.status)
                        + (status.text.isEmpty() ? "" : " (" + status.text + ")");
            }
        }
    }
}
