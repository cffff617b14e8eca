package org.embodia.velma.shell;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.felix.service.command.Descriptor;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.RunningSubsystems;
import org.embodia.scheduler.StateSwitch;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Gogo commands of scope {@code velma}. Motion commands wait until their motion ends and fail when
 * it is aborted or refused, so a script stops at the first thing that did not happen.
 */
@Component(service = VelmaCommands.class, property = {"osgi.command.scope=velma", "osgi.command.function=status",
    "osgi.command.function=exitsafe", "osgi.command.function=jimp", "osgi.command.function=cimp", "osgi.command.function=relax",
    "osgi.command.function=head", "osgi.command.function=demo", "osgi.command.function=ready"})
public final class VelmaCommands {
    static final String CS = "core/a./cs";
    static final String VE_BODY = "core/a.body/ve";
    /** How long beyond a motion's own duration to wait for it to end (s). */
    static final double SLACK_SECONDS = 15;

    private final VelmaTaskInterface task;
    private final RunningSubsystems running = new RunningSubsystems();

    @Activate
    public VelmaCommands(@Reference VelmaTaskInterface task) {
        this.task = task;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        running.add(agent);
    }

    void removeAgent(Agent agent) {
        running.remove(agent);
    }

    /** The FSM state of a subsystem in whichever agent runs it, or "-". */
    String state(String subsystem) {
        return running.state(subsystem);
    }

