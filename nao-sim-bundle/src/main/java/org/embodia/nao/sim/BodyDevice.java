package org.embodia.nao.sim;

import java.util.Arrays;
import java.util.List;

import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.api.ExtCollis;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.body.SimulatedBody;
import org.embodia.nao.sim.memory.AlMemory;

/**
 * ALMotion, ALRobotPosture and ALMemory behind E_core,body ([RAPP] §3.1.1): each command of the body virtual
 * effector becomes the NAOqi call its name says, on the simulated body, and the body's state goes back every tick.
 *
 * <p>Readings of [RAPP] where it is loose:
 * <ul>
 * <li>MOVE's velocity is in m/s and rad/s, as §3.1.1 gives it, so it is ALMotion.move, not moveToward (whose
 * arguments are fractions of the limits); velocities beyond the walk's limits are refused. A MOVE with zero velocity,
 * what the move behaviour sends on STOP, ends the walk like ALMotion.move(0, 0, 0), from any posture.</li>
 * <li>ext_collis, walk_arms and foot_prot configure protections and arm swing the simulated walk does not have: they
 * are checked and otherwise have no effect.</li>
 * <li>GO_TO_POSTURE and SET_ANGLES first set the stiffness they carry at once (ALMotion.setStiffnesses), then move;
 * STIFFNESS_INTERPOL, the spec's stiffnessInterpolation, ramps over {@value #STIFFNESS_INTERPOLATION_SECONDS} s, a
 * time the spec leaves open.</li>
 * <li>attained reports the end of the latest MOVE_TO, GO_TO_POSTURE, SET_ANGLES or STIFFNESS_INTERPOL: TRUE when it
 * reached its goal, FALSE when it ended without (STOP_MOVE, limp joints, or a command NAOqi would refuse). A newer
 * command takes the report over, so a motion never ends with an older command's attained; MOVE, which never attains,
 * ends any report pending.</li>
 * <li>cja are the joints' measured angles (ALMotion.getAngles with sensors), cmp the commanded ones (without).</li>
 * <li>odm is ALMotion.getRobotPosition(false), the walk engine's odometry, with its noise; im is the IMU's yaw
 * (AngleZ) and yaw rate (GyroscopeZ).</li>
 * </ul>
 * A command NAOqi would refuse changes nothing: every argument is checked before any call is made, and the reason
 * goes to value under data_name {@value NaoSimulator#ERROR}.
 */
final class BodyDevice extends CommandedDevice<BodyEffectorCommand> {
    static final double STIFFNESS_INTERPOLATION_SECONDS = 1.0;

    private static final NaoJoint[] JOINTS = NaoJoint.values();

    private enum Report {
        NONE, MOTION, STIFFNESS
    }

    private final NaoSimulation simulation;
    private final SimulatedBody body;
    private final MemoryQuery query;
    private final String[] jointNames = new String[JOINTS.length];
    private final BodyEffectorStatus status = new BodyEffectorStatus();
    private Report report = Report.NONE;
    private long stiffnessDone;

    BodyDevice(NaoSimulation simulation, SimulatedBody body, AlMemory memory) {
        super(BodyEffectorCommand::new);
        this.simulation = simulation;
        this.body = body;
        this.query = new MemoryQuery(memory);
        for (NaoJoint joint : JOINTS) {
            jointNames[joint.ordinal()] = joint.naoqiName();
        }
        fillState();
    }

    @Override
    void carryOut(BodyEffectorCommand c, long start) {
        try {
            execute(c, start);
        } catch (IllegalArgumentException | IllegalStateException e) {
            fail(c.cmd, e.getMessage());
        }
    }

