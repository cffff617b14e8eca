package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionResultMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** control_msgs/FollowJointTrajectoryActionResult: A FollowJointTrajectory result with its goal's final status, as sent on the action's result topic. */
public final class FollowJointTrajectoryActionResult implements Message<FollowJointTrajectoryActionResult>, ActionResultMessage<FollowJointTrajectoryResult> {
    public static final MessageType<FollowJointTrajectoryActionResult> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryActionResult", Definitions.text("control_msgs/FollowJointTrajectoryActionResult"), FollowJointTrajectoryActionResult::new, Header.TYPE, GoalStatus.TYPE, FollowJointTrajectoryResult.TYPE);

    public final Header header = new Header();
    public final GoalStatus status = new GoalStatus();
    public final FollowJointTrajectoryResult result = new FollowJointTrajectoryResult();

    @Override
    public MessageType<FollowJointTrajectoryActionResult> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + status.serializedSize() + result.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        status.serialize(out);
        result.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        status.deserialize(in);
        result.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryActionResult other) {
        header.copyFrom(other.header);
        status.copyFrom(other.status);
        result.copyFrom(other.result);
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
    public FollowJointTrajectoryResult result() {
        return result;
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryActionResult{header=" + header + ", status=" + status + ", result=" + result
                + "}";
    }
}
