package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** diagnostic_msgs/KeyValue: A key and its value. */
public final class KeyValue implements Message<KeyValue> {
    public static final MessageType<KeyValue> TYPE =
            MessageType.of("diagnostic_msgs/KeyValue", Definitions.text("diagnostic_msgs/KeyValue"), KeyValue::new);

    public String key = "";
    public String value = "";

    @Override
    public MessageType<KeyValue> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return Wire.stringSize(key) + Wire.stringSize(value);
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putString(out, key);
        Wire.putString(out, value);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        key = Wire.getString(in, key);
        value = Wire.getString(in, value);
    }

    @Override
    public void copyFrom(KeyValue other) {
        key = other.key;
        value = other.value;
    }

    @Override
    public String toString() {
        return "KeyValue{key=" + key + ", value=" + value
                + "}";
    }
}
