package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** control_msgs/FollowJointTrajectoryAction: The FollowJointTrajectory action's three envelopes in one message, as actionlib's generator makes it. */
public final class FollowJointTrajectoryAction implements Message<FollowJointTrajectoryAction> {
    public static final MessageType<FollowJointTrajectoryAction> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryAction", Definitions.text("control_msgs/FollowJointTrajectoryAction"), FollowJointTrajectoryAction::new, FollowJointTrajectoryActionGoal.TYPE, FollowJointTrajectoryActionResult.TYPE, FollowJointTrajectoryActionFeedback.TYPE);

    public final FollowJointTrajectoryActionGoal actionGoal = new FollowJointTrajectoryActionGoal();
    public final FollowJointTrajectoryActionResult actionResult = new FollowJointTrajectoryActionResult();
    public final FollowJointTrajectoryActionFeedback actionFeedback = new FollowJointTrajectoryActionFeedback();

    @Override
    public MessageType<FollowJointTrajectoryAction> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return actionGoal.serializedSize() + actionResult.serializedSize() + actionFeedback.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        actionGoal.serialize(out);
        actionResult.serialize(out);
        actionFeedback.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        actionGoal.deserialize(in);
        actionResult.deserialize(in);
        actionFeedback.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryAction other) {
        actionGoal.copyFrom(other.actionGoal);
        actionResult.copyFrom(other.actionResult);
        actionFeedback.copyFrom(other.actionFeedback);
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryAction{actionGoal=" + actionGoal + ", actionResult=" + actionResult + ", actionFeedback=" + actionFeedback
                + "}";
    }
}
