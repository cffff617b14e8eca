package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** control_msgs/FollowJointTrajectoryResult: How a joint trajectory ended: an error code and its description. */
public final class FollowJointTrajectoryResult implements Message<FollowJointTrajectoryResult> {
    public static final MessageType<FollowJointTrajectoryResult> TYPE =
            MessageType.of("control_msgs/FollowJointTrajectoryResult", Definitions.text("control_msgs/FollowJointTrajectoryResult"), FollowJointTrajectoryResult::new);

    public static final int SUCCESSFUL = 0;
    public static final int INVALID_GOAL = -1;
    public static final int INVALID_JOINTS = -2;
    public static final int OLD_HEADER_TIMESTAMP = -3;
    public static final int PATH_TOLERANCE_VIOLATED = -4;
    public static final int GOAL_TOLERANCE_VIOLATED = -5;

    public int errorCode;
    /** What went wrong, for people. */
    public String errorString = "";

    @Override
    public MessageType<FollowJointTrajectoryResult> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 4 + Wire.stringSize(errorString);
    }

    @Override
    public void serialize(ByteBuffer out) {
        out.putInt(errorCode);
        Wire.putString(out, errorString);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        errorCode = in.getInt();
        errorString = Wire.getString(in, errorString);
    }

    @Override
    public void copyFrom(FollowJointTrajectoryResult other) {
        errorCode = other.errorCode;
        errorString = other.errorString;
    }

    @Override
    public String toString() {
        return "FollowJointTrajectoryResult{errorCode=" + errorCode + ", errorString=" + errorString
                + "}";
    }
}
