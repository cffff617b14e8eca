package org.embodia.ros.nao;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/**
 * sensor_msgs/ChannelFloat32: a name and its float32 values. ros-node has no such type, so it is declared here; its
 * fields are sensor_msgs' (Debian's ros-sensor-msgs), so ROS computes the same md5sum and rostopic decodes it. It
 * carries one ALMemory reading, as naoqi_bridge_msgs/MemoryPairFloat (key and value) would.
 */
final class ChannelFloat32 implements Message<ChannelFloat32> {
    static final MessageType<ChannelFloat32> TYPE = MessageType.of("sensor_msgs/ChannelFloat32", """
            # A named channel of float32 values: here an ALMemory key and what it held.
            string name
            float32[] values
            """, ChannelFloat32::new);

    String name = "";
    /** The values, valid up to {@link #count}; grows only when a longer list is set. */
    float[] values = new float[1];
    int count;

    /** Makes it {@code name} with the first {@code length} of {@code source}. */
    void set(String name, double[] source, int length) {
        this.name = name;
        if (values.length < length) {
            values = new float[length];
        }
        for (int i = 0; i < length; i++) {
            values[i] = (float) source[i];
        }
        count = length;
    }

    /** Makes it {@code name} with the one value {@code value}. */
    void set(String name, double value) {
        this.name = name;
        values[0] = (float) value;
        count = 1;
    }

    @Override
    public MessageType<ChannelFloat32> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return Wire.stringSize(name) + 4 + 4 * count;
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putString(out, name);
        out.putInt(count);
        for (int i = 0; i < count; i++) {
            out.putFloat(values[i]);
        }
    }

    @Override
    public void deserialize(ByteBuffer in) {
        name = Wire.getString(in, name);
        int n = Wire.count(in, 4);
        if (values.length < n) {
            values = new float[n];
        }
        for (int i = 0; i < n; i++) {
            values[i] = in.getFloat();
        }
        count = n;
    }

    @Override
    public void copyFrom(ChannelFloat32 other) {
        name = other.name;
        if (values.length < other.count) {
            values = new float[other.count];
        }
        System.arraycopy(other.values, 0, values, 0, other.count);
        count = other.count;
    }

    @Override
    public String toString() {
        return "ChannelFloat32{name=" + name + ", values=" + Arrays.toString(Arrays.copyOf(values, count)) + "}";
    }
}
