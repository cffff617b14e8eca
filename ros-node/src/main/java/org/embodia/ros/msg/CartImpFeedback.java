package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** embodia_velma_msgs/CartImpFeedback: The tool's pose while it moves. */
public final class CartImpFeedback implements Message<CartImpFeedback> {
    public static final MessageType<CartImpFeedback> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpFeedback", Definitions.text("embodia_velma_msgs/CartImpFeedback"), CartImpFeedback::new, Pose.TYPE);

    /** The tool's pose in the world frame now. */
    public final Pose actual = new Pose();

    @Override
    public MessageType<CartImpFeedback> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return actual.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        actual.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        actual.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpFeedback other) {
        actual.copyFrom(other.actual);
    }

    @Override
    public String toString() {
        return "CartImpFeedback{actual=" + actual
                + "}";
    }
}
