package org.embodia.ros.velma;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

import org.embodia.ros.RosConnector;
import org.embodia.ros.RosNode;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.DiagnosticArray;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.TFMessage;
import org.embodia.transport.MessageLink;
import org.embodia.transport.MessageTransport;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.link.LinkMessage;
import org.embodia.velma.link.LinkProperties;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * ros_interface/a for Velma ([VELMA-STRUCT]): the ROS node {@value #NODE} through which task agents written as ROS nodes
 * see and command core/a, never touching it directly. It runs in a process of its own, which core/a starts (bundle
 * org.embodia.velma.link) and links to over the transport: core/a sends the body's status each time the cycle sends it
 * to cs, its FSMs' states and switches and its diagnostics; the task interface's calls go to core/a
 * ({@link RemoteTask}). When core/a's process ends, this one ends too.
 *
 * <p>Published: {@code /joint_states} (all 17 joints, stamped with the time the cycle sent the status), {@code /tf}
 * (the torso, the tools and the head in {@code world}), each FSM's {@code /<subsystem>/state} and
 * {@code /<subsystem>/switches}, and {@code /diagnostics}. Offered: the task interface as actions
 * ({@link TaskActions}) and services ({@link TaskServices}). docs/ros.md names every topic and choice.
 *
 * <p>Configuration PID {@value #PID} (ros-shell makes it from the framework properties core/a starts the process
 * with): {@code master_uri}, {@code host}. The link's streams and the optional {@code tf_rate} (Hz, default
 * {@value #DEFAULT_TF_RATE}) and {@code service_timeout} (s, default {@value #DEFAULT_SERVICE_TIMEOUT}) are framework
 * properties ({@link LinkProperties}). With no master, the process waits for one and core/a runs on.
 */
@Component(configurationPid = VelmaRosInterface.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
public final class VelmaRosInterface {
    static final String PID = "org.embodia.ros";
    /** The name Velma's own ROS interface has: task scripts find its actions under it. */
    static final String NODE = "/velma_task_cs_ros_interface";
    static final double DEFAULT_TF_RATE = 50;
    static final double DEFAULT_SERVICE_TIMEOUT = 30;
    /** How long a call of the task interface waits for core/a's answer. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    /** How often the node's state goes to core/a for ros:status. */
    static final long NODE_REPORT_NANOS = 1_000_000_000L;
    /**
     * The link's thread sleeps until this long before the next status is due (the last one's arrival and the period
     * between the last two sends), then looks every {@link #NEAR_NANOS} until it came: a few wake-ups per status, and
     * the status published within that of its arrival. With no status due it looks every {@link #IDLE_NANOS}, which
     * bounds how long a reply to a call waits.
     */
    static final long EARLY_NANOS = 300_000;
    static final long NEAR_NANOS = 50_000;
    static final long IDLE_NANOS = 2_000_000;

    private final BundleContext context;
    private final MessageLink link;
    private final RemoteTask.Sender sender;
    private final RemoteTask task;
    private final long tfPeriod;
    private final Duration serviceTimeout;
    private final Optional<ProcessHandle> parent;
    private final RosConnector connector;
    private final Thread thread;
    /** Added to by the connector's thread (actions, services) and the link's (topics); closed on deactivation. */
    private final List<AutoCloseable> parts = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;
    private volatile RosNode node;
    private ServiceRegistration<RosNode> registration;

    @Activate
    public VelmaRosInterface(BundleContext context, Map<String, Object> config, @Reference MessageTransport transport) {
        this.context = context;
        URI master = URI.create(require(config, "master_uri"));
        InetAddress host = address(String.valueOf(config.getOrDefault("host", "127.0.0.1")));
        tfPeriod = (long) (1e9 / positive(LinkProperties.TF_RATE, context.getProperty(LinkProperties.TF_RATE), DEFAULT_TF_RATE));
        serviceTimeout = Duration.ofMillis((long) (1000 * positive(LinkProperties.SERVICE_TIMEOUT,
                context.getProperty(LinkProperties.SERVICE_TIMEOUT), DEFAULT_SERVICE_TIMEOUT)));
        String channel = linkProperty(context, LinkProperties.CHANNEL);
        int toCore = Integer.parseInt(linkProperty(context, LinkProperties.TO_CORE));
        int toRos = Integer.parseInt(linkProperty(context, LinkProperties.TO_ROS));
        parent = ProcessHandle.of(Long.parseLong(linkProperty(context, LinkProperties.PARENT)));
        link = transport.link(channel, toCore, toRos);
        sender = new RemoteTask.Sender(link);
        task = new RemoteTask(sender, CALL_TIMEOUT);
        thread = new Thread(this::serve, "ros_interface/a link");
        thread.setDaemon(true);
        thread.start();
        System.out.println("ros_interface/a: connecting to the ROS master at " + master);
        connector = RosConnector.start(master, NODE, host, Duration.ofSeconds(2), this::connected,
                problem -> System.out.println("ros_interface/a: " + problem + "; core/a runs on without ROS"));
    }

    private static String linkProperty(BundleContext context, String key) {
        String v = context.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("ros_interface/a runs in the process core/a starts (org.embodia.velma.link), which sets "
                    + key + "; this framework has no such property");
        }
        return v;
    }

    private static String require(Map<String, Object> config, String key) {
        Object v = config.get(key);
        if (v == null || v.toString().isBlank()) {
            throw new IllegalArgumentException("ros_interface/a: configuration " + PID + " lacks " + key);
        }
        return v.toString();
    }

    private static double positive(String key, String value, double fallback) {
        double r = value == null ? fallback : Double.parseDouble(value);
        if (!(r > 0) || Double.isInfinite(r)) {
            throw new IllegalArgumentException("ros_interface/a: " + key + " must be a positive number, not " + value);
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

    private synchronized void connected(RosNode n) {
        if (!running) {
            return;
        }
        parts.add(new TaskServices(n, task, serviceTimeout));
        parts.add(new TaskActions(n, task));
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("embodia.ros.interface", "velma");
        registration = context.registerService(RosNode.class, n, props);
        // The link's thread advertises the topics and publishes from now on.
        node = n;
        System.out.println("ros_interface/a: node " + n.name() + " registered with " + n.masterUri());
    }

    /** The topics, made by the link's thread once the node is registered. */
    private static final class Topics {
        final RosPublisher<JointState> joints;
        final RosPublisher<TFMessage> tf;
        final RosPublisher<DiagnosticArray> diagnostics;
        final FsmTopics fsms;

        Topics(RosNode node) {
            joints = node.advertise("/joint_states", JointState.TYPE, false);
            tf = node.advertise("/tf", TFMessage.TYPE, false);
            diagnostics = node.advertise("/diagnostics", DiagnosticArray.TYPE, false);
            fsms = new FsmTopics(node);
        }
    }

    /**
     * The link's thread: publishes what core/a sends as it comes (the status just after the cycle that measured it:
     * core/a sends it phase-locked to the loop), hands replies to the waiting calls, tells core/a how the node is, and
     * stops this framework when core/a's process has ended.
     */
    private void serve() {
        // Epoch time of a System.nanoTime(): ROS stamps are wall-clock, the loop's sends are stamped with nanoTime,
        // which core/a's process and this one read from the same clock.
        Instant start = Instant.now();
        long epochOffset = start.getEpochSecond() * 1_000_000_000L + start.getNano() - System.nanoTime();
        VelmaJoints velma = new VelmaJoints();
        AgentDiagnostics diag = new AgentDiagnostics();
        BodyStatus status = new BodyStatus();
        Map<String, String> states = new HashMap<>();
        Topics[] topics = {null};
        long[] lastTf = {Long.MIN_VALUE / 2};
        // The last status's send and arrival times, and the period between the last two sends.
        long[] arrival = {0, 0, IDLE_NANOS};
        long reportDue = System.nanoTime();
        while (running) {
            if (topics[0] == null && node != null) {
                topics[0] = new Topics(node);
                parts.add(topics[0].fsms);
                states.forEach(topics[0].fsms::state);
            }
            int n = link.poll(bytes -> {
                Topics t = topics[0];
                if (LinkMessage.kind(bytes) == LinkMessage.STATUS) {
                    long sent = LinkMessage.status(bytes, status);
                    if (arrival[0] != 0 && sent > arrival[0]) {
                        arrival[2] = sent - arrival[0];
                    }
                    arrival[0] = sent;
                    arrival[1] = System.nanoTime();
                    long stamp = sent + epochOffset;
                    if (t != null) {
                        t.joints.publish(velma.jointState(status, stamp));
                        if (stamp - lastTf[0] >= tfPeriod * 9 / 10) {
                            lastTf[0] = stamp;
                            t.tf.publish(velma.transforms(status, stamp));
                        }
                    }
                    return;
                }
                LinkMessage m = LinkMessage.decode(bytes);
                if (m instanceof LinkMessage.Reply r) {
                    task.answered(r);
                } else if (m instanceof LinkMessage.State s) {
                    states.put(s.subsystem(), s.state());
                    if (t != null) {
                        t.fsms.state(s.subsystem(), s.state());
                    }
                } else if (m instanceof LinkMessage.Switch s) {
                    if (t != null) {
                        t.fsms.switched(s.subsystem(), s.change());
                    }
                } else if (m instanceof LinkMessage.Diagnostics d) {
                    if (t != null) {
                        t.diagnostics.publish(diag.of(d.agent(), d.activities(), d.subsystems(), System.nanoTime() + epochOffset));
                    }
                } else {
                    System.out.println("ros_interface/a: core/a sent " + m + ", which only this process sends");
                }
            }, 64);
            long now = System.nanoTime();
            if (now - reportDue >= 0) {
                reportDue = now + NODE_REPORT_NANOS;
                if (parent.isEmpty() || !parent.get().isAlive()) {
                    System.out.println("ros_interface/a: core/a's process has ended; this one ends");
                    stopFramework();
                    return;
                }
                sender.send(new LinkMessage.Node(describe(node)).encode());
            }
            if (n == 0) {
                long untilDue = arrival[1] + arrival[2] - now;
                LockSupport.parkNanos(untilDue > EARLY_NANOS ? Math.min(untilDue - EARLY_NANOS, IDLE_NANOS)
                        : untilDue > -arrival[2] ? NEAR_NANOS : IDLE_NANOS);
            }
        }
    }

    private static String describe(RosNode n) {
        if (n == null) {
            return "no node yet: no ROS master has answered";
        }
        return "node " + n.name() + " at " + n.uri() + ", master " + (n.isMasterReachable() ? "reachable" : "NOT reachable")
                + ", re-registered " + n.reregistrations() + " times";
    }

    private void stopFramework() {
        Thread stop = new Thread(() -> {
            try {
                context.getBundle(0).stop();
            } catch (BundleException | IllegalStateException e) {
                System.out.println("ros_interface/a: its framework does not stop: " + e);
                Runtime.getRuntime().halt(1);
            }
        }, "ros_interface/a stop");
        stop.start();
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        synchronized (this) {
            running = false;
            if (registration != null) {
                registration.unregister();
            }
        }
        if (Thread.currentThread() != thread) {
            thread.join(5_000);
        }
        for (AutoCloseable part : parts) {
            try {
                part.close();
            } catch (Exception e) {
                System.out.println("ros_interface/a: closing " + part + " failed: " + e);
            }
        }
        connector.close();
        link.close();
    }
}
