package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** geometry_msgs/PoseWithCovariance: A pose with its 6x6 covariance, row major. */
public final class PoseWithCovariance implements Message<PoseWithCovariance> {
    public static final MessageType<PoseWithCovariance> TYPE =
            MessageType.of("geometry_msgs/PoseWithCovariance", Definitions.text("geometry_msgs/PoseWithCovariance"), PoseWithCovariance::new, Pose.TYPE);

    public final Pose pose = new Pose();
    public final double[] covariance = new double[36];

    @Override
    public MessageType<PoseWithCovariance> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 288 + pose.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        pose.serialize(out);
        Wire.putDoubles(out, covariance);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        pose.deserialize(in);
        Wire.getDoubles(in, covariance);
    }

    @Override
    public void copyFrom(PoseWithCovariance other) {
        pose.copyFrom(other.pose);
        System.arraycopy(other.covariance, 0, covariance, 0, 36);
    }

    @Override
    public String toString() {
        return "PoseWithCovariance{pose=" + pose + ", covariance=" + java.util.Arrays.toString(covariance)
                + "}";
    }
}
