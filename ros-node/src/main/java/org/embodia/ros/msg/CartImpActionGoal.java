package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionGoalMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** embodia_velma_msgs/CartImpActionGoal: A CartImp goal with its id, as sent on the action's goal topic. */
public final class CartImpActionGoal implements Message<CartImpActionGoal>, ActionGoalMessage<CartImpGoal> {
    public static final MessageType<CartImpActionGoal> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpActionGoal", Definitions.text("embodia_velma_msgs/CartImpActionGoal"), CartImpActionGoal::new, Header.TYPE, GoalID.TYPE, CartImpGoal.TYPE);

    public final Header header = new Header();
    public final GoalID goalId = new GoalID();
    public final CartImpGoal goal = new CartImpGoal();

    @Override
    public MessageType<CartImpActionGoal> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + goalId.serializedSize() + goal.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        goalId.serialize(out);
        goal.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        goalId.deserialize(in);
        goal.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpActionGoal other) {
        header.copyFrom(other.header);
        goalId.copyFrom(other.goalId);
        goal.copyFrom(other.goal);
    }

    @Override
    public Header header() {
        return header;
    }

    @Override
    public GoalID goalId() {
        return goalId;
    }

    @Override
    public CartImpGoal goal() {
        return goal;
    }

    @Override
    public String toString() {
        return "CartImpActionGoal{header=" + header + ", goalId=" + goalId + ", goal=" + goal
                + "}";
    }
}
