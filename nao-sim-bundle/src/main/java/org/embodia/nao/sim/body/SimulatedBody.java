package org.embodia.nao.sim.body;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.ToDoubleFunction;

import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.NaoPosture;
import org.embodia.nao.model.NaoWalkSimulator;
import org.embodia.nao.model.PostureFamily;
import org.embodia.nao.model.WalkNoise;

/**
 * The simulated NAO body in NAOqi's place (real effector E_core,body of the RAPP core agent), stepped at NAOqi's 50 Hz:
 * the 26 joints with their stiffness, ALMotion's setAngles, stiffnessInterpolation, move, moveToward, moveTo and
 * stopMove, ALRobotPosture's goToPosture and posture name, odometry, the inertial unit and the weight on each foot.
 *
 * <p>Joints move at constant speed, fractionMaxSpeed times {@link JointVelocityLimits}, straight to their targets. A
 * joint whose stiffness is 0 does not follow commands and holds its angle (the simulation has no gravity to let it
 * fall); any stiffness above 0 follows fully, as an unloaded motor would. LHipYawPitch and RHipYawPitch are one motor:
 * they always share angle and stiffness, and when a command names both with different values LHipYawPitch wins, as in
 * NAOqi.
 *
 * <p>The body starts as NAO ends ALMotion.rest(): in Crouch with every stiffness 0. The walk ({@link NaoWalkSimulator})
 * moves the whole robot on the floor; the leg joints keep their angles while it does. It starts only from a standing
 * posture with stiff legs, and stops when a leg goes limp.
 *
 * <p>{@link #isAttained()} tells whether the latest command (setAngles, goToPosture, moveTo) ended at its target; a
 * joint command that can no longer progress (its unreached joints are all limp) ends without attaining it. Arguments
 * are checked before anything changes: unknown names, out-of-limit angles, NaN and out-of-range speeds are refused
 * with an {@link IllegalArgumentException} naming the value and the allowed range. Not thread-safe: one caller steps
 * and commands it.
 */
public final class SimulatedBody {
    /** NAOqi's motion cycle, s. */
    public static final double STEP = NaoWalkSimulator.STEP;
    /** A joint has reached its target when this close (rad, or hand opening); joints move exactly onto targets. */
    public static final double TARGET_TOLERANCE = 1e-6;
    /** The body is in a predefined posture when each of its joints, head and hands aside, is this close (rad). */
    public static final double POSTURE_TOLERANCE = 0.1;
    /** ALRobotPosture's name for a posture that is none of the predefined ones. */
    public static final String UNKNOWN = "Unknown";
    /** NAO's mass, kg (the task's figure for NAO V5). */
    public static final double MASS = 5.3;

    /** Leg and torso geometry, m, from NAO V5's model (qiBullet's nao.urdf, robot NaoH25V50). */
    public static final double HIP_OFFSET_Y = 0.05;
    public static final double HIP_OFFSET_Z = 0.085;
    public static final double THIGH_LENGTH = 0.1;
    public static final double TIBIA_LENGTH = 0.1029;
    public static final double FOOT_HEIGHT = 0.04511;

    /**
     * Torso heights (m) when the weight is not on the feet. Our assumptions: seated, the hips rest about a thigh's half
     * thickness above the floor; lying, the torso's origin is half its depth above it.
     */
    static final double SITTING_TORSO_HEIGHT = 0.13;
    static final double LYING_TORSO_HEIGHT = 0.05;

    /** HipYawPitch turns about an axis 45° between y and z: this share of its angle pitches the leg. */
    private static final double SQRT_HALF = Math.sqrt(0.5);
    private static final double WALKING_SPEED = 1e-3;
    private static final String CHAINS = "Body, Head, LArm, LLeg, RLeg, RArm";

    private enum Command { NONE, JOINTS, MOVE, MOVE_TO }

    /** Enum values() copies its array at every call: the step loops over these instead. */
    private static final NaoJoint[] JOINTS = NaoJoint.values();
    private static final NaoPosture[] POSTURES = NaoPosture.values();
    private static final int COUNT = NaoJoint.count();
    private static final int L_HYP = NaoJoint.L_HIP_YAW_PITCH.ordinal();
    private static final int R_HYP = NaoJoint.R_HIP_YAW_PITCH.ordinal();

