package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionFeedbackMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** control_msgs/FollowJointTrajectoryActionFeedback: A FollowJointTrajectory feedback with its goal's status, as sent on the action's feedback topic. */
public final class FollowJointTrajectoryActionFeedback implements Message<FollowJointTrajectoryActionFeedback>, ActionFeedbackMessage<FollowJointTrajectoryFeedback> {
    public static final MessageType<FollowJointTrajectoryActionFeedback> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryActionFeedback", Definitions.text("control_msgs/FollowJointTrajectoryActionFeedback"), FollowJointTrajectoryActionFeedback::new, Header.TYPE, GoalStatus.TYPE, FollowJointTrajectoryFeedback.TYPE);

    public final Header header = new Header();
    public final GoalStatus status = new GoalStatus();
    public final FollowJointTrajectoryFeedback feedback = new FollowJointTrajectoryFeedback();

    @Override
    public MessageType<FollowJointTrajectoryActionFeedback> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + status.serializedSize() + feedback.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        status.serialize(out);
        feedback.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        status.deserialize(in);
        feedback.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryActionFeedback other) {
        header.copyFrom(other.header);
        status.copyFrom(other.status);
        feedback.copyFrom(other.feedback);
    }

    @Override
    public Header header() {
        return header;
    }

    @Override
    public GoalStatus status() {
        return status;
    }

    @Override
    public FollowJointTrajectoryFeedback feedback() {
        return feedback;
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryActionFeedback{header=" + header + ", status=" + status + ", feedback=" + feedback
                + "}";
    }
}
