package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** std_srvs/EmptyResponse: std_srvs/Empty's response: empty. */
public final class EmptyResponse implements Message<EmptyResponse> {
    public static final MessageType<EmptyResponse> TYPE =
            MessageType.of("std_srvs/EmptyResponse", Definitions.serviceHalf("std_srvs/Empty", 1), EmptyResponse::new);

    @Override
    public MessageType<EmptyResponse> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 0;
    }

    @Override
    public void serialize(ByteBuffer out) {
    }

    @Override
    public void deserialize(ByteBuffer in) {
    }

    @Override
    public void copyFrom(EmptyResponse other) {
    }

    @Override
    public String toString() {
        return "EmptyResponse{}";
    }
}
