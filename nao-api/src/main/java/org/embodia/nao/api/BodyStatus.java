package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the body virtual effector returns to the control subsystem ([RAPP] §3.1.1, proprioceptive
 * output): sent every step with the pose; attained, value and a rejection now and then, each
 * counted by its own sequence number (see the package comment on new(x)).
 */
public final class BodyStatus implements Message<BodyStatus> {
    /** attained: TRUE if the predefined posture, desired interpolation or position was attained or executed. */
    public boolean attained;
    /** Incremented each time {@link #attained} is assigned: a change is new(attained). */
    public long attainedSeq;
    /** value: the NAOqi parameter a GET asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** pose: the robot's pose [x, y, θ] in the global frame estimated by the EKF (m, m, rad); every step. */
    public final Pose pose = new Pose();
    /** Why the last command from cs was rejected, naming the offending name or value; null once a command is accepted. */
    public String reason;
    /** Incremented on each rejection: a change is a new rejection. */
    public long reasonSeq;

    @Override
    public void copyFrom(BodyStatus s) {
        attained = s.attained;
        attainedSeq = s.attainedSeq;
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        pose.copyFrom(s.pose);
        reason = s.reason;
        reasonSeq = s.reasonSeq;
    }

    @Override
    public String toString() {
        return "BodyStatus[pose=" + pose + ", attained=" + attained + " (#" + attainedSeq + "), value=" + value + " (#" + valueSeq + ")"
                + (reason == null ? "" : ", rejected (#" + reasonSeq + "): " + reason) + "]";
    }
}
