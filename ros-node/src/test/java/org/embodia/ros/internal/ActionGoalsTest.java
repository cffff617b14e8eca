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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;
import org.embodia.ros.ServerGoal;
import org.embodia.ros.msg.CartImp;
import org.embodia.ros.msg.CartImpFeedback;
import org.embodia.ros.msg.CartImpGoal;
import org.embodia.ros.msg.CartImpResult;
import org.embodia.ros.msg.GoalID;
import org.embodia.ros.msg.GoalStatus;
import org.junit.jupiter.api.Test;

/** actionlib's server state machine, without ROS: transitions, cancel requests, ids and the status list's retention. */
class ActionGoalsTest {
    private static final long SECOND = 1_000_000_000L;

    /** What the table published and told the handler, in order. */
    private final List<String> events = new ArrayList<>();
    private final List<GoalStatus> results = new ArrayList<>();
    private final List<ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback>> handed = new ArrayList<>();
    private final List<ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback>> cancels = new ArrayList<>();
    private long now = 1_000 * SECOND;
    private final ActionGoals<CartImpGoal, CartImpResult, CartImpFeedback> table = new ActionGoals<>("/node",
            CartImp.TYPE.goal(), CartImp.TYPE.result(), CartImp.TYPE.feedback(), new Recorder(), () -> now,
            ActionGoals.RETENTION_NANOS);

    private final class Recorder implements ActionGoals.Output<CartImpGoal, CartImpResult, CartImpFeedback> {
        @Override
        public void statusChanged() {
            events.add("status");
        }

        @Override
        public void result(GoalStatus status, CartImpResult result) {
            GoalStatus copy = new GoalStatus();
            copy.copyFrom(status);
            results.add(copy);
            events.add("result " + status.goalId.id + " " + ActionGoals.stateName(status.status) + " "
                    + (result == null ? "empty" : result.errorCode));
        }

        @Override
        public void feedback(GoalStatus status, CartImpFeedback feedback) {
            events.add("feedback " + status.goalId.id + " " + feedback.actual.position.x);
        }

        @Override
        public void goal(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> goal) {
            handed.add(goal);
        }

        @Override
        public void cancel(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> goal) {
            cancels.add(goal);
        }
    }

    private static GoalID id(String id, long stampSeconds) {
        GoalID g = new GoalID();
        g.id = id;
        g.stamp.set(stampSeconds, 0);
        return g;
    }

    private ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> arrive(String id, long stampSeconds) {
        CartImpGoal goal = new CartImpGoal();
        goal.pose.position.x = 0.5;
        return table.onGoal(id(id, stampSeconds), goal);
    }

