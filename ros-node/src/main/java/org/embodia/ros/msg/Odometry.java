package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** nav_msgs/Odometry: An estimate of position and velocity in free space. */
public final class Odometry implements Message<Odometry> {
    public static final MessageType<Odometry> TYPE =
            MessageType.of("nav_msgs/Odometry", Definitions.text("nav_msgs/Odometry"), Odometry::new, Header.TYPE, PoseWithCovariance.TYPE, TwistWithCovariance.TYPE);

    public final Header header = new Header();
    public String childFrameId = "";
    public final PoseWithCovariance pose = new PoseWithCovariance();
    public final TwistWithCovariance twist = new TwistWithCovariance();

    @Override
    public MessageType<Odometry> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + Wire.stringSize(childFrameId) + pose.serializedSize() + twist.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        Wire.putString(out, childFrameId);
        pose.serialize(out);
        twist.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        childFrameId = Wire.getString(in, childFrameId);
        pose.deserialize(in);
        twist.deserialize(in);
    }

    @Override
    public void copyFrom(Odometry other) {
        header.copyFrom(other.header);
        childFrameId = other.childFrameId;
        pose.copyFrom(other.pose);
        twist.copyFrom(other.twist);
    }

    @Override
    public String toString() {
        return "Odometry{header=" + header + ", childFrameId=" + childFrameId + ", pose=" + pose + ", twist=" + twist
                + "}";
    }
}
