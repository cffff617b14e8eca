package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** diagnostic_msgs/DiagnosticStatus: The status of one component. */
public final class DiagnosticStatus implements Message<DiagnosticStatus> {
    public static final MessageType<DiagnosticStatus> TYPE =
            MessageType.of("diagnostic_msgs/DiagnosticStatus", Definitions.text("diagnostic_msgs/DiagnosticStatus"), DiagnosticStatus::new, KeyValue.TYPE);

    public static final byte OK = 0;
    public static final byte WARN = 1;
    public static final byte ERROR = 2;
    public static final byte STALE = 3;

    public byte level;
    public String name = "";
    public String message = "";
    public String hardwareId = "";
    public final MessageSeq<KeyValue> values = new MessageSeq<>(KeyValue.TYPE);

    @Override
    public MessageType<DiagnosticStatus> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 1 + Wire.stringSize(name) + Wire.stringSize(message) + Wire.stringSize(hardwareId) + values.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.put(level);
        Wire.putString(out, name);
        Wire.putString(out, message);
        Wire.putString(out, hardwareId);
        values.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        level = in.get();
        name = Wire.getString(in, name);
        message = Wire.getString(in, message);
        hardwareId = Wire.getString(in, hardwareId);
        values.deserialize(in);
    }

    @Override
    public void copyFrom(DiagnosticStatus other) {
        level = other.level;
        name = other.name;
        message = other.message;
        hardwareId = other.hardwareId;
        values.copyFrom(other.values);
    }

    @Override
    public String toString() {
        return "DiagnosticStatus{level=" + level + ", name=" + name + ", message=" + message + ", hardwareId=" + hardwareId + ", values=" + values
                + "}";
    }
}
