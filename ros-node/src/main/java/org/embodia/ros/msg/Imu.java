package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** sensor_msgs/Imu: An inertial measurement unit's data. */
public final class Imu implements Message<Imu> {
    public static final MessageType<Imu> TYPE =
            MessageType.of("sensor_msgs/Imu", Definitions.text("sensor_msgs/Imu"), Imu::new, Header.TYPE, Quaternion.TYPE, Vector3.TYPE);

    public final Header header = new Header();
    public final Quaternion orientation = new Quaternion();
    public final double[] orientationCovariance = new double[9];
    public final Vector3 angularVelocity = new Vector3();
    public final double[] angularVelocityCovariance = new double[9];
    public final Vector3 linearAcceleration = new Vector3();
    public final double[] linearAccelerationCovariance = new double[9];

    @Override
    public MessageType<Imu> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 216 + header.serializedSize() + orientation.serializedSize() + angularVelocity.serializedSize() + linearAcceleration.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        orientation.serialize(out);
        Wire.putDoubles(out, orientationCovariance);
        angularVelocity.serialize(out);
        Wire.putDoubles(out, angularVelocityCovariance);
        linearAcceleration.serialize(out);
        Wire.putDoubles(out, linearAccelerationCovariance);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        orientation.deserialize(in);
        Wire.getDoubles(in, orientationCovariance);
        angularVelocity.deserialize(in);
        Wire.getDoubles(in, angularVelocityCovariance);
        linearAcceleration.deserialize(in);
        Wire.getDoubles(in, linearAccelerationCovariance);
    }

    @Override
    public void copyFrom(Imu other) {
        header.copyFrom(other.header);
        orientation.copyFrom(other.orientation);
        System.arraycopy(other.orientationCovariance, 0, orientationCovariance, 0, 9);
        angularVelocity.copyFrom(other.angularVelocity);
        System.arraycopy(other.angularVelocityCovariance, 0, angularVelocityCovariance, 0, 9);
        linearAcceleration.copyFrom(other.linearAcceleration);
        System.arraycopy(other.linearAccelerationCovariance, 0, linearAccelerationCovariance, 0, 9);
    }

    @Override
    public String toString() {
        return "Imu{header=" + header + ", orientation=" + orientation + ", orientationCovariance=" + java.util.Arrays.toString(orientationCovariance) + ", angularVelocity=" + angularVelocity + ", angularVelocityCovariance=" + java.util.Arrays.toString(angularVelocityCovariance) + ", linearAcceleration=" + linearAcceleration + ", linearAccelerationCovariance=" + java.util.Arrays.toString(linearAccelerationCovariance)
                + "}";
    }
}
