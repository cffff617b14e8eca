package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ActionResultMessage;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** embodia_velma_msgs/CartImpActionResult: A CartImp result with its goal's final status, as sent on the action's result topic. */
public final class CartImpActionResult implements Message<CartImpActionResult>, ActionResultMessage<CartImpResult> {
    public static final MessageType<CartImpActionResult> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpActionResult", Definitions.text("embodia_velma_msgs/CartImpActionResult"), CartImpActionResult::new, Header.TYPE, GoalStatus.TYPE, CartImpResult.TYPE);

    public final Header header = new Header();
    public final GoalStatus status = new GoalStatus();
    public final CartImpResult result = new CartImpResult();

    @Override
    public MessageType<CartImpActionResult> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + status.serializedSize() + result.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        status.serialize(out);
        result.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        status.deserialize(in);
        result.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpActionResult other) {
        header.copyFrom(other.header);
        status.copyFrom(other.status);
        result.copyFrom(other.result);
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
    public CartImpResult result() {
        return result;
    }

    @Override
    public String toString() {
        return "CartImpActionResult{header=" + header + ", status=" + status + ", result=" + result
                + "}";
    }
}
