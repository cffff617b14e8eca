package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** actionlib_msgs/GoalStatus: The status of an action's goal. */
public final class GoalStatus implements Message<GoalStatus> {
    public static final MessageType<GoalStatus> TYPE =
            MessageType.of("actionlib_msgs/GoalStatus", Definitions.text("actionlib_msgs/GoalStatus"), GoalStatus::new, GoalID.TYPE);

    public static final int PENDING = 0;
    public static final int ACTIVE = 1;
    public static final int PREEMPTED = 2;
    public static final int SUCCEEDED = 3;
    public static final int ABORTED = 4;
    public static final int REJECTED = 5;
    public static final int PREEMPTING = 6;
    public static final int RECALLING = 7;
    public static final int RECALLED = 8;
    public static final int LOST = 9;

    public final GoalID goalId = new GoalID();
    /** uint8: 0 to 255. */
    public int status;
    public String text = "";

    @Override
    public MessageType<GoalStatus> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 1 + goalId.serializedSize() + Wire.stringSize(text);
    }

    @Override
    public void serialize(ByteBuffer out) {
        goalId.serialize(out);
        out.put((byte) status);
        Wire.putString(out, text);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        goalId.deserialize(in);
        status = in.get() & 0xff;
        text = Wire.getString(in, text);
    }

    @Override
    public void copyFrom(GoalStatus other) {
        goalId.copyFrom(other.goalId);
        status = other.status;
        text = other.text;
    }

    @Override
    public String toString() {
        return "GoalStatus{goalId=" + goalId + ", status=" + status + ", text=" + text
                + "}";
    }
}