    private final NaoWalkSimulator walk;
    private final double[] angles = new double[COUNT];
    private final double[] targets = new double[COUNT];
    /** Speed of each joint's current motion, rad/s. */
    private final double[] speeds = new double[COUNT];
    /** The joints the latest joint command named, whose arrival {@link #isAttained()} reports. */
    private final boolean[] commanded = new boolean[COUNT];
    private final double[] stiffness = new double[COUNT];
    private final double[] stiffnessFrom = new double[COUNT];
    private final double[] stiffnessTo = new double[COUNT];
    private final double[] stiffnessElapsed = new double[COUNT];
    private final double[] stiffnessDuration = new double[COUNT];

    private Command command = Command.NONE;
    private boolean attained;
    private long steps;
    private double torsoPitch;
    private double torsoPitchRate;

    /** A body with {@link WalkNoise#DEFAULT} odometry and IMU errors drawn from {@code seed}. */
    public SimulatedBody(long seed) {
        this(seed, WalkNoise.DEFAULT);
    }

    public SimulatedBody(long seed, WalkNoise noise) {
        walk = new NaoWalkSimulator(seed, noise);
        NaoPosture.CROUCH.copyValues(angles);
        System.arraycopy(angles, 0, targets, 0, COUNT);
        torsoPitch = computeTorsoPitch();
    }

    // ---- ALMotion: joints and stiffness ----

    /**
     * ALMotion.setAngles: move the named joints (or chains: Body, Head, LArm, LLeg, RLeg, RArm) to the angles, each at
     * fractionMaxSpeed times its maximum speed. Returns at once; {@link #step()} moves the joints. A walk under way
     * goes on, as NAOqi lets the head and arms move while walking.
     *
     * @param names joint or chain names; a chain stands for its joints in NAOqi's order
     * @param angles one per joint after expanding the chains: radians, or the opening in [0, 1] for the hands
     * @param fractionMaxSpeed in (0, 1]
     */
    public void setAngles(List<String> names, double[] angles, double fractionMaxSpeed) {
        List<NaoJoint> joints = checkSetAngles(names, angles, fractionMaxSpeed);
        double[] newTargets = targets.clone();
        boolean[] named = new boolean[COUNT];
        for (int i = 0; i < angles.length; i++) {
            newTargets[joints.get(i).ordinal()] = angles[i];
            named[joints.get(i).ordinal()] = true;
        }
        coupleHipYawPitch(newTargets, named);
        startJointMotion(newTargets, named, joint -> fractionMaxSpeed * JointVelocityLimits.of(joint));
    }

    /**
     * Checks setAngles' arguments without changing anything, so that a caller can check several calls before making
     * any of them.
     *
     * @return the joints named, chains expanded
     * @throws IllegalArgumentException as {@link #setAngles(List, double[], double)} would
     */
    public List<NaoJoint> checkSetAngles(List<String> names, double[] angles, double fractionMaxSpeed) {
        requireFraction(fractionMaxSpeed, "setAngles", "fractionMaxSpeed");
        List<NaoJoint> joints = expand(names);
        if (joints.size() != angles.length) {
            throw new IllegalArgumentException("setAngles: " + angles.length + " angles for the " + joints.size()
                    + " joints " + joints.stream().map(NaoJoint::naoqiName).toList());
        }
        for (int i = 0; i < angles.length; i++) {
            joints.get(i).checkWithinLimits(angles[i]);
        }
        return joints;
    }

    /** ALMotion.setAngles for one joint. */
    public void setAngles(String name, double angle, double fractionMaxSpeed) {
        setAngles(List.of(name), new double[] {angle}, fractionMaxSpeed);
    }

    /**
     * ALMotion.stiffnessInterpolation: bring the named joints' (or chains') stiffness linearly to the values over the
     * duration; 0 s sets them at once.
     *
     * @param stiffnesses one per joint after expanding the chains, or a single value for all of them, each in [0, 1]
     */
    public void stiffnessInterpolation(List<String> names, double[] stiffnesses, double durationSeconds) {
        interpolateStiffness("stiffnessInterpolation", names, stiffnesses, durationSeconds);
    }

    /** ALMotion.setStiffnesses: the named joints' or chains' stiffness at once. */
    public void setStiffnesses(String names, double stiffness) {
        interpolateStiffness("setStiffnesses", List.of(names), new double[] {stiffness}, 0);
    }

