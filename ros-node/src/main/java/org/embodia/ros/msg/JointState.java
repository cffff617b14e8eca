package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.DoubleSeq;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.StringSeq;

/** sensor_msgs/JointState: The state of a set of joints: names, positions, velocities, efforts. */
public final class JointState implements Message<JointState> {
    public static final MessageType<JointState> TYPE =
            MessageType.of("sensor_msgs/JointState", Definitions.text("sensor_msgs/JointState"), JointState::new, Header.TYPE);

    public final Header header = new Header();
    public final StringSeq name = new StringSeq();
    public final DoubleSeq position = new DoubleSeq();
    public final DoubleSeq velocity = new DoubleSeq();
    public final DoubleSeq effort = new DoubleSeq();

    @Override
    public MessageType<JointState> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + name.serializedSize() + position.serializedSize() + velocity.serializedSize() + effort.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        name.serialize(out);
        position.serialize(out);
        velocity.serialize(out);
        effort.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        name.deserialize(in);
        position.deserialize(in);
        velocity.deserialize(in);
        effort.deserialize(in);
    }

    @Override
    public void copyFrom(JointState other) {
        header.copyFrom(other.header);
        name.copyFrom(other.name);
        position.copyFrom(other.position);
        velocity.copyFrom(other.velocity);
        effort.copyFrom(other.effort);
    }

    @Override
    public String toString() {
        return "JointState{header=" + header + ", name=" + name + ", position=" + position + ", velocity=" + velocity + ", effort=" + effort
                + "}";
    }
}
