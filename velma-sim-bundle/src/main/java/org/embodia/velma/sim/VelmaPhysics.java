package org.embodia.velma.sim;

import java.util.ArrayList;
import java.util.List;

import org.embodia.velma.api.Velma;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaKinematics;
import org.embodia.velma.model.VelmaModel;

/**
 * Velma's 17 moving bodies in an ODE world ({@link Ode}), each hinged to its parent as {@link VelmaModel#bodies}
 * describes, stepped with a fixed {@link #DT}. Joint {@code i} is the hinge that moves body {@code i}
 * (the indices of {@link VelmaModel}: 0 torso, 1..7 right arm, 8..14 left arm, 15 head pan, 16 head
 * tilt). Each step applies the torques set since the last one, plus the joints' viscous friction.
 *
 * <p>ODE measures a hinge's angle from the bodies' relative orientation when it was attached, so the
 * world is built at the all-zero joint state, where hinge angle and model joint angle agree, and the
 * bodies are then moved to the rest posture. {@link #step()} allocates nothing, ODE's step included;
 * one thread uses an instance.
 */
public final class VelmaPhysics implements AutoCloseable {
    /** The control period: the world steps in lock-step with the 500 Hz loop. */
    public static final double DT = Velma.PERIOD_SECONDS;
    public static final int JOINTS = 17;
    public static final double GRAVITY = 9.81;
    /** Ten times the largest torque limit of Velma's drives (the torso's): above it a torque is a bug, not a command. */
    public static final double MAX_TORQUE = 10 * Velma.TORSO_TORQUE_LIMIT;

    /** Length of the cylinder whose inertia an arm link gets (m); its radius is the model's link radius. */
    private static final double LINK_LENGTH = 0.2;
    /** The head pan's cylinder (m). */
    private static final double HEAD_PAN_RADIUS = 0.06;
    private static final double HEAD_PAN_LENGTH = 0.1;
    /**
     * Inertia of motor and gear reflected to the joint (kg·m²), added about the joint's axis. The
     * model's wrist links weigh 0.2 kg without a hand; without this their inertia alone would make a
     * 500 Hz damping loop (ve_body's safe mode) unstable, which the real arm's drives are not.
     */
    private static final double[] ARM_ARMATURE = {0.1, 0.1, 0.05, 0.05, 0.02, 0.02, 0.02};
    private static final double HEAD_ARMATURE = 0.01;
    /** Viscous friction of the joints (N·m·s/rad): torso, each arm joint, each head joint. */
    private static final double TORSO_FRICTION = 1.0;
    private static final double ARM_FRICTION = 0.05;
    private static final double HEAD_FRICTION = 0.05;

    private final long world;
    private final long[] bodies = new long[JOINTS];
    private final long[] hinges = new long[JOINTS];
    private final double[] lower = new double[JOINTS];
    private final double[] upper = new double[JOINTS];
    private final double[] friction = new double[JOINTS];
    private final double[] mass = new double[JOINTS];
    /** Per joint, the bodies it moves: itself and everything hanging from it. */
    private final int[][] subtree = new int[JOINTS][];
    /** The orientation of each body's link frame at the all-zero state, to place bodies at other states. */
    private final double[][] zeroLinkFrames = new double[JOINTS][16];
    private final String[] names = new String[JOINTS];

    private final double[] torque = new double[JOINTS];
    private final double[] angle = new double[JOINTS];
    private final double[] rate = new double[JOINTS];
    private final boolean[] braked = new boolean[JOINTS];
    private final double[] anchor = new double[3];
    private final double[] axis = new double[3];
    private final double[] centre = new double[3];
    private final VelmaKinematics kinematics = new VelmaKinematics();
    private long steps;
    private boolean closed;

