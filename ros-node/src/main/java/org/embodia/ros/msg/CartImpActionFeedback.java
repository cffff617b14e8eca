package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionFeedbackMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** embodia_velma_msgs/CartImpActionFeedback: A CartImp feedback with its goal's status, as sent on the action's feedback topic. */
public final class CartImpActionFeedback implements Message<CartImpActionFeedback>, ActionFeedbackMessage<CartImpFeedback> {
    public static final MessageType<CartImpActionFeedback> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpActionFeedback", Definitions.text("embodia_velma_msgs/CartImpActionFeedback"), CartImpActionFeedback::new, Header.TYPE, GoalStatus.TYPE, CartImpFeedback.TYPE);

    public final Header header = new Header();
    public final GoalStatus status = new GoalStatus();
    public final CartImpFeedback feedback = new CartImpFeedback();

    @Override
    public MessageType<CartImpActionFeedback> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + status.serializedSize() + feedback.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        status.serialize(out);
        feedback.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        status.deserialize(in);
        feedback.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpActionFeedback other) {
        header.copyFrom(other.header);
        status.copyFrom(other.status);
        feedback.copyFrom(other.feedback);
    }

    @Override
    public Header header() {
        return header;
    }

    @Override
    public GoalStatus status() {
        return status;
    }

    @Override
    public CartImpFeedback feedback() {
        return feedback;
    }

    @Override
    public String toString() {
        return "CartImpActionFeedback{header=" + header + ", status=" + status + ", feedback=" + feedback
                + "}";
    }
}
