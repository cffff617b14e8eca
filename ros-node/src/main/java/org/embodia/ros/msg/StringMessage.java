package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** std_msgs/String: std_msgs/String: one string. */
public final class StringMessage implements Message<StringMessage> {
    public static final MessageType<StringMessage> TYPE =
            MessageType.of("std_msgs/String", Definitions.text("std_msgs/String"), StringMessage::new);

    public String data = "";

    @Override
    public MessageType<StringMessage> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return Wire.stringSize(data);
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putString(out, data);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        data = Wire.getString(in, data);
    }

    @Override
    public void copyFrom(StringMessage other) {
        data = other.data;
    }

    @Override
    public String toString() {
        return "StringMessage{data=" + data
                + "}";
    }
}
