package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.DoubleSeq;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosDuration;

/** trajectory_msgs/JointTrajectoryPoint: One point of a joint trajectory. */
public final class JointTrajectoryPoint implements Message<JointTrajectoryPoint> {
    public static final MessageType<JointTrajectoryPoint> TYPE =
            MessageType.of("trajectory_msgs/JointTrajectoryPoint", Definitions.text("trajectory_msgs/JointTrajectoryPoint"), JointTrajectoryPoint::new);

    public final DoubleSeq positions = new DoubleSeq();
    public final DoubleSeq velocities = new DoubleSeq();
    public final DoubleSeq accelerations = new DoubleSeq();
    public final DoubleSeq effort = new DoubleSeq();
    public final RosDuration timeFromStart = new RosDuration();

    @Override
    public MessageType<JointTrajectoryPoint> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 8 + positions.serializedSize() + velocities.serializedSize() + accelerations.serializedSize() + effort.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        positions.serialize(out);
        velocities.serialize(out);
        accelerations.serialize(out);
        effort.serialize(out);
        timeFromStart.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        positions.deserialize(in);
        velocities.deserialize(in);
        accelerations.deserialize(in);
        effort.deserialize(in);
        timeFromStart.deserialize(in);
    }

    @Override
    public void copyFrom(JointTrajectoryPoint other) {
        positions.copyFrom(other.positions);
        velocities.copyFrom(other.velocities);
        accelerations.copyFrom(other.accelerations);
        effort.copyFrom(other.effort);
        timeFromStart.set(other.timeFromStart);
    }

    @Override
    public String toString() {
        return "JointTrajectoryPoint{positions=" + positions + ", velocities=" + velocities + ", accelerations=" + accelerations + ", effort=" + effort + ", timeFromStart=" + timeFromStart
                + "}";
    }
}
