package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionGoalMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** control_msgs/FollowJointTrajectoryActionGoal: A FollowJointTrajectory goal with its id, as sent on the action's goal topic. */
public final class FollowJointTrajectoryActionGoal implements Message<FollowJointTrajectoryActionGoal>, ActionGoalMessage<FollowJointTrajectoryGoal> {
    public static final MessageType<FollowJointTrajectoryActionGoal> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryActionGoal", Definitions.text("control_msgs/FollowJointTrajectoryActionGoal"), FollowJointTrajectoryActionGoal::new, Header.TYPE, GoalID.TYPE, FollowJointTrajectoryGoal.TYPE);

    public final Header header = new Header();
    public final GoalID goalId = new GoalID();
    public final FollowJointTrajectoryGoal goal = new FollowJointTrajectoryGoal();

    @Override
    public MessageType<FollowJointTrajectoryActionGoal> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + goalId.serializedSize() + goal.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        goalId.serialize(out);
        goal.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        goalId.deserialize(in);
        goal.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryActionGoal other) {
        header.copyFrom(other.header);
        goalId.copyFrom(other.goalId);
        goal.copyFrom(other.goal);
    }

    @Override
    public Header header() {
        return header;
    }

    @Override
    public GoalID goalId() {
        return goalId;
    }

    @Override
    public FollowJointTrajectoryGoal goal() {
        return goal;
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryActionGoal{header=" + header + ", goalId=" + goalId + ", goal=" + goal
                + "}";
    }
}
