package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Pose: A position and orientation. */
public final class Pose implements Message<Pose> {
    public static final MessageType<Pose> TYPE =
            MessageType.of("geometry_msgs/Pose", Definitions.text("geometry_msgs/Pose"), Pose::new, Point.TYPE, Quaternion.TYPE);

    public final Point position = new Point();
    public final Quaternion orientation = new Quaternion();

    @Override
    public MessageType<Pose> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return position.serializedSize() + orientation.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        position.serialize(out);
        orientation.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        position.deserialize(in);
        orientation.deserialize(in);
    }

    @Override
    public void copyFrom(Pose other) {
        position.copyFrom(other.position);
        orientation.copyFrom(other.orientation);
    }

    @Override
    public String toString() {
        return "Pose{position=" + position + ", orientation=" + orientation
                + "}";
    }
}
