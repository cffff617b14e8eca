package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** embodia_velma_msgs/CartImpResult: How a Cartesian impedance motion ended: an error code and its description. */
public final class CartImpResult implements Message<CartImpResult> {
    public static final MessageType<CartImpResult> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpResult", Definitions.text("embodia_velma_msgs/CartImpResult"), CartImpResult::new);

    public static final int SUCCESSFUL = 0;
    public static final int INVALID_GOAL = -1;
    public static final int PATH_TOLERANCE_VIOLATED = -4;

    public int errorCode;
    /** What went wrong, for people. */
    public String errorString = "";

    @Override
    public MessageType<CartImpResult> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 4 + Wire.stringSize(errorString);
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.putInt(errorCode);
        Wire.putString(out, errorString);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        errorCode = in.getInt();
        errorString = Wire.getString(in, errorString);
    }

    @Override
    public void copyFrom(CartImpResult other) {
        errorCode = other.errorCode;
        errorString = other.errorString;
    }

    @Override
    public String toString() {
        return "CartImpResult{errorCode=" + errorCode + ", errorString=" + errorString
                + "}";
    }
}
