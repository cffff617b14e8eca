package org.embodia.ros.internal;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.embodia.ros.ActionFeedbackMessage;
import org.embodia.ros.ActionGoalMessage;
import org.embodia.ros.ActionHandler;
import org.embodia.ros.ActionResultMessage;
import org.embodia.ros.ActionType;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosActionServer;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.RosSubscriber;
import org.embodia.ros.ServerGoal;
import org.embodia.ros.msg.GoalID;
import org.embodia.ros.msg.GoalStatus;
import org.embodia.ros.msg.GoalStatusArray;
import org.embodia.ros.msg.Header;

/**
 * An action server: the goal table ({@link ActionGoals}) on the action's five topics. The status list is published
 * by a timer at 5 Hz and on every change; results and feedback go through queued publishers, so that none is
 * replaced by the next; the handler is called on a thread of the server's own.
 */
final class ActionServerImpl<G extends Message<G>, R extends Message<R>, F extends Message<F>>
        implements RosActionServer, ActionGoals.Output<G, R, F> {
    private static final System.Logger LOG = System.getLogger(ActionServerImpl.class.getName());
    private static final long STATUS_PERIOD_MS = 200;

    private final Node node;
    private final String name;
    private final ActionType<G, R, F> type;
    private final ActionHandler<G, R, F> handler;
    private final ActionGoals<G, R, F> goals;
    private final ExecutorService dispatcher;
    private final ScheduledExecutorService timer;
    private final GoalStatusArray statusArray = new GoalStatusArray();
    private final R emptyResult;
    private final F emptyFeedback;
    private RosPublisher<GoalStatusArray> statusPublisher;
    private Outgoing<?, ActionResultMessage<R>> results;
    private Outgoing<?, ActionFeedbackMessage<F>> feedbacks;
    private RosSubscriber<?> goalSubscriber;
    private RosSubscriber<?> cancelSubscriber;
    private volatile boolean closed;

    private ActionServerImpl(Node node, String name, ActionType<G, R, F> type, ActionHandler<G, R, F> handler) {
        this.node = node;
        this.name = name;
        this.type = type;
        this.handler = handler;
        this.goals = new ActionGoals<>(node.name(), type.goal(), type.result(), type.feedback(), this,
                ActionServerImpl::epochNanos, ActionGoals.RETENTION_NANOS);
        this.emptyResult = type.result().create();
        this.emptyFeedback = type.feedback().create();
        String thread = "ros " + node.name() + " action " + name;
        this.dispatcher = Executors.newSingleThreadExecutor(r -> daemon(r, thread));
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, thread + " status"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Advertises the action's topics, then subscribes, so that a goal that comes can be answered. */
    static <G extends Message<G>, R extends Message<R>, F extends Message<F>> ActionServerImpl<G, R, F> start(Node node,
            String name, ActionType<G, R, F> type, ActionHandler<G, R, F> handler) {
        ActionServerImpl<G, R, F> server = new ActionServerImpl<>(node, name, type, handler);
        try {
            server.open();
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void open() {
        statusPublisher = node.advertise(name + "/status", GoalStatusArray.TYPE, true);
        results = outgoingResults(type.actionResult());
        feedbacks = outgoingFeedback(type.actionFeedback());
        goalSubscriber = subscribe(name + "/goal", type.actionGoal(), this::onGoal);
        cancelSubscriber = subscribe(name + "/cancel", GoalID.TYPE, goals::onCancel);
        node.addActionServer(this);
        timer.scheduleAtFixedRate(this::publishStatusQuietly, 0, STATUS_PERIOD_MS, TimeUnit.MILLISECONDS);
    }

    private <A extends Message<A> & ActionResultMessage<R>> Outgoing<A, ActionResultMessage<R>> outgoingResults(
            MessageType<A> t) {
        A message = t.create();
        return new Outgoing<>(node.advertise(name + "/result", t, false, true), message, message);
    }

    private <A extends Message<A> & ActionFeedbackMessage<F>> Outgoing<A, ActionFeedbackMessage<F>>
            outgoingFeedback(MessageType<A> t) {
        A message = t.create();
        return new Outgoing<>(node.advertise(name + "/feedback", t, false, true), message, message);
    }

    /** Subscribes leniently: a message that does not deserialize is logged and dropped, the connection kept. */
    private <A extends Message<A>> RosSubscriber<Lenient<A>> subscribe(String topic, MessageType<A> t,
            Consumer<A> consumer) {
        return node.subscribe(topic, Lenient.typeOf(t), m -> {
            if (m.error != null) {
                LOG.log(System.Logger.Level.WARNING, "{0}: dropped a {1} that does not deserialize: {2}", topic,
                        t.name(), m.error.toString());
            } else {
                consumer.accept(m.message);
            }
        });
    }

    private void onGoal(ActionGoalMessage<G> message) {
        goals.onGoal(message.goalId(), message.goal());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ActionType<?, ?, ?> type() {
        return type;
    }

    @Override
    public List<ServerGoal<?, ?, ?>> goals() {
        return goals.goals();
    }

    // ---- the goal table's output, under its lock

    @Override
    public void statusChanged() {
        publishStatus();
    }

    @Override
    public void result(GoalStatus status, R result) {
        ActionResultMessage<R> m = results.view;
        stamp(m.header());
        m.status().copyFrom(status);
        m.result().copyFrom(result == null ? emptyResult : result);
        results.send();
    }

    @Override
    public void feedback(GoalStatus status, F feedback) {
        ActionFeedbackMessage<F> m = feedbacks.view;
        stamp(m.header());
        m.status().copyFrom(status);
        m.feedback().copyFrom(feedback == null ? emptyFeedback : feedback);
        feedbacks.send();
    }

    @Override
    public void goal(ServerGoal<G, R, F> goal) {
        dispatch(() -> callGoal(goal));
    }

    @Override
    public void cancel(ServerGoal<G, R, F> goal) {
        dispatch(() -> callCancel(goal));
    }

    private static void stamp(Header header) {
        header.seq++;
        header.stamp.setNanos(epochNanos());
    }

    private void publishStatus() {
        synchronized (goals) {
            if (statusPublisher == null) {
                return;
            }
            stamp(statusArray.header);
            goals.fillStatus(statusArray.statusList);
            statusPublisher.publish(statusArray);
        }
    }

    /** The timer's: an exception would cancel the timer, so it is logged instead. */
    private void publishStatusQuietly() {
        try {
            publishStatus();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, name + ": publishing the status list failed", e);
        }
    }

    // ---- the handler, on the dispatcher's thread

    private void dispatch(Runnable call) {
        if (closed) {
            return;
        }
        try {
            dispatcher.execute(call);
        } catch (RejectedExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "{0}: closed; a handler call is dropped", name);
        }
    }

    private void callGoal(ServerGoal<G, R, F> goal) {
        try {
            handler.goal(goal);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, name + ": the handler failed on " + goal, e);
            int s = goal.status();
            if (s == GoalStatus.PENDING || s == GoalStatus.RECALLING) {
                try {
                    goal.reject("the action server failed on the goal: " + e);
                } catch (IllegalStateException raced) {
                    LOG.log(System.Logger.Level.DEBUG, "{0}: {1}", name, raced.getMessage());
                }
            }
        }
    }

    private void callCancel(ServerGoal<G, R, F> goal) {
        try {
            handler.cancel(goal);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, name + ": the handler failed on a cancel request for " + goal, e);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        node.removeActionServer(this);
        closeQuietly(goalSubscriber);
        closeQuietly(cancelSubscriber);
        timer.shutdownNow();
        dispatcher.shutdownNow();
        closeQuietly(statusPublisher);
        closeQuietly(results == null ? null : results.publisher);
        closeQuietly(feedbacks == null ? null : feedbacks.publisher);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.DEBUG, "closing {0} failed: {1}", c, e);
        }
    }

    @Override
    public String toString() {
        return "action server " + name + " (" + type.name() + ")";
    }

    /** A queued publisher and its one message, seen as an action message ({@code view} is {@code message}). */
    private static final class Outgoing<A extends Message<A>, V> {
        final RosPublisher<A> publisher;
        final A message;
        final V view;

        Outgoing(RosPublisher<A> publisher, A message, V view) {
            this.publisher = publisher;
            this.message = message;
            this.view = view;
        }

        void send() {
            publisher.publish(message);
        }
    }
}
