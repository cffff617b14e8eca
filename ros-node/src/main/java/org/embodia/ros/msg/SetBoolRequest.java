package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** std_srvs/SetBoolRequest: std_srvs/SetBool's request. */
public final class SetBoolRequest implements Message<SetBoolRequest> {
    public static final MessageType<SetBoolRequest> TYPE =
            MessageType.of("std_srvs/SetBoolRequest", Definitions.serviceHalf("std_srvs/SetBool", 0), SetBoolRequest::new);

    public boolean data;

    @Override
    public MessageType<SetBoolRequest> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 1;
    }

    @Override
    public void serialize(ByteBuffer out) {
        Wire.putBool(out, data);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        data = Wire.getBool(in);
    }

    @Override
    public void copyFrom(SetBoolRequest other) {
        data = other.data;
    }

    @Override
    public String toString() {
        return "SetBoolRequest{data=" + data
                + "}";
    }
}
