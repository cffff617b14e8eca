package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** std_srvs/SetBoolResponse: std_srvs/SetBool's response. */
public final class SetBoolResponse implements Message<SetBoolResponse> {
    public static final MessageType<SetBoolResponse> TYPE =
            MessageType.of("std_srvs/SetBoolResponse", Definitions.serviceHalf("std_srvs/SetBool", 1), SetBoolResponse::new);

    public boolean success;
    public String message = "";

    @Override
    public MessageType<SetBoolResponse> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 1 + Wire.stringSize(message);
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putBool(out, success);
        Wire.putString(out, message);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        success = Wire.getBool(in);
        message = Wire.getString(in, message);
    }

    @Override
    public void copyFrom(SetBoolResponse other) {
        success = other.success;
        message = other.message;
    }

    @Override
    public String toString() {
        return "SetBoolResponse{success=" + success + ", message=" + message
                + "}";
    }
}