    @Descriptor("prints both FSMs' states, the joints, the tool poses and the self-collision distance")
    public String status() {
        VelmaView v = task.view();
        if (v.iteration() == 0) {
            return String.format(Locale.ROOT, "velma_core_cs      %s%nvelma_core_ve_body %s%nno status from velma_core_ve_body yet: the loop is starting",
                    state(CS), state(VE_BODY));
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "velma_core_cs      %s%nvelma_core_ve_body %s (%s)%n", state(CS), state(VE_BODY),
                v.veBodySafe() ? "safe mode" : "transparent"));
        b.append(String.format(Locale.ROOT, "drives             %s%n", v.motorsReady() ? "ready (enabled, homed)" : "not ready"));
        b.append(String.format(Locale.ROOT, "hardware           %s%n", v.hardwareNotOk().isEmpty() ? "allHwOk"
                : "not allHwOk: " + String.join(", ", v.hardwareNotOk()) + " false"));
        b.append(String.format(Locale.ROOT, "right arm  q %s%n", joints(v.right())));
        b.append(String.format(Locale.ROOT, "left arm   q %s%n", joints(v.left())));
        b.append(String.format(Locale.ROOT, "torso %.3f  head pan %.3f tilt %.3f rad%n", v.torso(), v.headPan(), v.headTilt()));
        b.append("right tool ").append(pose(v.rightTool())).append('\n');
        b.append("left tool  ").append(pose(v.leftTool())).append('\n');
        b.append(String.format(Locale.ROOT, "self-collision distance %.3f m (%s)", v.selfCollisionDistance(), v.nearestPair()));
        return b.toString();
    }

    static String joints(double[] q) {
        StringBuilder b = new StringBuilder("[");
        for (int j = 0; j < q.length; j++) {
            b.append(j == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", q[j]));
        }
        return b.append(']').toString();
    }

    /** Position and roll, pitch, yaw of a tool frame (x, y, z, then the rotation row-major). */
    static String pose(double[] t) {
        double pitch = Math.asin(-Math.max(-1, Math.min(1, t[9])));
        double roll = Math.atan2(t[10], t[11]);
        double yaw = Math.atan2(t[6], t[3]);
        return String.format(Locale.ROOT, "(%.3f, %.3f, %.3f) m  rpy (%.3f, %.3f, %.3f) rad", t[0], t[1], t[2], roll, pitch, yaw);
    }

    /**
     * {@code velma:ready [seconds]}: waits until the control loop runs with the body's status (30 s by
     * default) and says how long after the JVM's start its first cycle came.
     */
    @Descriptor("waits until the control loop runs with the body's status and says how long after the JVM's start it came")
    public String ready(@Descriptor("[timeout, s (30)]") double... seconds) throws InterruptedException {
        double timeout = seconds.length > 0 ? seconds[0] : 30;
        long deadline = System.nanoTime() + (long) (timeout * 1e9);
        VelmaView v = task.view();
        while (v.iteration() == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the control loop did not start within " + timeout + " s (cs " + state(CS) + ", ve_body "
                        + state(VE_BODY) + ")");
            }
            Thread.sleep(5);
            v = task.view();
        }
        long start = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        return String.format(Locale.ROOT, "first control cycle %.2f s after the JVM started (cs %s, ve_body %s)", (v.firstCycleMillis() - start) / 1e3,
                state(CS), state(VE_BODY));
    }

    @Descriptor("cs asks ve_body to leave safe mode; waits until it has")
    public String exitsafe() throws InterruptedException {
        return await(task.exitSafeMode(), 10);
    }

    /**
     * {@code velma:jimp right|left|torso <targets...> <seconds> [stiffness scale]}: 7 joint targets for
     * an arm, one for the torso.
     */
    @Descriptor("joint impedance motion of an arm or the torso; waits until it ends")
    public String jimp(@Descriptor("right, left or torso") String part,
            @Descriptor("7 joint targets for an arm or 1 for the torso (rad), the duration (s) [, a stiffness scale]") double... values)
            throws InterruptedException {
        int n = part.equals("torso") ? 1 : 7;
        if (!part.equals("right") && !part.equals("left") && !part.equals("torso")) {
            throw new IllegalArgumentException("velma:jimp right|left|torso <targets> <seconds> [stiffness scale], got part '" + part + "'");
        }
        if (values.length != n + 1 && values.length != n + 2) {
            throw new IllegalArgumentException("velma:jimp " + part + " needs " + n + " target(s) and the duration in seconds"
                    + " (and optionally a stiffness scale), got " + values.length + " numbers");
        }
        double[] q = java.util.Arrays.copyOf(values, n);
        double seconds = values[n];
        double scale = values.length == n + 2 ? values[n + 1] : 1;
        JointImpedanceCommand c = switch (part) {
            case "right" -> new JointImpedanceCommand(q, null, null, seconds, scale);
            case "left" -> new JointImpedanceCommand(null, q, null, seconds, scale);
            default -> new JointImpedanceCommand(null, null, q[0], seconds, scale);
        };
        return await(task.jointImpedance(c), seconds);
    }

    /** {@code velma:cimp right|left x y z [roll pitch yaw] <seconds>}: without angles the orientation is kept. */
    @Descriptor("Cartesian impedance motion of an arm's tool point; waits until it ends")
    public String cimp(@Descriptor("right or left") String arm,
            @Descriptor("x y z (m) [roll pitch yaw (rad)] and the duration (s); without angles the orientation is kept") double... values)
            throws InterruptedException {
        if (!arm.equals("right") && !arm.equals("left")) {
            throw new IllegalArgumentException("velma:cimp right|left x y z [roll pitch yaw] <seconds>, got arm '" + arm + "'");
        }
        Pose p;
        if (values.length == 4) {
            p = Pose.position(values[0], values[1], values[2]);
        } else if (values.length == 7) {
            p = new Pose(values[0], values[1], values[2], values[3], values[4], values[5], false);
        } else {
            throw new IllegalArgumentException("velma:cimp " + arm + " needs x y z [roll pitch yaw] and the duration in seconds, got " + values.length
                    + " numbers");
        }
        double seconds = values[values.length - 1];
        CartesianImpedanceCommand c = arm.equals("right") ? new CartesianImpedanceCommand(p, null, seconds)
                : new CartesianImpedanceCommand(null, p, seconds);
        return await(task.cartesianImpedance(c), seconds);
    }

    @Descriptor("safe_col: pushes the arms out of self collision; waits until it ends")
    public String relax() throws InterruptedException {
        return await(task.relax(), 10);
    }

    @Descriptor("moves the head; waits until it ends")
    public String head(@Descriptor("pan (rad)") double pan, @Descriptor("tilt (rad)") double tilt, @Descriptor("duration (s)") double seconds)
            throws InterruptedException {
        return await(task.head(pan, tilt, seconds), seconds);
    }

    @Descriptor("runs the demo scenario: safe, exit safe, jnt_imp, cart_imp, a self collision, safe_col, a refused command")
    public String demo() throws InterruptedException {
        return new Demo(task, this, System.out).run();
    }

    /** Waits for a motion to end; its description when done, an exception when aborted or too slow. */
    String await(Motion m, double seconds) throws InterruptedException {
        Motion end = waitFor(m.id(), seconds + SLACK_SECONDS);
        if (end.phase() != Motion.Phase.DONE) {
            throw new IllegalStateException(describe(end) + whySafe(end));
        }
        return describe(end);
    }

    /** For a motion ended by ve_body's safe mode, the switch that left transparent mode and its predicates: what failed. */
    String whySafe(Motion end) {
        if (end.detail() == null || !end.detail().contains("safe mode")) {
            return "";
        }
        List<StateSwitch> switches = running.switches(VE_BODY);
        for (int i = switches.size() - 1; i >= 0; i--) {
            StateSwitch s = switches.get(i);
            if (s.from().startsWith("transp") && !s.to().startsWith("transp")) {
                List<String> hardware = task.view().hardwareNotOkWhenSafe();
                return " (ve_body in cycle " + s.cycle() + ": " + s.from() + " -> " + s.to() + " with " + s.predicates().entrySet().stream()
                        .filter(p -> !p.getValue()).map(Map.Entry::getKey).collect(Collectors.joining(", ", "", " false"))
                        + (hardware.isEmpty() ? "" : "; of allHwOk, " + String.join(", ", hardware) + " false") + ")";
            }
        }
        return "";
    }

    Motion waitFor(long id, double timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        Motion m = task.motion(id);
        while (!m.ended() && System.nanoTime() < deadline) {
            Thread.sleep(5);
            m = task.motion(id);
        }
        return m;
    }

    static String describe(Motion m) {
        return m.kind() + " #" + m.id() + " " + m.phase().name().toLowerCase(Locale.ROOT)
                + (m.detail().isEmpty() ? (m.ended() ? "" : " (still running)") : ": " + m.detail());
    }
}