    private List<String> statusList() {
        MessageSeq<GoalStatus> list = new MessageSeq<>(GoalStatus.TYPE);
        table.fillStatus(list);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            out.add(list.get(i).goalId.id + " " + ActionGoals.stateName(list.get(i).status));
        }
        return out;
    }

    @Test
    void aGoalIsAcceptedAndEndsOnce() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g = arrive("g1", 10);
        assertEquals(List.of(g), handed);
        assertEquals(PENDING, g.status());
        assertEquals(0.5, g.goal().pose.position.x);
        g.accept();
        assertEquals(ACTIVE, g.status());
        CartImpFeedback f = g.newFeedback();
        f.actual.position.x = 0.25;
        assertTrue(g.publishFeedback(f));
        CartImpResult r = g.newResult();
        r.errorCode = CartImpResult.SUCCESSFUL;
        g.succeed(r, "arrived");
        assertEquals(SUCCEEDED, g.status());
        assertEquals("arrived", g.statusText());
        assertTrue(g.isTerminal());
        assertEquals(List.of("status", "status", "feedback g1 0.25", "result g1 SUCCEEDED 0", "status"), events);
        assertEquals("arrived", results.get(0).text);

        events.clear();
        for (Runnable illegal : List.<Runnable>of(g::accept, () -> g.reject("no"), () -> g.succeed(null, ""),
                () -> g.abort(null, ""), () -> g.canceled(null, ""))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, illegal::run);
            assertTrue(e.getMessage().contains("goal g1: it is SUCCEEDED"), e.getMessage());
        }
        assertFalse(g.publishFeedback(f));
        assertEquals(SUCCEEDED, g.status());
        assertEquals(List.of(), events, "a refused transition publishes nothing");
    }

    @Test
    void eachStateAllowsItsTransitionsOnly() {
        record Case(String name, Consumer<ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback>> setUp,
                int from) {
        }
        List<Case> cases = List.of(new Case("pending", g -> { }, PENDING),
                new Case("active", ServerGoal::accept, ACTIVE),
                new Case("recalling", g -> table.onCancel(id(g.id(), 0)), RECALLING),
                new Case("preempting", g -> {
                    g.accept();
                    table.onCancel(id(g.id(), 0));
                }, PREEMPTING));
        // what each transition leads to from each state; -1: refused
        int[][] expected = {
            // accept, reject, succeed, abort, canceled
            {ACTIVE, REJECTED, -1, -1, RECALLED},
            {-1, -1, SUCCEEDED, ABORTED, PREEMPTED},
            {PREEMPTING, REJECTED, -1, -1, RECALLED},
            {-1, -1, SUCCEEDED, ABORTED, PREEMPTED},
        };
        List<String> transitions = List.of("accept", "reject", "succeed", "abort", "cancel");
        int n = 0;
        for (int c = 0; c < cases.size(); c++) {
            for (int t = 0; t < transitions.size(); t++) {
                ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g = arrive("g" + ++n, 10);
                cases.get(c).setUp().accept(g);
                assertEquals(cases.get(c).from(), g.status(), cases.get(c).name());
                int resultsBefore = results.size();
                Runnable transition = switch (t) {
                    case 0 -> g::accept;
                    case 1 -> () -> g.reject("rejected");
                    case 2 -> () -> g.succeed(g.newResult(), "done");
                    case 3 -> () -> g.abort(g.newResult(), "failed");
                    default -> () -> g.canceled(null, "stopped");
                };
                String what = transitions.get(t) + " from " + cases.get(c).name();
                if (expected[c][t] < 0) {
                    IllegalStateException e = assertThrows(IllegalStateException.class, transition::run, what);
                    assertTrue(e.getMessage().startsWith("cannot " + transitions.get(t) + " goal " + g.id()),
                            e.getMessage());
                    assertEquals(cases.get(c).from(), g.status(), what + " changed the state");
                    assertEquals(resultsBefore, results.size(), what + " published a result");
                } else {
                    transition.run();
                    assertEquals(ActionGoals.stateName(expected[c][t]), ActionGoals.stateName(g.status()), what);
                    boolean terminal = expected[c][t] != ACTIVE && expected[c][t] != PREEMPTING;
                    assertEquals(terminal ? resultsBefore + 1 : resultsBefore, results.size(), what + "'s result");
                    assertEquals(terminal, g.isTerminal(), what);
                }
            }
        }
    }

    @Test
    void cancelByIdReachesThatGoalOnlyAndWaitsForOneNotYetCome() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> a = arrive("a", 10);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> b = arrive("b", 11);
        a.accept();
        table.onCancel(id("a", 0));
        assertEquals(PREEMPTING, a.status());
        assertTrue(a.isCancelRequested());
        assertEquals(PENDING, b.status());
        assertFalse(b.isCancelRequested());
        assertEquals(List.of(a), cancels);
        table.onCancel(id("a", 0));
        assertEquals(List.of(a), cancels, "a second request for a goal already cancelled is not passed on");

        table.onCancel(id("later", 0));
        assertEquals(List.of("a PREEMPTING", "b PENDING", "later RECALLING"), statusList());
        assertNull(arrive("later", 12), "the goal a cancel request named before it came");
        assertEquals(2, handed.size(), "it never reaches the handler");
        assertEquals(List.of("a PREEMPTING", "b PENDING", "later RECALLED"), statusList());
        assertEquals("result later RECALLED empty", events.get(events.size() - 2));
        assertNull(arrive("a", 13), "a goal id already known");
    }

    @Test
    void cancelAllReachesEveryGoalNotEnded() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> pending = arrive("p", 10);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> active = arrive("a", 20);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> done = arrive("d", 30);
        active.accept();
        done.reject("no");
        table.onCancel(new GoalID());
        assertEquals(RECALLING, pending.status());
        assertEquals(PREEMPTING, active.status());
        assertEquals(REJECTED, done.status());
        assertEquals(List.of(pending, active), cancels);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> next = arrive("n", 40);
        assertEquals(PENDING, next.status(), "cancel-all leaves later goals alone");
    }

    @Test
    void cancelByStampReachesGoalsStampedUpToItAndLaterArrivalsSoStamped() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> early = arrive("early", 10);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> atStamp = arrive("at", 20);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> late = arrive("late", 30);
        early.accept();
        table.onCancel(id("", 20));
        assertEquals(PREEMPTING, early.status());
        assertEquals(RECALLING, atStamp.status());
        assertEquals(PENDING, late.status());
        assertEquals(List.of(early, atStamp), cancels);

        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> straggler = arrive("straggler", 15);
        assertEquals(RECALLED, straggler.status(), "a goal stamped before the cancel request that arrives after it");
        assertFalse(handed.contains(straggler));
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> unstamped = arrive("unstamped", 0);
        assertEquals(PENDING, unstamped.status(), "a zero stamp is not before the request");
        assertEquals(now, unstamped.stamp().toNanos(), "a goal without a stamp is stamped on arrival");
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> after = arrive("after", 21);
        assertEquals(PENDING, after.status());

        table.onCancel(id("", 5));
        assertEquals(PENDING, after.status(), "an older cancel stamp does not move the latest back");
        assertEquals(RECALLED, arrive("again", 20).status());
    }

    @Test
    void aGoalWithoutIdGetsOne() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> first = arrive("", 0);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> second = arrive("", 0);
        assertEquals("/node-1-1000.0", first.id());
        assertEquals("/node-2-1000.0", second.id());
        assertEquals(now, first.stamp().toNanos());
        assertEquals(2, handed.size());
    }

    @Test
    void endedGoalsStayInTheStatusListForTheRetentionTime() {
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> ended = arrive("ended", 10);
        ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> running = arrive("running", 11);
        running.accept();
        ended.reject("no");
        now += 4 * SECOND;
        assertEquals(List.of("ended REJECTED", "running ACTIVE"), statusList());
        now += ActionGoals.RETENTION_NANOS - 4 * SECOND;
        assertEquals(List.of("ended REJECTED", "running ACTIVE"), statusList(), "kept until the retention has passed");
        now += 1;
        assertEquals(List.of("running ACTIVE"), statusList());
        now += 3600 * SECOND;
        assertEquals(List.of("running ACTIVE"), statusList(), "a goal not ended stays");
        assertEquals(List.of(running), table.goals());
    }

    @Test
    void aMessageThatDoesNotDeserializeIsKeptAsAnError() {
        MessageType<Lenient<GoalID>> type = Lenient.typeOf(GoalID.TYPE);
        assertEquals(GoalID.TYPE.md5sum(), type.md5sum());
        assertEquals(GoalID.TYPE.definition(), type.definition());
        Lenient<GoalID> m = type.create();
        m.deserialize(ByteBuffer.wrap(new byte[] {1, 2, 3}).order(ByteOrder.LITTLE_ENDIAN));
        assertNotNull(m.error);
        GoalID good = id("fine", 7);
        ByteBuffer bytes = ByteBuffer.allocate(good.serializedSize() + 2).order(ByteOrder.LITTLE_ENDIAN);
        good.serialize(bytes);
        m.deserialize(bytes.flip());
        assertNull(m.error);
        assertEquals("fine", m.message.id);
        assertEquals(0, bytes.remaining(), "bytes after the message are used up");
    }
}
