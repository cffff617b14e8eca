package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** geometry_msgs/Transform: The transform between two frames. */
public final class Transform implements Message<Transform> {
    public static final MessageType<Transform> TYPE =
            MessageType.of("geometry_msgs/Transform", Definitions.text("geometry_msgs/Transform"), Transform::new, Vector3.TYPE, Quaternion.TYPE);

    public final Vector3 translation = new Vector3();
    public final Quaternion rotation = new Quaternion();

    @Override
    public MessageType<Transform> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return translation.serializedSize() + rotation.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        translation.serialize(out);
        rotation.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        translation.deserialize(in);
        rotation.deserialize(in);
    }

    @Override
    public void copyFrom(Transform other) {
        translation.copyFrom(other.translation);
        rotation.copyFrom(other.rotation);
    }

    @Override
    public String toString() {
        return "Transform{translation=" + translation + ", rotation=" + rotation
                + "}";
    }
}
