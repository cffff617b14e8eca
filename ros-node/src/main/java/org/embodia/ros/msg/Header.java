package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosTime;
import org.embodia.ros.Wire;

/** std_msgs/Header: Standard metadata of stamped data: sequence number, time stamp, frame. */
public final class Header implements Message<Header> {
    public static final MessageType<Header> TYPE =
            MessageType.of("std_msgs/Header", Definitions.text("std_msgs/Header"), Header::new);

    /** uint32: 0 to 2^32 - 1. */
    public long seq;
    public final RosTime stamp = new RosTime();
    public String frameId = "";

    @Override
    public MessageType<Header> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 12 + Wire.stringSize(frameId);
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.putInt((int) seq);
        stamp.serialize(out);
        Wire.putString(out, frameId);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        seq = Integer.toUnsignedLong(in.getInt());
        stamp.deserialize(in);
        frameId = Wire.getString(in, frameId);
    }

    @Override
    public void copyFrom(Header other) {
        seq = other.seq;
        stamp.set(other.stamp);
        frameId = other.frameId;
    }

    @Override
    public String toString() {
        return "Header{seq=" + seq + ", stamp=" + stamp + ", frameId=" + frameId
                + "}";
    }
}
