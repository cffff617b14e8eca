package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Twist: Linear and angular velocity. */
public final class Twist implements Message<Twist> {
    public static final MessageType<Twist> TYPE =
            MessageType.of("geometry_msgs/Twist", Definitions.text("geometry_msgs/Twist"), Twist::new, Vector3.TYPE);

    public final Vector3 linear = new Vector3();
    public final Vector3 angular = new Vector3();

    @Override
    public MessageType<Twist> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return linear.serializedSize() + angular.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        linear.serialize(out);
        angular.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        linear.deserialize(in);
        angular.deserialize(in);
    }

    @Override
    public void copyFrom(Twist other) {
        linear.copyFrom(other.linear);
        angular.copyFrom(other.angular);
    }

    @Override
    public String toString() {
        return "Twist{linear=" + linear + ", angular=" + angular
                + "}";
    }
}
