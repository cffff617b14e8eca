package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageSeq;
import org.embodia.ros.MessageType;

/** actionlib_msgs/GoalStatusArray: The statuses of an action server's goals, on its status topic. */
public final class GoalStatusArray implements Message<GoalStatusArray> {
    public static final MessageType<GoalStatusArray> TYPE =
            MessageType.of("actionlib_msgs/GoalStatusArray", Definitions.text("actionlib_msgs/GoalStatusArray"), GoalStatusArray::new, Header.TYPE, GoalStatus.TYPE);

    public final Header header = new Header();
    public final MessageSeq<GoalStatus> statusList = new MessageSeq<>(GoalStatus.TYPE);

    @Override
    public MessageType<GoalStatusArray> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return header.serializedSize() + statusList.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        statusList.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        statusList.deserialize(in);
    }

    @Override
    public void copyFrom(GoalStatusArray other) {
        header.copyFrom(other.header);
        statusList.copyFrom(other.statusList);
    }

    @Override
    public String toString() {
        return "GoalStatusArray{header=" + header + ", statusList=" + statusList
                + "}";
    }
}
