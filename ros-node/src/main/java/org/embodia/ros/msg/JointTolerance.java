package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** control_msgs/JointTolerance: How far a joint may stray from its set points; 0 keeps the controller's default, -1 removes the limit. */
public final class JointTolerance implements Message<JointTolerance> {
    public static final MessageType<JointTolerance> TYPE =
            MessageType.of("control_msgs/JointTolerance", Definitions.text("control_msgs/JointTolerance"), JointTolerance::new);

    public String name = "";
    public double position;
    public double velocity;
    public double acceleration;

    @Override
    public MessageType<JointTolerance> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 24 + Wire.stringSize(name);
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putString(out, name);
        out.putDouble(position);
        out.putDouble(velocity);
        out.putDouble(acceleration);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        name = Wire.getString(in, name);
        position = in.getDouble();
        velocity = in.getDouble();
        acceleration = in.getDouble();
    }

    @Override
    public void copyFrom(JointTolerance other) {
        name = other.name;
        position = other.position;
        velocity = other.velocity;
        acceleration = other.acceleration;
    }

    @Override
    public String toString() {
        return "JointTolerance{name=" + name + ", position=" + position + ", velocity=" + velocity + ", acceleration=" + acceleration
                + "}";
    }
}
