package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.StringSeq;

/** control_msgs/FollowJointTrajectoryFeedback: The joints' desired, actual and error states while a trajectory runs. */
public final class FollowJointTrajectoryFeedback implements Message<FollowJointTrajectoryFeedback> {
    public static final MessageType<FollowJointTrajectoryFeedback> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryFeedback", Definitions.text("control_msgs/FollowJointTrajectoryFeedback"), FollowJointTrajectoryFeedback::new, Header.TYPE, JointTrajectoryPoint.TYPE);

    public final Header header = new Header();
    public final StringSeq jointNames = new StringSeq();
    public final JointTrajectoryPoint desired = new JointTrajectoryPoint();
    public final JointTrajectoryPoint actual = new JointTrajectoryPoint();
    public final JointTrajectoryPoint error = new JointTrajectoryPoint();

    @Override
    public MessageType<FollowJointTrajectoryFeedback> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + jointNames.serializedSize() + desired.serializedSize() + actual.serializedSize() + error.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        jointNames.serialize(out);
        desired.serialize(out);
        actual.serialize(out);
        error.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        jointNames.deserialize(in);
        desired.deserialize(in);
        actual.deserialize(in);
        error.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryFeedback other) {
        header.copyFrom(other.header);
        jointNames.copyFrom(other.jointNames);
        desired.copyFrom(other.desired);
        actual.copyFrom(other.actual);
        error.copyFrom(other.error);
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryFeedback{header=" + header + ", jointNames=" + jointNames + ", desired=" + desired + ", actual=" + actual + ", error=" + error
                + "}";
    }
}
