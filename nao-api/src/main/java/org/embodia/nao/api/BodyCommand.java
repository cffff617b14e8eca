package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the control subsystem commands the body virtual effector e_core,body ([RAPP] §3.1.1, input
 * from the control subsystem): cmd with its arguments arg = [velocity, dpose, dpost, dja, stiffness,
 * data_name], of which each command reads its own. cs sends a command once; it counts in the step
 * it arrives.
 */
public final class BodyCommand implements Message<BodyCommand> {

    /** cmd ∈ {MOVE, STOP, POSTURE, INTERPOLATION, GET, STIFFNESS, MOVE_TO}. */
    public enum Cmd {
        /** Walk at {@link BodyCommand#velocity} until STOP. */
        MOVE,
        /** End the motion under way. */
        STOP,
        /** Go to the predefined posture {@link BodyCommand#dpost}. */
        POSTURE,
        /** Interpolate the joints to {@link BodyCommand#dja}. */
        INTERPOLATION,
        /** Read the ALMemory entry {@link BodyCommand#dataName}. */
        GET,
        /** Set {@link BodyCommand#stiffness}. */
        STIFFNESS,
        /** Walk to {@link BodyCommand#dpose}. */
        MOVE_TO
    }

    /** cmd: the command; null before cs commanded anything. */
    public Cmd cmd;
    /** arg[velocity]: MOVE's velocity in the robot frame. */
    public final Velocity velocity = new Velocity();
    /** arg[dpose]: MOVE_TO's goal in the robot frame (m, m, rad). */
    public final Pose dpose = new Pose();
    /** arg[dpost]: POSTURE's posture and relative speed. */
    public final Posture dpost = new Posture();
    /** arg[dja]: INTERPOLATION's joints, angles (rad) and fraction of the maximum speed. */
    public final DesiredJointAngles dja = new DesiredJointAngles();
    /** arg[stiffness]: STIFFNESS's joints (or chains, or "Body") and stiffness values, 0.0 to 1.0. */
    public final JointValues stiffness = new JointValues();
    /** arg[data_name]: GET's ALMemory key. */
    public String dataName;

    @Override
    public void copyFrom(BodyCommand c) {
        cmd = c.cmd;
        velocity.copyFrom(c.velocity);
        dpose.copyFrom(c.dpose);
        dpost.copyFrom(c.dpost);
        dja.copyFrom(c.dja);
        stiffness.copyFrom(c.stiffness);
        dataName = c.dataName;
    }

    /** The command with the argument it reads. */
    @Override
    public String toString() {
        if (cmd == null) {
            return "BodyCommand[none]";
        }
        String arg = switch (cmd) {
            case MOVE -> "velocity=" + velocity;
            case MOVE_TO -> "dpose=" + dpose;
            case POSTURE -> "dpost=" + dpost;
            case INTERPOLATION -> "dja=" + dja;
            case STIFFNESS -> "stiffness=" + stiffness;
            case GET -> "data_name=" + dataName;
            case STOP -> "";
        };
        return "BodyCommand[" + cmd + (arg.isEmpty() ? "" : ", " + arg) + "]";
    }
}
