package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the body virtual effector commands its real effector E_core,body, NAOqi's ALMotion,
 * ALRobotPosture and ALMemory ([RAPP] §3.1.1, real effector control). Each cmd reads its own
 * fields; the others keep what an earlier command left in them.
 */
public final class BodyEffectorCommand implements Message<BodyEffectorCommand> {

    /** cmd: the NAOqi call to make. */
    public enum Cmd {
        /** ALMotion move: walk at {@link BodyEffectorCommand#velocity}, configured by ext_collis, walk_arms and foot_prot. */
        MOVE,
        /** ALMotion moveTo: walk to {@link BodyEffectorCommand#dpose}, configured likewise. */
        MOVE_TO,
        /** ALMotion stopMove: end the walk or interpolation under way. */
        STOP_MOVE,
        /** ALRobotPosture goToPosture with {@link BodyEffectorCommand#dpost}, after setting {@link BodyEffectorCommand#stiffness}. */
        GO_TO_POSTURE,
        /** ALMotion setAngles with {@link BodyEffectorCommand#dja}, after setting {@link BodyEffectorCommand#stiffness}. */
        SET_ANGLES,
        /** ALMotion stiffnessInterpolation to {@link BodyEffectorCommand#stiffness}. */
        STIFFNESS_INTERPOL,
        /** ALMemory getData for {@link BodyEffectorCommand#dataName}. */
        GET_DATA
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** data_name: the ALMemory key for GET_DATA. */
    public String dataName;
    /** velocity: MOVE's velocity in the robot frame. */
    public final Velocity velocity = new Velocity();
    /** dpose: MOVE_TO's goal in the robot frame (m, m, rad). */
    public final Pose dpose = new Pose();
    /** ext_collis: external collision protection while walking. */
    public final ExtCollis extCollis = new ExtCollis();
    /** walk_arms: arm swing while walking. */
    public final WalkArms walkArms = new WalkArms();
    /** foot_prot: TRUE enables the foot contact protection. */
    public boolean footProt;
    /** stiffness: joints (or chains, or "Body") and their stiffness, 0.0 to 1.0. */
    public final JointValues stiffness = new JointValues();
    /** dpost: GO_TO_POSTURE's posture and relative speed. */
    public final Posture dpost = new Posture();
    /** dja: SET_ANGLES's joints, angles (rad) and fraction of the maximum speed. */
    public final DesiredJointAngles dja = new DesiredJointAngles();

    @Override
    public void copyFrom(BodyEffectorCommand c) {
        cmd = c.cmd;
        dataName = c.dataName;
        velocity.copyFrom(c.velocity);
        dpose.copyFrom(c.dpose);
        extCollis.copyFrom(c.extCollis);
        walkArms.copyFrom(c.walkArms);
        footProt = c.footProt;
        stiffness.copyFrom(c.stiffness);
        dpost.copyFrom(c.dpost);
        dja.copyFrom(c.dja);
    }

    /** The command with the fields it reads. */
    @Override
    public String toString() {
        if (cmd == null) {
            return "BodyEffectorCommand[none]";
        }
        String walk = ", ext_collis=" + extCollis + ", walk_arms=" + walkArms + ", foot_prot=" + footProt;
        String arg = switch (cmd) {
            case MOVE -> ", velocity=" + velocity + walk;
            case MOVE_TO -> ", dpose=" + dpose + walk;
            case STOP_MOVE -> "";
            case GO_TO_POSTURE -> ", dpost=" + dpost + ", stiffness=" + stiffness;
            case SET_ANGLES -> ", dja=" + dja + ", stiffness=" + stiffness;
            case STIFFNESS_INTERPOL -> ", stiffness=" + stiffness;
            case GET_DATA -> ", data_name=" + dataName;
        };
        return "BodyEffectorCommand[" + cmd + arg + "]";
    }
}