    /**
     * Checks stiffnessInterpolation's arguments without changing anything.
     *
     * @return the joints named, chains expanded
     * @throws IllegalArgumentException as {@link #stiffnessInterpolation} would
     */
    public List<NaoJoint> checkStiffnesses(List<String> names, double[] stiffnesses, double durationSeconds) {
        return checkStiffnesses("stiffnessInterpolation", names, stiffnesses, durationSeconds);
    }

    private static List<NaoJoint> checkStiffnesses(String method, List<String> names, double[] stiffnesses,
            double durationSeconds) {
        if (!(durationSeconds >= 0) || Double.isInfinite(durationSeconds)) {
            throw new IllegalArgumentException(method + ": the duration must be finite and at least 0 s, was "
                    + durationSeconds);
        }
        List<NaoJoint> joints = expand(names);
        if (stiffnesses.length != 1 && stiffnesses.length != joints.size()) {
            throw new IllegalArgumentException(method + ": " + stiffnesses.length + " stiffnesses for the "
                    + joints.size() + " joints " + joints.stream().map(NaoJoint::naoqiName).toList()
                    + "; give one for all or one per joint");
        }
        for (double value : stiffnesses) {
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException(method + ": stiffness " + value + " is outside [0, 1]");
            }
        }
        return joints;
    }

    private void interpolateStiffness(String method, List<String> names, double[] stiffnesses, double durationSeconds) {
        List<NaoJoint> joints = checkStiffnesses(method, names, stiffnesses, durationSeconds);
        double[] values = new double[COUNT];
        boolean[] named = new boolean[COUNT];
        for (int i = 0; i < joints.size(); i++) {
            values[joints.get(i).ordinal()] = stiffnesses.length == 1 ? stiffnesses[0] : stiffnesses[i];
            named[joints.get(i).ordinal()] = true;
        }
        coupleHipYawPitch(values, named);
        for (int j = 0; j < COUNT; j++) {
            if (named[j]) {
                stiffnessFrom[j] = stiffness[j];
                stiffnessTo[j] = values[j];
                stiffnessElapsed[j] = 0;
                stiffnessDuration[j] = durationSeconds;
                if (durationSeconds == 0) {
                    stiffness[j] = values[j];
                }
            }
        }
    }

    // ---- ALRobotPosture ----

    /**
     * ALRobotPosture.goToPosture: interpolate every joint to the predefined posture, all arriving together, the slowest
     * at speed times its maximum speed. Stops a walk under way.
     *
     * @param speed relative speed in (0, 1]
     */
    public void goToPosture(String postureName, double speed) {
        NaoPosture posture = checkGoToPosture(postureName, speed);
        double[] newTargets = new double[COUNT];
        posture.copyValues(newTargets);
        double duration = 0;
        for (NaoJoint joint : JOINTS) {
            double distance = Math.abs(newTargets[joint.ordinal()] - angles[joint.ordinal()]);
            duration = Math.max(duration, distance / (speed * JointVelocityLimits.of(joint)));
        }
        boolean[] all = new boolean[COUNT];
        Arrays.fill(all, true);
        walk.stop();
        double synchronousDuration = duration;
        startJointMotion(newTargets, all, joint -> synchronousDuration == 0 ? 0
                : Math.abs(newTargets[joint.ordinal()] - angles[joint.ordinal()]) / synchronousDuration);
    }

    /**
     * Checks goToPosture's arguments without changing anything.
     *
     * @throws IllegalArgumentException as {@link #goToPosture} would
     */
    public NaoPosture checkGoToPosture(String postureName, double speed) {
        requireFraction(speed, "goToPosture", "speed");
        return NaoPosture.byName(postureName);
    }

    /** ALRobotPosture.getPosture: the predefined posture the joints are in, or {@value #UNKNOWN}. */
    public String posture() {
        NaoPosture nearest = nearestPosture();
        return maxPostureDeviation(nearest) <= POSTURE_TOLERANCE ? nearest.naoqiName() : UNKNOWN;
    }

    /** ALRobotPosture.getPostureFamily: the family of {@link #posture()}, or {@value #UNKNOWN}. */
    public String postureFamily() {
        NaoPosture nearest = nearestPosture();
        return maxPostureDeviation(nearest) <= POSTURE_TOLERANCE ? nearest.family().naoqiName() : UNKNOWN;
    }

    // ---- ALMotion: walking ----

    /**
     * ALMotion.move: walk at this velocity in the robot frame until told otherwise.
     *
     * @param vx forward, within ±{@link NaoWalkSimulator#MAX_VX} m/s
     * @param vy leftward, within ±{@link NaoWalkSimulator#MAX_VY} m/s
     * @param omega counter-clockwise, within ±{@link NaoWalkSimulator#MAX_OMEGA} rad/s
     * @throws IllegalStateException unless the body stands with stiff legs
     */
    public void move(double vx, double vy, double omega) {
        requireWithin(vx, NaoWalkSimulator.MAX_VX, "move", "vx", "m/s");
        requireWithin(vy, NaoWalkSimulator.MAX_VY, "move", "vy", "m/s");
        requireWithin(omega, NaoWalkSimulator.MAX_OMEGA, "move", "omega", "rad/s");
        requireReadyToWalk("move");
        walk.moveVel(vx, vy, omega);
        startWalkCommand(Command.MOVE);
    }

    /** ALMotion.moveToward: as {@link #move} with velocities normalised to the walk's limits, each in [−1, 1]. */
    public void moveToward(double x, double y, double theta) {
        requireWithin(x, 1, "moveToward", "x", "(normalised)");
        requireWithin(y, 1, "moveToward", "y", "(normalised)");
        requireWithin(theta, 1, "moveToward", "theta", "(normalised)");
        move(x * NaoWalkSimulator.MAX_VX, y * NaoWalkSimulator.MAX_VY, theta * NaoWalkSimulator.MAX_OMEGA);
    }

    /**
     * ALMotion.moveTo: walk to the pose (m, m, rad) given in the robot frame now; {@link #isAttained()} once the
     * odometry says it has arrived.
     *
     * @throws IllegalStateException unless the body stands with stiff legs
     */
    public void moveTo(double x, double y, double theta) {
        requireFinite(x, "moveTo", "x");
        requireFinite(y, "moveTo", "y");
        requireFinite(theta, "moveTo", "theta");
        requireReadyToWalk("moveTo");
        walk.moveTo(x, y, theta);
        startWalkCommand(Command.MOVE_TO);
    }

    /** ALMotion.stopMove: the walk stops, the joints hold where they are; the latest command is not attained. */
    public void stopMove() {
        walk.stop();
        System.arraycopy(angles, 0, targets, 0, COUNT);
        Arrays.fill(commanded, false);
        command = Command.NONE;
        attained = false;
    }

    // ---- simulation ----

    /** Advance by {@link #STEP}: stiffness, joints, walk, then the state of the latest command. */
    public void step() {
        for (int j = 0; j < COUNT; j++) {
            if (stiffnessElapsed[j] < stiffnessDuration[j]) {
                stiffnessElapsed[j] = Math.min(stiffnessDuration[j], stiffnessElapsed[j] + STEP);
                stiffness[j] = stiffnessFrom[j]
                        + (stiffnessTo[j] - stiffnessFrom[j]) * stiffnessElapsed[j] / stiffnessDuration[j];
            }
        }
        for (int j = 0; j < COUNT; j++) {
            if (j != R_HYP && stiffness[j] > 0) {
                double difference = targets[j] - angles[j];
                double reach = speeds[j] * STEP;
                angles[j] = Math.abs(difference) <= reach ? targets[j] : angles[j] + Math.copySign(reach, difference);
            }
        }
        angles[R_HYP] = angles[L_HYP];

        if (walk.isCommanded() && !legsStiff()) {
            walk.stop();
        }
        walk.step();
        updateCommand();

        double pitch = computeTorsoPitch();
        torsoPitchRate = (pitch - torsoPitch) / STEP;
        torsoPitch = pitch;
        steps++;
    }

    private void updateCommand() {
        switch (command) {
            case JOINTS -> {
                boolean reached = true;
                boolean progressing = false;
                for (int j = 0; j < COUNT; j++) {
                    if (commanded[j] && Math.abs(angles[j] - targets[j]) > TARGET_TOLERANCE) {
                        reached = false;
                        progressing |= stiffness[j] > 0;
                    }
                }
                if (reached || !progressing) {
                    command = Command.NONE;
                    attained = reached;
                }
            }
            case MOVE_TO -> {
                if (walk.isAttained()) {
                    command = Command.NONE;
                    attained = true;
                } else if (!walk.isCommanded()) {
                    command = Command.NONE;
                }
            }
            case MOVE -> {
                if (!walk.isCommanded()) {
                    command = Command.NONE;
                }
            }
            case NONE -> {
            }
        }
    }

    // ---- readings ----

    /** Simulated time since the start, s. */
    public double time() {
        return steps * STEP;
    }

    /** The joint's angle (rad), or the hand's opening. */
    public double angle(String jointName) {
        return angles[NaoJoint.byName(jointName).ordinal()];
    }

    /** As {@link #angle(String)}, without looking the name up. */
    public double angle(NaoJoint joint) {
        return angles[joint.ordinal()];
    }

    /** As {@link #target(String)}, without looking the name up. */
    public double target(NaoJoint joint) {
        return targets[joint.ordinal()];
    }

    /** As {@link #stiffness(String)}, without looking the name up. */
    public double stiffness(NaoJoint joint) {
        return stiffness[joint.ordinal()];
    }

    /** ALMotion.getAngles for joints or chains, in the order named. */
    public double[] getAngles(List<String> names) {
        return expand(names).stream().mapToDouble(joint -> angles[joint.ordinal()]).toArray();
    }

    /** The target of the joint's current or latest motion. */
    public double target(String jointName) {
        return targets[NaoJoint.byName(jointName).ordinal()];
    }

    public double stiffness(String jointName) {
        return stiffness[NaoJoint.byName(jointName).ordinal()];
    }

    /** ALMotion.getStiffnesses for joints or chains, in the order named. */
    public double[] getStiffnesses(List<String> names) {
        return expand(names).stream().mapToDouble(joint -> stiffness[joint.ordinal()]).toArray();
    }

    /** True once the latest setAngles, goToPosture or moveTo has reached its target, until the next command. */
    public boolean isAttained() {
        return attained;
    }

    /** True while the latest command is being executed (a move runs until stopMove). */
    public boolean isCommandActive() {
        return command != Command.NONE;
    }

    /** True while a move or moveTo is under way. */
    public boolean isWalking() {
        return command == Command.MOVE || command == Command.MOVE_TO;
    }

    /** The walk engine's odometry (ALMotion.getRobotPosition(false)). */
    public Pose2D odometry() {
        return new Pose2D(walk.odomX(), walk.odomY(), walk.odomTheta());
    }

    /** {@link #odometry()}'s x, y and θ one by one, for a caller that must not allocate. */
    public double odometryX() {
        return walk.odomX();
    }

    public double odometryY() {
        return walk.odomY();
    }

    public double odometryTheta() {
        return walk.odomTheta();
    }

    /** Where the robot really is; what the cameras see from. */
    public Pose2D truePose() {
        return new Pose2D(walk.trueX(), walk.trueY(), walk.trueTheta());
    }

    /** {@link #truePose()}'s x, y and θ one by one, for a caller that must not allocate. */
    public double trueX() {
        return walk.trueX();
    }

    public double trueY() {
        return walk.trueY();
    }

    public double trueTheta() {
        return walk.trueTheta();
    }

    /** The inertial unit, now. */
    public InertialReading inertial() {
        return new InertialReading(0, torsoPitch, imuYaw(), 0, torsoPitchRate, gyroZ(), accelerometerX(),
                accelerometerY(), accelerometerZ());
    }

    /** {@link #inertial()}'s readings one by one, for a caller that must not allocate: AngleZ, rad. */
    public double imuYaw() {
        return walk.imuYaw();
    }

    /** GyroscopeY, rad/s. */
    public double torsoPitchRate() {
        return torsoPitchRate;
    }

    /** GyroscopeZ, rad/s. */
    public double gyroZ() {
        return walk.gyroZ();
    }

    /** AccelerometerX, m/s²: the walk's specific force is in the level robot frame, the torso pitched about y. */
    public double accelerometerX() {
        return Math.cos(torsoPitch) * walk.accX() - Math.sin(torsoPitch) * walk.accZ();
    }

    public double accelerometerY() {
        return walk.accY();
    }

    public double accelerometerZ() {
        return Math.sin(torsoPitch) * walk.accX() + Math.cos(torsoPitch) * walk.accZ();
    }

    /**
     * Torso pitch (rad, positive leaning forward). On the feet, from the legs' pitch joints with the feet flat on the
     * floor; seated, upright; lying on the back −π/2, on the belly +π/2.
     */
    public double torsoPitch() {
        return torsoPitch;
    }

    /** Height of the torso frame's origin above the floor, m; see {@link #torsoPitch()} for how it is found. */
    public double torsoHeight() {
        return switch (supportFamily()) {
            case STANDING, CROUCHING -> hipHeight() + HIP_OFFSET_Z * Math.cos(torsoPitch);
            case SITTING -> SITTING_TORSO_HEIGHT;
            case LYING_BELLY, LYING_BACK -> LYING_TORSO_HEIGHT;
        };
    }

    /** Weight on the left foot, kg: see {@link #rightFootWeight()}. */
    public double leftFootWeight() {
        return onFeet() ? MASS * leftShare() : 0;
    }

    /**
     * Weight on the right foot, kg. Standing or crouching, NAO's mass is split between the feet by where the torso is
     * over them: rolling both hips shifts it sideways, and walking rocks it from foot to foot once a step. Seated or
     * lying, the feet carry nothing (we neglect the legs' own weight).
     */
    public double rightFootWeight() {
        return onFeet() ? MASS * (1 - leftShare()) : 0;
    }

    // ---- internals ----

    private void startJointMotion(double[] newTargets, boolean[] named,
            ToDoubleFunction<NaoJoint> speed) {
        for (NaoJoint joint : JOINTS) {
            int j = joint.ordinal();
            if (named[j]) {
                speeds[j] = speed.applyAsDouble(joint);
            }
            targets[j] = newTargets[j];
        }
        speeds[R_HYP] = speeds[L_HYP];
        System.arraycopy(named, 0, commanded, 0, COUNT);
        command = Command.JOINTS;
        attained = false;
    }

    private void startWalkCommand(Command walkCommand) {
        Arrays.fill(commanded, false);
        command = walkCommand;
        attained = false;
    }

    /** The single hip motor: a value for LHipYawPitch wins; RHipYawPitch alone drives both. */
    private static void coupleHipYawPitch(double[] values, boolean[] named) {
        if (named[L_HYP]) {
            values[R_HYP] = values[L_HYP];
        } else if (named[R_HYP]) {
            values[L_HYP] = values[R_HYP];
        }
        named[L_HYP] |= named[R_HYP];
        named[R_HYP] = named[L_HYP];
    }

    private static List<NaoJoint> expand(List<String> names) {
        if (names == null || names.isEmpty()) {
            throw new IllegalArgumentException("no joint names given; name joints or chains (" + CHAINS + ")");
        }
        List<NaoJoint> joints = new ArrayList<>();
        for (String name : names) {
            if ("Body".equals(name)) {
                joints.addAll(List.of(JOINTS));
                continue;
            }
            boolean chain = false;
            for (NaoJoint.Chain candidate : NaoJoint.Chain.values()) {
                if (candidate.naoqiName().equals(name)) {
                    for (NaoJoint joint : JOINTS) {
                        if (joint.chain() == candidate) {
                            joints.add(joint);
                        }
                    }
                    chain = true;
                }
            }
            if (!chain) {
                try {
                    joints.add(NaoJoint.byName(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(e.getMessage() + "; or a chain: " + CHAINS, e);
                }
            }
        }
        return joints;
    }

    private boolean legsStiff() {
        for (NaoJoint joint : JOINTS) {
            if (isLeg(joint) && stiffness[joint.ordinal()] <= 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLeg(NaoJoint joint) {
        return joint.chain() == NaoJoint.Chain.LEFT_LEG || joint.chain() == NaoJoint.Chain.RIGHT_LEG;
    }

    private void requireReadyToWalk(String method) {
        if (supportFamily() != PostureFamily.STANDING) {
            throw new IllegalStateException(method + ": NAO walks from a standing posture and is in " + posture()
                    + " (family " + supportFamily().naoqiName() + "); goToPosture(\"StandInit\") first");
        }
        if (!legsStiff()) {
            StringJoiner limp = new StringJoiner(", ");
            for (NaoJoint joint : JOINTS) {
                if (isLeg(joint) && stiffness[joint.ordinal()] <= 0) {
                    limp.add(joint.naoqiName());
                }
            }
            throw new IllegalStateException(method + ": NAO cannot walk on limp legs (stiffness 0: " + limp + ")");
        }
    }

    /** The posture nearest to the joints, head and hands aside: its family tells where the weight rests. */
    private NaoPosture nearestPosture() {
        NaoPosture nearest = null;
        double best = Double.POSITIVE_INFINITY;
        for (NaoPosture posture : POSTURES) {
            double deviation = maxPostureDeviation(posture);
            if (deviation < best) {
                best = deviation;
                nearest = posture;
            }
        }
        return nearest;
    }

    /** Looking around or opening a hand does not leave a posture: the head and hands are not compared. */
    private double maxPostureDeviation(NaoPosture posture) {
        double max = 0;
        for (NaoJoint joint : JOINTS) {
            if (joint.chain() != NaoJoint.Chain.HEAD && !joint.isHand()) {
                max = Math.max(max, Math.abs(posture.value(joint) - angles[joint.ordinal()]));
            }
        }
        return max;
    }

    private PostureFamily supportFamily() {
        return nearestPosture().family();
    }

    private boolean onFeet() {
        PostureFamily family = supportFamily();
        return family == PostureFamily.STANDING || family == PostureFamily.CROUCHING;
    }

    private double computeTorsoPitch() {
        return switch (supportFamily()) {
            case STANDING, CROUCHING -> -0.5
                    * (legPitch(NaoJoint.L_HIP_PITCH, NaoJoint.L_KNEE_PITCH, NaoJoint.L_ANKLE_PITCH)
                            + legPitch(NaoJoint.R_HIP_PITCH, NaoJoint.R_KNEE_PITCH, NaoJoint.R_ANKLE_PITCH));
            case SITTING -> 0;
            case LYING_BACK -> -Math.PI / 2;
            case LYING_BELLY -> Math.PI / 2;
        };
    }

    /** With the foot flat, the torso pitches back by the sum of the leg's pitch rotations, HipYawPitch's share too. */
    private double legPitch(NaoJoint hip, NaoJoint knee, NaoJoint ankle) {
        return SQRT_HALF * angles[L_HYP] + angles[hip.ordinal()] + angles[knee.ordinal()] + angles[ankle.ordinal()];
    }

    /** Height of the hip joints above the floor with the feet flat, averaged over both legs. */
    private double hipHeight() {
        return 0.5 * (legHeight(NaoJoint.L_KNEE_PITCH, NaoJoint.L_ANKLE_PITCH)
                + legHeight(NaoJoint.R_KNEE_PITCH, NaoJoint.R_ANKLE_PITCH));
    }

    private double legHeight(NaoJoint knee, NaoJoint ankle) {
        double anklePitch = angles[ankle.ordinal()];
        return FOOT_HEIGHT + TIBIA_LENGTH * Math.cos(anklePitch)
                + THIGH_LENGTH * Math.cos(angles[knee.ordinal()] + anklePitch);
    }

    /**
     * Share of the weight on the left foot. Both hips rolled by φ on average put the feet φ to the left of the hips,
     * so the torso sits hipHeight·sin φ to the right of the feet's midpoint; the share moves linearly between the feet
     * (2·{@link #HIP_OFFSET_Y} apart). Walking adds a sway that carries the whole weight onto the stance foot once a
     * step ({@link NaoWalkSimulator#STEP_PERIOD}); our approximation of the walk's single-support phases.
     */
    private double leftShare() {
        double roll = 0.5 * (angles[NaoJoint.L_HIP_ROLL.ordinal()] + angles[NaoJoint.R_HIP_ROLL.ordinal()]);
        double share = 0.5 - hipHeight() * Math.sin(roll) / (2 * HIP_OFFSET_Y);
        if (Math.abs(walk.trueVx()) + Math.abs(walk.trueVy()) + Math.abs(walk.trueOmega()) > WALKING_SPEED) {
            share += 0.5 * Math.sin(Math.PI * time() / NaoWalkSimulator.STEP_PERIOD);
        }
        return Math.max(0, Math.min(1, share));
    }

    private static void requireFraction(double value, String method, String name) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(method + ": " + name + " must be in (0, 1], was " + value);
        }
    }

    /** The limits come from divisions (0.04 m / 0.4 s): a relative 1e-9 lets a caller ask for exactly the limit. */
    private static void requireWithin(double value, double limit, String method, String name, String unit) {
        if (!(Math.abs(value) <= limit * (1 + 1e-9))) {
            String shown = BigDecimal.valueOf(limit).round(new MathContext(6)).stripTrailingZeros().toPlainString();
            throw new IllegalArgumentException(method + ": " + name + " = " + value + " is outside [-" + shown + ", "
                    + shown + "] " + unit);
        }
    }

    private static void requireFinite(double value, String method, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(method + ": " + name + " must be finite, was " + value);
        }
    }
}
