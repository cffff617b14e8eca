package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** embodia_velma_msgs/CartImpAction: The CartImp action's three envelopes in one message, as actionlib's generator makes it. */
public final class CartImpAction implements Message<CartImpAction> {
    public static final MessageType<CartImpAction> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpAction", Definitions.text("embodia_velma_msgs/CartImpAction"), CartImpAction::new, CartImpActionGoal.TYPE, CartImpActionResult.TYPE, CartImpActionFeedback.TYPE);

    public final CartImpActionGoal actionGoal = new CartImpActionGoal();
    public final CartImpActionResult actionResult = new CartImpActionResult();
    public final CartImpActionFeedback actionFeedback = new CartImpActionFeedback();

    @Override
    public MessageType<CartImpAction> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return actionGoal.serializedSize() + actionResult.serializedSize() + actionFeedback.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        actionGoal.serialize(out);
        actionResult.serialize(out);
        actionFeedback.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        actionGoal.deserialize(in);
        actionResult.deserialize(in);
        actionFeedback.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpAction other) {
        actionGoal.copyFrom(other.actionGoal);
        actionResult.copyFrom(other.actionResult);
        actionFeedback.copyFrom(other.actionFeedback);
    }

    @Override
    public String toString() {
        return "CartImpAction{actionGoal=" + actionGoal + ", actionResult=" + actionResult + ", actionFeedback=" + actionFeedback
                + "}";
    }
}
