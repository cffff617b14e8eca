package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Vector3: A vector in free space. */
public final class Vector3 implements Message<Vector3> {
    public static final MessageType<Vector3> TYPE =
            MessageType.of("geometry_msgs/Vector3", Definitions.text("geometry_msgs/Vector3"), Vector3::new);

    public double x;
    public double y;
    public double z;

    @Override
    public MessageType<Vector3> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 24;
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.putDouble(x);
        out.putDouble(y);
        out.putDouble(z);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        x = in.getDouble();
        y = in.getDouble();
        z = in.getDouble();
    }

    @Override
    public void copyFrom(Vector3 other) {
        x = other.x;
        y = other.y;
        z = other.z;
    }

    @Override
    public String toString() {
        return "Vector3{x=" + x + ", y=" + y + ", z=" + z
                + "}";
    }
}
