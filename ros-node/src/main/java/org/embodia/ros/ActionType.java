package org.embodia.ros;

import java.util.Objects;

/**
 * An actionlib action type: its name ("control_msgs/FollowJointTrajectory") and the three messages actionlib's
 * generator makes for its topics, "&lt;name&gt;ActionGoal", "&lt;name&gt;ActionResult" and
 * "&lt;name&gt;ActionFeedback", whose Java classes give their header, goal id or status and inner message by type
 * ({@link ActionGoalMessage}, {@link ActionResultMessage}, {@link ActionFeedbackMessage}).
 *
 * @param <G> the goal's type ("&lt;name&gt;Goal")
 * @param <R> the result's type ("&lt;name&gt;Result")
 * @param <F> the feedback's type ("&lt;name&gt;Feedback")
 * @since 1.1
 */
public final class ActionType<G extends Message<G>, R extends Message<R>, F extends Message<F>> {
    private final String name;
    private final MessageType<? extends ActionGoalMessage<G>> actionGoal;
    private final MessageType<? extends ActionResultMessage<R>> actionResult;
    private final MessageType<? extends ActionFeedbackMessage<F>> actionFeedback;
    private final MessageType<G> goal;
    private final MessageType<R> result;
    private final MessageType<F> feedback;

    private ActionType(String name, MessageType<? extends ActionGoalMessage<G>> actionGoal,
            MessageType<? extends ActionResultMessage<R>> actionResult,
            MessageType<? extends ActionFeedbackMessage<F>> actionFeedback) {
        this.name = Objects.requireNonNull(name, "name");
        this.actionGoal = actionGoal;
        this.actionResult = actionResult;
        this.actionFeedback = actionFeedback;
        this.goal = actionGoal.create().goal().type();
        this.result = actionResult.create().result().type();
        this.feedback = actionFeedback.create().feedback().type();
        check(actionGoal, "ActionGoal");
        check(actionResult, "ActionResult");
        check(actionFeedback, "ActionFeedback");
        check(goal, "Goal");
        check(result, "Result");
        check(feedback, "Feedback");
    }

    private void check(MessageType<?> type, String suffix) {
        if (!type.name().equals(name + suffix)) {
            throw new IllegalArgumentException("the action " + name + "'s " + suffix + " type is " + name + suffix
                    + ", not " + type.name());
        }
    }

    /**
     * An action type from its three topic messages' types.
     *
     * @param name           the ROS name, "package/Name"
     * @param actionGoal     "package/NameActionGoal"
     * @param actionResult   "package/NameActionResult"
     * @param actionFeedback "package/NameActionFeedback"
     * @throws IllegalArgumentException when a type's name is not the one actionlib gives it
     */
    public static <AG extends Message<AG> & ActionGoalMessage<G>, AR extends Message<AR> & ActionResultMessage<R>,
            AF extends Message<AF> & ActionFeedbackMessage<F>, G extends Message<G>, R extends Message<R>,
            F extends Message<F>> ActionType<G, R, F> of(String name, MessageType<AG> actionGoal,
                    MessageType<AR> actionResult, MessageType<AF> actionFeedback) {
        return new ActionType<>(name, Objects.requireNonNull(actionGoal, "actionGoal"),
                Objects.requireNonNull(actionResult, "actionResult"),
                Objects.requireNonNull(actionFeedback, "actionFeedback"));
    }

    /** The ROS name, "package/Name". */
    public String name() {
        return name;
    }

    /** The type of the goal topic's messages. */
    public MessageType<? extends ActionGoalMessage<G>> actionGoal() {
        return actionGoal;
    }

    /** The type of the result topic's messages. */
    public MessageType<? extends ActionResultMessage<R>> actionResult() {
        return actionResult;
    }

    /** The type of the feedback topic's messages. */
    public MessageType<? extends ActionFeedbackMessage<F>> actionFeedback() {
        return actionFeedback;
    }

    /** The goal's type. */
    public MessageType<G> goal() {
        return goal;
    }

    /** The result's type. */
    public MessageType<R> result() {
        return result;
    }

    /** The feedback's type. */
    public MessageType<F> feedback() {
        return feedback;
    }

    @Override
    public String toString() {
        return name + " [" + actionGoal.md5sum() + "]";
    }
}
