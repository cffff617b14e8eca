package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Point: A position in free space. */
public final class Point implements Message<Point> {
    public static final MessageType<Point> TYPE =
            MessageType.of("geometry_msgs/Point", Definitions.text("geometry_msgs/Point"), Point::new);

    public double x;
    public double y;
    public double z;

    @Override
    public MessageType<Point> type() {
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
    public void copyFrom(Point other) {
        x = other.x;
        y = other.y;
        z = other.z;
    }

    @Override
    public String toString() {
        return "Point{x=" + x + ", y=" + y + ", z=" + z
                + "}";
    }
}
