package org.embodia.velma.cs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.embodia.velma.api.AllHwOk;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;
import org.embodia.velma.model.Frames;
import org.embodia.velma.model.SelfCollision;
import org.embodia.velma.model.VelmaModel;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The task interface of velma_core_cs (the role of ros_interface/a, [VELMA-STRUCT]): checks each command
 * and hands it to the control loop. Checks: every number finite; joint targets within the joint
 * limits; end-effector targets within an arm's reach of its shoulder; head targets within the head's
 * limits; durations in (0, {@value #MAX_SECONDS}] s; stiffness scale in (0, max].
 */
@Component
public final class TaskInterface implements VelmaTaskInterface {
    static final double MAX_SECONDS = 60;
    /** The LWR's reach from the shoulder to the tool point (m). */
    static final double REACH = VelmaModel.DH_D[2] + VelmaModel.DH_D[4] + VelmaModel.DH_D[6] + VelmaModel.TOOL_LENGTH;

    private final VelmaCs cs;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, String> kinds = new ConcurrentHashMap<>();
    private final CsView view = new CsView();

    @Activate
    public TaskInterface(@Reference VelmaCs cs) {
        this.cs = cs;
    }

    /** velma.cs takes no joint or Cartesian command in self collision: say so now rather than let it be dropped. */
    private void requireOutOfCollision(String what) {
        VelmaView v = view();
        if (v.iteration() > 0 && v.selfCollisionDistance() < VelmaModel.COLLISION_DISTANCE) {
            throw new IllegalArgumentException(String.format("the arms are in self collision (%s, %.3f m): relax (safe_col) before a %s command",
                    v.nearestPair(), v.selfCollisionDistance(), what));
        }
    }

    private Motion submit(TaskCommand c) {
        kinds.put(c.id, c.kind.label);
        cs.submit(c);
        return motion(c.id);
    }

    @Override
    public Motion exitSafeMode() {
        return submit(TaskCommand.simple(ids.incrementAndGet(), TaskCommand.Kind.EXIT_SAFE));
    }

    @Override
    public Motion jointImpedance(JointImpedanceCommand command) {
        if (command.right() == null && command.left() == null && command.torso() == null) {
            throw new IllegalArgumentException("a joint impedance command needs a target for the right arm, the left arm or the torso");
        }
        checkJoints("right arm", command.right());
        checkJoints("left arm", command.left());
        if (command.torso() != null) {
            double t = command.torso();
            if (!(Math.abs(t) <= Velma.TORSO_LIMIT)) {
                throw new IllegalArgumentException("torso target " + t + " rad is outside ±" + Velma.TORSO_LIMIT + " rad");
            }
        }
        checkSeconds(command.seconds());
        requireOutOfCollision("joint impedance");
        double s = command.stiffnessScale();
        if (!(s > 0 && s <= JointImpedanceCommand.MAX_STIFFNESS_SCALE)) {
            throw new IllegalArgumentException("stiffness scale " + s + " is outside (0, " + JointImpedanceCommand.MAX_STIFFNESS_SCALE + "]");
        }
        return submit(TaskCommand.joints(ids.incrementAndGet(), command.right(), command.left(), command.torso(), command.seconds(), s));
    }

    private static void checkJoints(String part, double[] q) {
        if (q == null) {
            return;
        }
        if (q.length != Velma.LWR_JOINTS) {
            throw new IllegalArgumentException(part + ": " + Velma.LWR_JOINTS + " joint targets needed, got " + q.length);
        }
        for (int j = 0; j < q.length; j++) {
            if (!(Math.abs(q[j]) <= Velma.LWR_LIMITS[j])) {
                throw new IllegalArgumentException(part + " joint " + (j + 1) + " target " + q[j] + " rad is outside ±" + Velma.LWR_LIMITS[j] + " rad");
            }
        }
    }

    private static void checkSeconds(double seconds) {
        if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
            throw new IllegalArgumentException("duration " + seconds + " s is outside (0, " + MAX_SECONDS + "] s");
        }
    }

    @Override
    public Motion cartesianImpedance(CartesianImpedanceCommand command) {
        if (command.right() == null && command.left() == null) {
            throw new IllegalArgumentException("a Cartesian impedance command needs a pose for the right or the left end effector");
        }
        checkSeconds(command.seconds());
        requireOutOfCollision("Cartesian impedance");
        double[] right = frame("right", command.right(), -1);
        double[] left = frame("left", command.left(), 1);
        return submit(TaskCommand.cartesian(ids.incrementAndGet(), right, command.right() != null && command.right().keepOrientation(), left,
                command.left() != null && command.left().keepOrientation(), command.seconds()));
    }

    /** The pose as a frame, checked against the reach of the arm's shoulder at the current torso angle. */
    private double[] frame(String arm, Pose p, int side) {
        if (p == null) {
            return null;
        }
        double[] values = {p.x(), p.y(), p.z(), p.roll(), p.pitch(), p.yaw()};
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(arm + " pose " + p + " has a value that is not a finite number");
            }
        }
        double torso = view().torso();
        double shoulderOut = VelmaModel.ARM_MOUNT_Y + VelmaModel.DH_D[0];
        double sx = -side * shoulderOut * Math.sin(torso);
        double sy = side * shoulderOut * Math.cos(torso);
        double dx = p.x() - sx;
        double dy = p.y() - sy;
        double dz = p.z() - VelmaModel.ARM_MOUNT_Z;
        double distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (distance > REACH) {
            throw new IllegalArgumentException(String.format("%s target (%.3f, %.3f, %.3f) is %.3f m from the shoulder, beyond the arm's reach of %.3f m", arm,
                    p.x(), p.y(), p.z(), distance, REACH));
        }
        double[] f = new double[16];
        Frames.translateRotate(p.x(), p.y(), p.z(), 1, 0, 0, 0, f);
        Rotations.fromRpy(p.roll(), p.pitch(), p.yaw(), f);
        return f;
    }

    @Override
    public Motion relax() {
        return submit(TaskCommand.simple(ids.incrementAndGet(), TaskCommand.Kind.SAFE_COL));
    }

    @Override
    public Motion head(double pan, double tilt, double seconds) {
        if (!(Math.abs(pan) <= Velma.HEAD_PAN_LIMIT)) {
            throw new IllegalArgumentException("head pan " + pan + " rad is outside ±" + Velma.HEAD_PAN_LIMIT + " rad");
        }
        if (!(tilt >= Velma.HEAD_TILT_MIN && tilt <= Velma.HEAD_TILT_MAX)) {
            throw new IllegalArgumentException("head tilt " + tilt + " rad is outside [" + Velma.HEAD_TILT_MIN + ", " + Velma.HEAD_TILT_MAX + "] rad");
        }
        checkSeconds(seconds);
        return submit(TaskCommand.head(ids.incrementAndGet(), pan, tilt, seconds));
    }

    @Override
    public VelmaView view() {
        synchronized (view) {
            cs.view().receive();
            CsView v = cs.view().get();
            view.copyFrom(v);
            return new VelmaView(view.iteration, view.veBodySafe, view.motorsReady, view.right.clone(), view.left.clone(), view.torso, view.headPan,
                    view.headTilt, tool(view.rightTool), tool(view.leftTool), view.minDistance, SelfCollision.pairName(view.nearestPair), view.firstCycleMillis,
                    AllHwOk.names(view.hardwareFailing), AllHwOk.names(view.hardwareFailingWhenSafe));
        }
    }

    private static double[] tool(double[] frame) {
        return new double[] {frame[3], frame[7], frame[11], frame[0], frame[1], frame[2], frame[4], frame[5], frame[6], frame[8], frame[9],
            frame[10]};
    }

    @Override
    public Motion motion(long id) {
        String kind = kinds.get(id);
        Motion.Phase phase = cs.log().phase(id);
        if (kind == null || phase == null) {
            throw new IllegalArgumentException("no command " + id + " (or too old)");
        }
        return new Motion(id, kind, phase, cs.log().reason(id));
    }
}
