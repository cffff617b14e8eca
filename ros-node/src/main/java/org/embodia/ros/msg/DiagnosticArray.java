package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;

/** diagnostic_msgs/DiagnosticArray: The statuses of components, as on /diagnostics. */
public final class DiagnosticArray implements Message<DiagnosticArray> {
    public static final MessageType<DiagnosticArray> TYPE =
            MessageType.of("diagnostic_msgs/DiagnosticArray", Definitions.text("diagnostic_msgs/DiagnosticArray"), DiagnosticArray::new, Header.TYPE, DiagnosticStatus.TYPE);

    public final Header header = new Header();
    public final MessageSeq<DiagnosticStatus> status = new MessageSeq<>(DiagnosticStatus.TYPE);

    @Override
    public MessageType<DiagnosticArray> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + status.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        status.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        status.deserialize(in);
    }

    @Override
    public void copyFrom(DiagnosticArray other) {
        header.copyFrom(other.header);
        status.copyFrom(other.status);
    }

    @Override
    public String toString() {
        return "DiagnosticArray{header=" + header + ", status=" + status
                + "}";
    }
}
