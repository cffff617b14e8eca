package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** geometry_msgs/TwistWithCovariance: A twist with its 6x6 covariance, row major. */
public final class TwistWithCovariance implements Message<TwistWithCovariance> {
    public static final MessageType<TwistWithCovariance> TYPE =
            MessageType.of("geometry_msgs/TwistWithCovariance", Definitions.text("geometry_msgs/TwistWithCovariance"), TwistWithCovariance::new, Twist.TYPE);

    public final Twist twist = new Twist();
    public final double[] covariance = new double[36];

    @Override
    public MessageType<TwistWithCovariance> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 288 + twist.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        twist.serialize(out);
        Wire.putDoubles(out, covariance);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        twist.deserialize(in);
        Wire.getDoubles(in, covariance);
    }

    @Override
    public void copyFrom(TwistWithCovariance other) {
        twist.copyFrom(other.twist);
        System.arraycopy(other.covariance, 0, covariance, 0, 36);
    }

    @Override
    public String toString() {
        return "TwistWithCovariance{twist=" + twist + ", covariance=" + java.util.Arrays.toString(covariance)
                + "}";
    }
}
