package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/** std_srvs/TriggerRequest: std_srvs/Trigger's request: empty. */
public final class TriggerRequest implements Message<TriggerRequest> {
    public static final MessageType<TriggerRequest> TYPE =
            MessageType.of("std_srvs/TriggerRequest", Definitions.serviceHalf("std_srvs/Trigger", 0), TriggerRequest::new);

    @Override
    public MessageType<TriggerRequest> type() {
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
    public void copyFrom(TriggerRequest other) {
    }

    @Override
    public String toString() {
        return "TriggerRequest{}";
    }
}
