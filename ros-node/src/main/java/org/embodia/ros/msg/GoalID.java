package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosTime;
import org.embodia.ros.Wire;

/** actionlib_msgs/GoalID: The id of an action's goal. */
public final class GoalID implements Message<GoalID> {
    public static final MessageType<GoalID> TYPE =
            MessageType.of("actionlib_msgs/GoalID", Definitions.text("actionlib_msgs/GoalID"), GoalID::new);

    public final RosTime stamp = new RosTime();
    public String id = "";

    @Override
    public MessageType<GoalID> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 8 + Wire.stringSize(id);
    }

    @Override
    public void serialize(ByteBuffer out) {
        stamp.serialize(out);
        Wire.putString(out, id);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        stamp.deserialize(in);
        id = Wire.getString(in, id);
    }

    @Override
    public void copyFrom(GoalID other) {
        stamp.set(other.stamp);
        id = other.id;
    }

    @Override
    public String toString() {
        return "GoalID{stamp=" + stamp + ", id=" + id
                + "}";
    }
}
