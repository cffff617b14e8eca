package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** std_srvs/EmptyRequest: std_srvs/Empty's request: empty. */
public final class EmptyRequest implements Message<EmptyRequest> {
    public static final MessageType<EmptyRequest> TYPE =
            MessageType.of("std_srvs/EmptyRequest", Definitions.serviceHalf("std_srvs/Empty", 0), EmptyRequest::new);

    @Override
    public MessageType<EmptyRequest> type() {
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
    public void copyFrom(EmptyRequest other) {
    }

    @Override
    public String toString() {
        return "EmptyRequest{}";
    }
}