    /** Builds the world with every joint at {@link VelmaModel#REST_RIGHT} / {@link VelmaModel#REST_LEFT}, torso and head at 0. */
    public VelmaPhysics() {
        if (!Ode.init()) {
            throw new IllegalStateException("ODE did not initialize (dInitODE2)");
        }
        world = Ode.worldCreate();
        if (world == 0) {
            Ode.close();
            throw new IllegalStateException("ODE could not create a world");
        }
        Ode.worldSetGravity(world, 0, 0, -GRAVITY);
        double[] zero = new double[Velma.LWR_JOINTS];
        kinematics.update(0, zero, zero, 0, 0);
        List<VelmaModel.Body> spec = VelmaModel.bodies(kinematics);
        if (spec.size() != JOINTS) {
            throw new IllegalStateException("VelmaModel.bodies describes " + spec.size() + " bodies; the simulation is built for " + JOINTS);
        }
        double[] armAxis = linkColumn(kinematics.frame(Arm.RIGHT, 0), 2);
        double[] leftArmAxis = linkColumn(kinematics.frame(Arm.LEFT, 0), 2);
        for (int i = 0; i < JOINTS; i++) {
            VelmaModel.Body b = spec.get(i);
            names[i] = b.name();
            mass[i] = b.mass();
            lower[i] = b.lower();
            upper[i] = b.upper();
            System.arraycopy(linkFrame(i), 0, zeroLinkFrames[i], 0, 16);
            long body = Ode.bodyCreate(world);
            Ode.bodySetPosition(body, b.centre()[0], b.centre()[1], b.centre()[2]);
            double[] inertia = inertia(i, b, i >= VelmaModel.BODY_LEFT_ARM ? leftArmAxis : armAxis);
            Ode.bodySetMass(body, b.mass(), inertia[0], inertia[4], inertia[8], inertia[1], inertia[2], inertia[5]);
            bodies[i] = body;
            long hinge = Ode.hingeCreate(world);
            // The moving body first: ODE's angle and rate are then those of the child relative to its parent.
            Ode.jointAttach(hinge, body, b.parent() < 0 ? 0 : bodies[b.parent()]);
            Ode.hingeSetAnchor(hinge, b.anchor()[0], b.anchor()[1], b.anchor()[2]);
            Ode.hingeSetAxis(hinge, b.axis()[0], b.axis()[1], b.axis()[2]);
            Ode.hingeSetStops(hinge, lower[i], upper[i]);
            hinges[i] = hinge;
            friction[i] = i == VelmaModel.BODY_TORSO ? TORSO_FRICTION : i >= VelmaModel.BODY_HEAD_PAN ? HEAD_FRICTION : ARM_FRICTION;
        }
        for (int i = 0; i < JOINTS; i++) {
            subtree[i] = subtree(spec, i);
        }
        place(0, VelmaModel.REST_RIGHT, VelmaModel.REST_LEFT, 0, 0);
    }

