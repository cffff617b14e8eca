package org.embodia.ros.velma;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import org.embodia.ros.RosConnector;
import org.embodia.ros.RosNode;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.DiagnosticArray;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.TFMessage;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.BufferWatch;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * ros_interface/a for Velma ([VELMA-STRUCT]): the ROS node {@value #NODE} through which task agents written as ROS nodes
 * see and command core/a, never touching it directly. It runs on threads of its own: it reads the loop's buffers
 * through lock-free watches and hands commands to {@link VelmaTaskInterface}, as the velma: shell does.
 *
 * <p>Published: {@code /joint_states} (all 17 joints, stamped with the time the cycle sent the status), {@code /tf}
 * (the torso, the tools and the head in {@code world}), each FSM's {@code /<subsystem>/state} and
 * {@code /<subsystem>/switches}, and {@code /diagnostics}. Offered: the task interface as actions
 * ({@link TaskActions}) and services ({@link TaskServices}). docs/ros.md names every topic and choice.
 *
 * <p>Configuration PID {@value #PID} (made by ros-shell from {@code ./embodia run <profile> --ros}): {@code master_uri},
 * {@code host}; optional {@code joint_states_rate} (Hz, default {@value #DEFAULT_JOINT_STATES_RATE}), {@code tf_rate}
 * (Hz, default {@value #DEFAULT_TF_RATE}), {@code diagnostics_rate} (Hz, default {@value #DEFAULT_DIAGNOSTICS_RATE}),
 * {@code service_timeout} (s, default {@value #DEFAULT_SERVICE_TIMEOUT}). With no master, core/a runs on and the
 * interface joins when one answers.
 */
@Component(configurationPid = VelmaRosInterface.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
public final class VelmaRosInterface {
    static final String PID = "org.embodia.ros";
    /** The name Velma's own ROS interface has: task scripts find its actions under it. */
    static final String NODE = "/velma_task_cs_ros_interface";
    /** cs reads ve_body's status there; a watch of it finds the writer wherever it runs. */
    static final String CS = "core/a./cs";
    static final double DEFAULT_JOINT_STATES_RATE = 100;
    static final double DEFAULT_TF_RATE = 50;
    static final double DEFAULT_DIAGNOSTICS_RATE = 1;
    static final double DEFAULT_SERVICE_TIMEOUT = 30;
    /** How long after a status's due send the publisher first looks for it: the cycle's own time to send it. */
    static final long LEAD_NANOS = 200_000;
    /** How often the publisher looks again while the due status has not come. */
    static final long RETRY_NANOS = 100_000;

    private final BundleContext context;
    private final VelmaTaskInterface task;
    private final Agent agent;
    private final double jointStatesRate;
    private final int tfEvery;
    private final long diagnosticsPeriod;
    private final Duration serviceTimeout;
    private final RosConnector connector;
    private final List<AutoCloseable> parts = new ArrayList<>();
    private volatile boolean running = true;
    private Thread publisher;
    private ServiceRegistration<RosNode> registration;

    @Activate
    public VelmaRosInterface(BundleContext context, Map<String, Object> config, @Reference VelmaTaskInterface task,
            @Reference(target = "(name=core)") Agent agent) {
        this.context = context;
        this.task = task;
        this.agent = agent;
        URI master = URI.create(require(config, "master_uri"));
        InetAddress host = address(String.valueOf(config.getOrDefault("host", "127.0.0.1")));
        jointStatesRate = rate(config, "joint_states_rate", DEFAULT_JOINT_STATES_RATE);
        tfEvery = every(rate(config, "tf_rate", DEFAULT_TF_RATE));
        diagnosticsPeriod = (long) (1e9 / rate(config, "diagnostics_rate", DEFAULT_DIAGNOSTICS_RATE));
        serviceTimeout = Duration.ofMillis((long) (1000 * rate(config, "service_timeout", DEFAULT_SERVICE_TIMEOUT)));
        System.out.println("ros_interface/a: connecting to the ROS master at " + master);
        connector = RosConnector.start(master, NODE, host, Duration.ofSeconds(2), this::connected,
                problem -> System.out.println("ros_interface/a: " + problem + "; core/a runs on without ROS"));
    }

    private int every(double rate) {
        return Math.max(1, (int) Math.round(jointStatesRate / rate));
    }

    private static String require(Map<String, Object> config, String key) {
        Object v = config.get(key);
        if (v == null || v.toString().isBlank()) {
            throw new IllegalArgumentException("ros_interface/a: configuration " + PID + " lacks " + key);
        }
        return v.toString();
    }

    private static double rate(Map<String, Object> config, String key, double fallback) {
        Object v = config.get(key);
        double r = v == null ? fallback : Double.parseDouble(v.toString());
        if (!(r > 0) || Double.isInfinite(r)) {
            throw new IllegalArgumentException("ros_interface/a: " + key + " must be a positive number, not " + v);
        }
        return r;
    }

    private static InetAddress address(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("ros_interface/a: unknown host '" + host + "'", e);
        }
    }

    private synchronized void connected(RosNode node) {
        if (!running) {
            return;
        }
        RosPublisher<JointState> joints = node.advertise("/joint_states", JointState.TYPE, false);
        RosPublisher<TFMessage> tf = node.advertise("/tf", TFMessage.TYPE, false);
        RosPublisher<DiagnosticArray> diagnostics = node.advertise("/diagnostics", DiagnosticArray.TYPE, false);
        FsmTopics fsms = new FsmTopics(node, agent);
        parts.add(fsms);
        parts.add(new TaskServices(node, task, serviceTimeout));
        parts.add(new TaskActions(node, task));
        publisher = new Thread(() -> publish(joints, tf, diagnostics, fsms), "ros_interface/a publisher");
        publisher.setDaemon(true);
        publisher.start();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("embodia.ros.interface", "velma");
        registration = context.registerService(RosNode.class, node, props);
        System.out.println("ros_interface/a: node " + node.name() + " registered with " + node.masterUri());
    }

    /**
     * The publishing thread: joint states at their rate, phase-locked to the loop so that each goes out just after
     * the cycle that measured it (at {@link #LEAD_NANOS} past the due send, then every {@link #RETRY_NANOS} until it
     * came); tf with every so many joint states, the FSMs with each, diagnostics at their rate.
     */
    private void publish(RosPublisher<JointState> joints, RosPublisher<TFMessage> tf,
            RosPublisher<DiagnosticArray> diagnostics, FsmTopics fsms) {
        // Epoch time of a System.nanoTime(): ROS stamps are wall-clock, the loop's sends are stamped with nanoTime.
        Instant start = Instant.now();
        long epochOffset = start.getEpochSecond() * 1_000_000_000L + start.getNano() - System.nanoTime();
        VelmaJoints velma = new VelmaJoints();
        AgentDiagnostics diag = new AgentDiagnostics();
        Problems problems = new Problems();
        long period = (long) (1e9 / jointStatesRate);
        long due = System.nanoTime();
        long diagnosticsDue = due;
        long seen = 0;
        long lastSent = 0;
        long published = 0;
        BufferWatch watch = null;
        try {
            while (running) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                long now = System.nanoTime();
                try {
                    if (watch == null) {
                        watch = agent.watch(CS, "status");
                    }
                    boolean fresh = watch.latest() instanceof BodyStatus && watch.received() != seen;
                    long sent = watch.sentNanos();
                    if (fresh && (published == 0 || sent - lastSent >= period * 9 / 10 || now - due > period / 2)) {
                        BodyStatus status = (BodyStatus) watch.latest();
                        seen = watch.received();
                        lastSent = sent;
                        long stamp = sent + epochOffset;
                        joints.publish(velma.jointState(status, stamp));
                        if (published++ % tfEvery == 0) {
                            tf.publish(velma.transforms(status, stamp));
                        }
                        fsms.publish();
                        due = Math.max(sent + period + LEAD_NANOS, now + RETRY_NANOS);
                    } else if (now - due > period / 2) {
                        // Nothing new for half a period: the loop is paused or slowed; look again a period later.
                        fsms.publish();
                        due = now + period;
                    } else {
                        due = now + RETRY_NANOS;
                    }
                    if (now - diagnosticsDue >= 0) {
                        diagnostics.publish(diag.of(agent, now + epochOffset));
                        diagnosticsDue = now + diagnosticsPeriod;
                    }
                } catch (RuntimeException e) {
                    problems.report(e);
                    due = now + period;
                }
            }
        } finally {
            if (watch != null) {
                watch.close();
            }
        }
    }

    /** Each distinct failure of the publishing thread once on the console: it goes on at its next tick. */
    private static final class Problems {
        private String last;

        void report(RuntimeException e) {
            String text = String.valueOf(e);
            if (!text.equals(last)) {
                last = text;
                System.out.println("ros_interface/a: publishing failed, going on: " + text);
            }
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        Thread t;
        synchronized (this) {
            running = false;
            t = publisher;
            if (registration != null) {
                registration.unregister();
            }
        }
        if (t != null) {
            t.join(5_000);
        }
        for (AutoCloseable part : parts) {
            try {
                part.close();
            } catch (Exception e) {
                System.out.println("ros_interface/a: closing " + part + " failed: " + e);
            }
        }
        connector.close();
    }
}
