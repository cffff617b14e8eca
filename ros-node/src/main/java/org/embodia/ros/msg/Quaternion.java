package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Quaternion: An orientation in free space as a quaternion. */
public final class Quaternion implements Message<Quaternion> {
    public static final MessageType<Quaternion> TYPE =
            MessageType.of("geometry_msgs/Quaternion", Definitions.text("geometry_msgs/Quaternion"), Quaternion::new);

    public double x;
    public double y;
    public double z;
    public double w;

    @Override
    public MessageType<Quaternion> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 32;
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.putDouble(x);
        out.putDouble(y);
        out.putDouble(z);
        out.putDouble(w);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        x = in.getDouble();
        y = in.getDouble();
        z = in.getDouble();
        w = in.getDouble();
    }

    @Override
    public void copyFrom(Quaternion other) {
        x = other.x;
        y = other.y;
        z = other.z;
        w = other.w;
    }

    @Override
    public String toString() {
        return "Quaternion{x=" + x + ", y=" + y + ", z=" + z + ", w=" + w
                + "}";
    }
}