    private void execute(BodyEffectorCommand c, long start) {
        if (c.cmd == null) {
            throw new IllegalArgumentException("a command without cmd; cmd is one of " + Arrays.toString(BodyEffectorCommand.Cmd.values()));
        }
        switch (c.cmd) {
            case MOVE -> {
                checkWalkConfiguration(c);
                if (!c.velocity.isFinite()) {
                    throw new IllegalArgumentException("move: velocity " + c.velocity + " is not finite");
                }
                if (c.velocity.vx == 0 && c.velocity.vy == 0 && c.velocity.omega == 0) {
                    if (body.isWalking()) {
                        body.stopMove();
                    }
                } else {
                    body.move(c.velocity.vx, c.velocity.vy, c.velocity.omega);
                }
                report = Report.NONE;
            }
            case MOVE_TO -> {
                checkWalkConfiguration(c);
                body.moveTo(c.dpose.x, c.dpose.y, c.dpose.theta);
                report = Report.MOTION;
            }
            case STOP_MOVE -> body.stopMove();
            case GO_TO_POSTURE -> {
                body.checkGoToPosture(c.dpost.posture, c.dpost.speed);
                setStiffness(c.stiffness, 0);
                body.goToPosture(c.dpost.posture, c.dpost.speed);
                report = Report.MOTION;
            }
            case SET_ANGLES -> {
                DesiredJointAngles dja = c.dja;
                List<String> names = List.of(Arrays.copyOf(dja.joints, dja.count));
                double[] angles = Arrays.copyOf(dja.values, dja.count);
                body.checkSetAngles(names, angles, dja.fractionMaxSpeed);
                setStiffness(c.stiffness, 0);
                body.setAngles(names, angles, dja.fractionMaxSpeed);
                report = Report.MOTION;
            }
            case STIFFNESS_INTERPOL -> {
                if (c.stiffness.count == 0) {
                    throw new IllegalArgumentException("stiffnessInterpolation: no joints named");
                }
                setStiffness(c.stiffness, STIFFNESS_INTERPOLATION_SECONDS);
                report = Report.STIFFNESS;
                stiffnessDone = start + Math.round(STIFFNESS_INTERPOLATION_SECONDS / SimulatedBody.STEP);
            }
            case GET_DATA -> query.ask(c.dataName);
        }
    }

    /**
     * The stiffness list's entries, each a joint, a chain or "Body" with one value: all are checked before any is
     * set. An empty list sets nothing.
     */
    private void setStiffness(JointValues stiffness, double seconds) {
        for (int k = 0; k < stiffness.count; k++) {
            body.checkStiffnesses(List.of(stiffness.joints[k]), new double[] {stiffness.values[k]}, seconds);
        }
        for (int k = 0; k < stiffness.count; k++) {
            body.stiffnessInterpolation(List.of(stiffness.joints[k]), new double[] {stiffness.values[k]}, seconds);
        }
    }

    private static void checkWalkConfiguration(BodyEffectorCommand c) {
        String part = c.extCollis.body;
        if (part != null && !List.of(ExtCollis.ALL, ExtCollis.MOVE, ExtCollis.ARMS, ExtCollis.L_ARM, ExtCollis.R_ARM).contains(part)) {
            throw new IllegalArgumentException("setExternalCollisionProtectionEnabled: \"" + part + "\" is none of "
                    + List.of(ExtCollis.ALL, ExtCollis.MOVE, ExtCollis.ARMS, ExtCollis.L_ARM, ExtCollis.R_ARM));
        }
    }

    /** NAOqi would have thrown: nothing was changed; a motion command ends there, not attained. */
    private void fail(BodyEffectorCommand.Cmd cmd, String message) {
        simulation.commandError(BodyEffector.NAME, message);
        status.value.setText(NaoSimulator.ERROR, message);
        status.valueSeq++;
        if (cmd == BodyEffectorCommand.Cmd.MOVE_TO || cmd == BodyEffectorCommand.Cmd.GO_TO_POSTURE
                || cmd == BodyEffectorCommand.Cmd.SET_ANGLES || cmd == BodyEffectorCommand.Cmd.STIFFNESS_INTERPOL) {
            attained(false);
        }
    }

    private void attained(boolean attained) {
        status.attained = attained;
        status.attainedSeq++;
        report = Report.NONE;
    }

    @Override
    public void sense(long end) {
        switch (report) {
            case MOTION -> {
                if (!body.isCommandActive()) {
                    attained(body.isAttained());
                }
            }
            case STIFFNESS -> {
                if (end >= stiffnessDone) {
                    attained(true);
                }
            }
            case NONE -> {
            }
        }
        if (query.answer(status.value)) {
            status.valueSeq++;
        }
        fillState();
    }

    /** cpost, cja, cmp, odm and im: what NAOqi reports every step. */
    private void fillState() {
        status.cpost = body.posture();
        status.cja.clear();
        status.cmp.clear();
        for (NaoJoint joint : JOINTS) {
            status.cja.add(jointNames[joint.ordinal()], body.angle(joint));
            status.cmp.add(jointNames[joint.ordinal()], body.target(joint));
        }
        status.odm.set(body.odometryX(), body.odometryY(), body.odometryTheta());
        status.im.set(body.imuYaw(), body.gyroZ());
    }

    /** Fills the subsystem's status, sent every tick. */
    boolean status(BodyEffectorStatus out) {
        out.copyFrom(status);
        return true;
    }

    @Override
    public void close() {
    }
}
