package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;

/** tf2_msgs/TFMessage: The transforms on /tf and /tf_static. */
public final class TFMessage implements Message<TFMessage> {
    public static final MessageType<TFMessage> TYPE =
            MessageType.of("tf2_msgs/TFMessage", Definitions.text("tf2_msgs/TFMessage"), TFMessage::new, TransformStamped.TYPE);

    public final MessageSeq<TransformStamped> transforms = new MessageSeq<>(TransformStamped.TYPE);

    @Override
    public MessageType<TFMessage> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return transforms.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        transforms.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        transforms.deserialize(in);
    }

    @Override
    public void copyFrom(TFMessage other) {
        transforms.copyFrom(other.transforms);
    }

    @Override
    public String toString() {
        return "TFMessage{transforms=" + transforms
                + "}";
    }
}
