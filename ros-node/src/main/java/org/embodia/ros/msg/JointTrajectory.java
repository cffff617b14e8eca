package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;
import org.embodia.ros.StringSeq;

/** trajectory_msgs/JointTrajectory: A trajectory of a set of joints. */
public final class JointTrajectory implements Message<JointTrajectory> {
    public static final MessageType<JointTrajectory> TYPE =
            MessageType.of("trajectory_msgs/JointTrajectory", Definitions.text("trajectory_msgs/JointTrajectory"), JointTrajectory::new, Header.TYPE, JointTrajectoryPoint.TYPE);

    public final Header header = new Header();
    public final StringSeq jointNames = new StringSeq();
    public final MessageSeq<JointTrajectoryPoint> points = new MessageSeq<>(JointTrajectoryPoint.TYPE);

    @Override
    public MessageType<JointTrajectory> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + jointNames.serializedSize() + points.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        jointNames.serialize(out);
        points.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        jointNames.deserialize(in);
        points.deserialize(in);
    }

    @Override
    public void copyFrom(JointTrajectory other) {
        header.copyFrom(other.header);
        jointNames.copyFrom(other.jointNames);
        points.copyFrom(other.points);
    }

    @Override
    public String toString() {
        return "JointTrajectory{header=" + header + ", jointNames=" + jointNames + ", points=" + points
                + "}";
    }
}
