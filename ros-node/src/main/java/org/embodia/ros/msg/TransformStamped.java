package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** geometry_msgs/TransformStamped: A transform from header.frame_id to child_frame_id. */
public final class TransformStamped implements Message<TransformStamped> {
    public static final MessageType<TransformStamped> TYPE =
            MessageType.of("geometry_msgs/TransformStamped", Definitions.text("geometry_msgs/TransformStamped"), TransformStamped::new, Header.TYPE, Transform.TYPE);

    public final Header header = new Header();
    public String childFrameId = "";
    public final Transform transform = new Transform();

    @Override
    public MessageType<TransformStamped> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + Wire.stringSize(childFrameId) + transform.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        Wire.putString(out, childFrameId);
        transform.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        childFrameId = Wire.getString(in, childFrameId);
        transform.deserialize(in);
    }

    @Override
    public void copyFrom(TransformStamped other) {
        header.copyFrom(other.header);
        childFrameId = other.childFrameId;
        transform.copyFrom(other.transform);
    }

    @Override
    public String toString() {
        return "TransformStamped{header=" + header + ", childFrameId=" + childFrameId + ", transform=" + transform
                + "}";
    }
}