    /**
     * The inertia tensor (row by row) of a cylinder around the link (the head a sphere), plus the drive's reflected
     * inertia about the joint axis.
     */
    private static double[] inertia(int i, VelmaModel.Body b, double[] armAxis) {
        double m = b.mass();
        double[] u;
        double radial;
        double axial;
        double armature;
        if (i == VelmaModel.BODY_TORSO) {
            u = new double[] {0, 0, 1};
            double r = VelmaModel.TORSO_COLUMN_RADIUS;
            double h = VelmaModel.TORSO_COLUMN_Z1 - VelmaModel.TORSO_COLUMN_Z0;
            axial = 0.5 * m * r * r;
            radial = m * (3 * r * r + h * h) / 12;
            armature = 0;
        } else if (i == VelmaModel.BODY_HEAD_TILT) {
            u = new double[] {0, 0, 1};
            axial = 0.4 * m * VelmaModel.HEAD_RADIUS * VelmaModel.HEAD_RADIUS;
            radial = axial;
            armature = HEAD_ARMATURE;
        } else if (i == VelmaModel.BODY_HEAD_PAN) {
            u = new double[] {0, 0, 1};
            axial = 0.5 * m * HEAD_PAN_RADIUS * HEAD_PAN_RADIUS;
            radial = m * (3 * HEAD_PAN_RADIUS * HEAD_PAN_RADIUS + HEAD_PAN_LENGTH * HEAD_PAN_LENGTH) / 12;
            armature = HEAD_ARMATURE;
        } else {
            // At the zero state an LWR is straight: every link lies along its base's axis.
            u = armAxis;
            double r = VelmaModel.LWR_LINK_RADIUS;
            axial = 0.5 * m * r * r;
            radial = m * (3 * r * r + LINK_LENGTH * LINK_LENGTH) / 12;
            armature = ARM_ARMATURE[(i - 1) % Velma.LWR_JOINTS];
        }
        double[] w = b.axis();
        double[] inertia = new double[9];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double identity = r == c ? 1 : 0;
                inertia[r * 3 + c] = radial * (identity - u[r] * u[c]) + axial * u[r] * u[c] + armature * w[r] * w[c];
            }
        }
        return inertia;
    }

    private static int[] subtree(List<VelmaModel.Body> spec, int root) {
        List<Integer> out = new ArrayList<>();
        for (int b = 0; b < spec.size(); b++) {
            for (int a = b; a >= 0; a = spec.get(a).parent()) {
                if (a == root) {
                    out.add(b);
                    break;
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The kinematics frame that body {@code i} moves with. */
    private double[] linkFrame(int i) {
        if (i == VelmaModel.BODY_TORSO) {
            return kinematics.torso();
        }
        if (i == VelmaModel.BODY_HEAD_PAN) {
            return kinematics.headPan();
        }
        if (i == VelmaModel.BODY_HEAD_TILT) {
            return kinematics.headTilt();
        }
        Arm arm = i < VelmaModel.BODY_LEFT_ARM ? Arm.RIGHT : Arm.LEFT;
        int joint = i - (arm == Arm.RIGHT ? VelmaModel.BODY_RIGHT_ARM : VelmaModel.BODY_LEFT_ARM);
        return kinematics.frame(arm, joint + 1);
    }

    private static double[] linkColumn(double[] frame, int c) {
        return new double[] {frame[c], frame[4 + c], frame[8 + c]};
    }

    /**
     * Moves every body to the given joint state (rad), at rest: pose = T_link(q)·T_link(0)⁻¹·pose(0),
     * with pose(0) unrotated. Not for the control loop: it allocates.
     */
    public void place(double torso, double[] right, double[] left, double headPan, double headTilt) {
        requireOpen();
        kinematics.update(torso, right, left, headPan, headTilt);
        List<VelmaModel.Body> spec = VelmaModel.bodies(kinematics);
        double[] rotation = new double[9];
        for (int i = 0; i < JOINTS; i++) {
            double[] t = linkFrame(i);
            double[] z = zeroLinkFrames[i];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    rotation[r * 3 + c] = t[r * 4] * z[c * 4] + t[r * 4 + 1] * z[c * 4 + 1] + t[r * 4 + 2] * z[c * 4 + 2];
                }
            }
            double[] at = spec.get(i).centre();
            Ode.bodySetPosition(bodies[i], at[0], at[1], at[2]);
            Ode.bodySetRotation(bodies[i], rotation);
            Ode.bodySetLinearVel(bodies[i], 0, 0, 0);
            Ode.bodySetAngularVel(bodies[i], 0, 0, 0);
        }
        sense();
        for (int i = 0; i < JOINTS; i++) {
            if (braked[i]) {
                braked[i] = false;
                brake(i);
            }
        }
    }

    /**
     * The torque (N·m) the joint's drive applies during the following steps, until set again.
     *
     * @throws IllegalArgumentException for a torque not finite or beyond {@link #MAX_TORQUE}: ODE's step would take it
     *         to a state it aborts the process on (its internal assertions), where a device's bug should be an error
     */
    public void setTorque(int joint, double value) {
        if (!(Math.abs(value) <= MAX_TORQUE)) {
            throw new IllegalArgumentException(names[joint] + ": a torque of " + value + " N·m is not one a drive of Velma's gives (at most "
                    + MAX_TORQUE + ")");
        }
        torque[joint] = value;
    }

    public double torque(int joint) {
        return torque[joint];
    }

    /** One step of {@link #DT}: drive torques and viscous friction on every hinge, then the world. */
    public void step() {
        requireOpen();
        for (int i = 0; i < JOINTS; i++) {
            Ode.hingeAddTorque(hinges[i], torque[i] - friction[i] * rate[i]);
        }
        // The exact (Dantzig LCP) stepper: quickStep's iterations leave the 17-body chain sagging under gravity.
        if (!Ode.worldStep(world, DT)) {
            throw new IllegalStateException("ODE's step could not get its working memory");
        }
        sense();
        steps++;
    }

    private void sense() {
        for (int i = 0; i < JOINTS; i++) {
            angle[i] = Ode.hingeAngle(hinges[i]);
            rate[i] = Ode.hingeAngleRate(hinges[i]);
        }
    }

    /** The joint angle (rad) after the last step. */
    public double angle(int joint) {
        return angle[joint];
    }

    /** The joint velocity (rad/s) after the last step. */
    public double rate(int joint) {
        return rate[joint];
    }

    public double lower(int joint) {
        return lower[joint];
    }

    public double upper(int joint) {
        return upper[joint];
    }

    public String name(int joint) {
        return names[joint];
    }

    public long steps() {
        return steps;
    }

    /** Engages the joint's brake: its hinge is held where it is now (inside its limits). */
    public void brake(int joint) {
        requireOpen();
        if (braked[joint]) {
            return;
        }
        double at = Math.max(lower[joint], Math.min(upper[joint], angle[joint]));
        // Equal stops hold the hinge in both directions.
        Ode.hingeSetStops(hinges[joint], at, at);
        braked[joint] = true;
    }

    /** Releases the joint's brake: the hinge is stopped by its limits only. */
    public void release(int joint) {
        requireOpen();
        if (!braked[joint]) {
            return;
        }
        Ode.hingeSetStops(hinges[joint], lower[joint], upper[joint]);
        braked[joint] = false;
    }

    public boolean braked(int joint) {
        return braked[joint];
    }

    /**
     * The torque (N·m) gravity exerts about the joint's axis, from the bodies it moves:
     * Σ axis·((c_b − anchor) × m_b·g), at the bodies' current positions.
     */
    public double gravityTorque(int joint) {
        requireOpen();
        Ode.hingeGetAnchor(hinges[joint], anchor);
        Ode.hingeGetAxis(hinges[joint], axis);
        double ax = axis[0];
        double ay = axis[1];
        double sum = 0;
        for (int b : subtree[joint]) {
            Ode.bodyGetPosition(bodies[b], centre);
            double rx = centre[0] - anchor[0];
            double ry = centre[1] - anchor[1];
            // (r × m·g) with g = (0, 0, −G): (−ry·m·G, rx·m·G, 0)
            double mg = mass[b] * GRAVITY;
            sum += ax * (-ry * mg) + ay * (rx * mg);
        }
        return sum;
    }

    /** ODE's world is freed once closed: a call into it would crash the JVM rather than fail. */
    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the physics is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Ode.worldDestroy(world);
        Ode.close();
    }
}
