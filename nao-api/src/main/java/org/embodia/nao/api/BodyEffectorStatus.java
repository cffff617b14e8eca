package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the body's real effector reports to the virtual effector every 20 ms step ([RAPP] §3.1.1,
 * proprioceptive input). attained and value are assigned only when NAOqi has a result, each counted
 * by its own sequence number (see the package comment on new(x)).
 */
public final class BodyEffectorStatus implements Message<BodyEffectorStatus> {
    /** attained: TRUE if the predefined posture or desired position was attained (FALSE if the motion ended without). */
    public boolean attained;
    /** Incremented each time {@link #attained} is assigned, i.e. when a motion ends: a change is new(attained). */
    public long attainedSeq;
    /** cpost: the current posture as ALRobotPosture names it. */
    public String cpost;
    /** cja: current joint angles, rad (hands: opening 0.0 to 1.0). */
    public final JointValues cja = new JointValues();
    /**
     * odm: the odometry's pose in the global frame (m, m). The spec's odm is [x, y]; θ (rad) is the
     * odometric heading ALMotion's getRobotPosition returns with them, which the EKF needs to turn
     * the odometry's increments into the robot frame.
     */
    public final Pose odm = new Pose();
    /** cmp: current motor positions, rad. */
    public final JointValues cmp = new JointValues();
    /** value: the ALMemory entry a GET_DATA asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** im: the IMU's heading and yaw rate. */
    public final Imu im = new Imu();

    @Override
    public void copyFrom(BodyEffectorStatus s) {
        attained = s.attained;
        attainedSeq = s.attainedSeq;
        cpost = s.cpost;
        cja.copyFrom(s.cja);
        odm.copyFrom(s.odm);
        cmp.copyFrom(s.cmp);
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        im.copyFrom(s.im);
    }

    @Override
    public String toString() {
        return "BodyEffectorStatus[odm=" + odm + ", im=" + im + ", attained=" + attained + " (#" + attainedSeq + "), cpost=" + cpost
                + ", cja=" + cja + ", cmp=" + cmp + ", value=" + value + " (#" + valueSeq + ")]";
    }
}
