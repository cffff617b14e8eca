package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** std_srvs/TriggerResponse: std_srvs/Trigger's response. */
public final class TriggerResponse implements Message<TriggerResponse> {
    public static final MessageType<TriggerResponse> TYPE =
            MessageType.of("std_srvs/TriggerResponse", Definitions.serviceHalf("std_srvs/Trigger", 1), TriggerResponse::new);

    public boolean success;
    public String message = "";

    @Override
    public MessageType<TriggerResponse> type() {
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
    public void copyFrom(TriggerResponse other) {
        success = other.success;
        message = other.message;
    }

    @Override
    public String toString() {
        return "TriggerResponse{success=" + success + ", message=" + message
                + "}";
    }
}
