package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosDuration;

/** control_msgs/FollowJointTrajectoryGoal: A trajectory for the joints to follow, with the tolerances on its path and end. */
public final class FollowJointTrajectoryGoal implements Message<FollowJointTrajectoryGoal> {
    public static final MessageType<FollowJointTrajectoryGoal> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryGoal", Definitions.text("control_msgs/FollowJointTrajectoryGoal"), FollowJointTrajectoryGoal::new, JointTrajectory.TYPE, JointTolerance.TYPE);

    public final JointTrajectory trajectory = new JointTrajectory();
    /** Bounds on the error while the trajectory runs; a joint not named takes the default. */
    public final MessageSeq<JointTolerance> pathTolerance = new MessageSeq<>(JointTolerance.TYPE);
    /** Bounds on the error at the trajectory's end. */
    public final MessageSeq<JointTolerance> goalTolerance = new MessageSeq<>(JointTolerance.TYPE);
    /** How long after the trajectory's end the joints may take to come within goalTolerance. */
    public final RosDuration goalTimeTolerance = new RosDuration();

    @Override
    public MessageType<FollowJointTrajectoryGoal> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 8 + trajectory.serializedSize() + pathTolerance.serializedSize() + goalTolerance.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        trajectory.serialize(out);
        pathTolerance.serialize(out);
        goalTolerance.serialize(out);
        goalTimeTolerance.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        trajectory.deserialize(in);
        pathTolerance.deserialize(in);
        goalTolerance.deserialize(in);
        goalTimeTolerance.deserialize(in);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryGoal other) {
        trajectory.copyFrom(other.trajectory);
        pathTolerance.copyFrom(other.pathTolerance);
        goalTolerance.copyFrom(other.goalTolerance);
        goalTimeTolerance.set(other.goalTimeTolerance);
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryGoal{trajectory=" + trajectory + ", pathTolerance=" + pathTolerance + ", goalTolerance=" + goalTolerance + ", goalTimeTolerance=" + goalTimeTolerance
                + "}";
    }
}
