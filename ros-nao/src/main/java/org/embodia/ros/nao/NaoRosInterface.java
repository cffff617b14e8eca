package org.embodia.ros.nao;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.Dictionary;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.embodia.ros.RosConnector;
import org.embodia.ros.RosNode;
import org.embodia.scheduler.Agent;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.log.Logger;
import org.osgi.service.log.LoggerFactory;

/**
 * The simulated NAO's ROS 1 interface: the RAPP core agent's buffers ([RAPP] §3) published on the topics
 * naoqi_driver ([NAOQI-DRIVER]) publishes for a real NAO, so that ROS tools see the one as they would the other. A node named
 * {@value #NODE} joins the master at {@code master_uri} (configuration {@value #PID}) as soon as one answers; until
 * then the robot runs without it. Once joined, the node is an OSGi service with
 * {@value #INTERFACE_PROPERTY}={@value #INTERFACE}.
 *
 * <table>
 * <caption>Topics (stamps: the wall-clock time at which the loop sent the message)</caption>
 * <tr><th>topic</th><th>type</th><th>frame</th><th>rate</th><th>source buffer</th></tr>
 * <tr><td>/joint_states</td><td>sensor_msgs/JointState</td><td>-</td><td>{@code nao.joint_states.rate}, 50 Hz</td>
 * <td>core/a.body/re status: cja, positions of the 26 joints under NAOqi's names</td></tr>
 * <tr><td>/naoqi_driver/odom</td><td>nav_msgs/Odometry</td><td>odom → base_link</td><td>{@code nao.odom.rate}, 15 Hz</td>
 * <td>core/a.body/ve status: the EKF's pose; the twist from successive poses</td></tr>
 * <tr><td>/tf</td><td>tf2_msgs/TFMessage</td><td>odom → base_link</td><td>with each odometry</td><td>as odometry</td></tr>
 * <tr><td>/naoqi_driver/imu/torso</td><td>sensor_msgs/Imu</td><td>base_link</td><td>{@code nao.imu.rate}, 10 Hz</td>
 * <td>core/a.body/re status: im, heading and yaw rate</td></tr>
 * <tr><td>/naoqi_driver/camera/front/image_raw, …/bottom/image_raw</td><td>sensor_msgs/Image (latched)</td>
 * <td>CameraTop_optical_frame, CameraBottom_optical_frame</td><td>each image</td>
 * <td>core/a.cam/vr status: the image, bgr8; the camera from cs's IMAGE command</td></tr>
 * <tr><td>/naoqi_driver/head_touch, /hand_touch, /bumper</td><td>sensor_msgs/ChannelFloat32 (latched)</td><td>-</td>
 * <td>each reading</td><td>core/a.touch/vr status: the value cs asked for</td></tr>
 * <tr><td>/naoqi_driver/inertial, /naoqi_driver/fsr</td><td>sensor_msgs/ChannelFloat32 (latched)</td><td>-</td>
 * <td>each reading</td><td>core/a.inertial/vr, core/a.fsr/vr status: likewise</td></tr>
 * </table>
 *
 * <p>The default rates are naoqi_driver's (its share/boot_config.json). naoqi_driver's touch topics carry
 * naoqi_bridge_msgs, which Debian lacks; here each reading is a ChannelFloat32 of the ALMemory key and its value.
 * docs/ros.md ("NAO") has the reasons. Nothing runs on the loop: a thread of its own reads the buffers' watches every
 * {@value #POLL_MILLIS} ms.
 */
@Component(configurationPid = NaoRosInterface.PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class NaoRosInterface {
    static final String PID = "org.embodia.ros";
    static final String NODE = "/naoqi_driver";
    static final String INTERFACE_PROPERTY = "embodia.ros.interface";
    static final String INTERFACE = "nao";
    static final long POLL_MILLIS = 10;
    private static final Duration RETRY = Duration.ofSeconds(2);
    /** How often the agents are searched for NAO's buffers while they are not watched. */
    private static final long SEARCH_NANOS = 500_000_000L;

    /**
     * The configuration: the shared {@value #PID} properties and this interface's rates. A method's '_' is a '.' in
     * the property's name, '__' a '_'.
     */
    public @interface Config {
        /** master_uri: the ROS master's URI, as ROS_MASTER_URI. */
        String master__uri() default "";

        /** host: the address the node serves on. */
        String host() default "127.0.0.1";

        /** nao.joint_states.rate: /joint_states, messages per second at most. */
        double nao_joint__states_rate() default 50;

        /** nao.odom.rate: /naoqi_driver/odom and /tf. */
        double nao_odom_rate() default 15;

        /** nao.imu.rate: /naoqi_driver/imu/torso. */
        double nao_imu_rate() default 10;
    }

    /** Field-injected: agents come and go while the node stays up, which a constructor's static reference cannot follow. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    private volatile List<Agent> agents = List.of();

    private final BundleContext context;
    private final Logger log;
    private final Bridge.Rates rates;
    private final RosConnector connector;
    /** What the poll thread already logged, so that a problem repeating every poll is logged once. */
    private final Set<String> logged = new HashSet<>();
    /** Guarded by this. */
    private boolean closed;
    private ScheduledExecutorService poller;
    private ServiceRegistration<RosNode> registration;
    /** The poll thread's. */
    private NaoWatches watches;
    private Bridge bridge;
    private long nextSearch;

    /** @throws IllegalArgumentException naming the property when master_uri, host or a rate is not usable */
    @Activate
    public NaoRosInterface(Config config, BundleContext context, @Reference(service = LoggerFactory.class) Logger log) {
        this.context = context;
        this.log = log;
        if (config.master__uri().isBlank()) {
            throw new IllegalArgumentException(PID + ": master_uri is not configured: it is the ROS master's URI, as ROS_MASTER_URI");
        }
        URI master = URI.create(config.master__uri().trim());
        InetAddress host;
        try {
            host = InetAddress.getByName(config.host().trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(PID + ": host " + config.host() + " is no address of this machine: " + e.getMessage(), e);
        }
        rates = new Bridge.Rates(rate("nao.joint_states.rate", config.nao_joint__states_rate()), rate("nao.odom.rate", config.nao_odom_rate()),
                rate("nao.imu.rate", config.nao_imu_rate()));
        connector = RosConnector.start(master, NODE, host, RETRY, this::connected, this::unconnected);
    }

    private static double rate(String property, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(PID + ": " + property + " is " + value + "; a rate is a positive number of messages per second");
        }
        return value;
    }

    /** On the connector's thread, once a master answered: the topics, the poll thread and the node's service. */
    private synchronized void connected(RosNode node) {
        if (closed) {
            return;
        }
        bridge = new Bridge(node::advertise, rates, this::problem);
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ros nao bridge");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleAtFixedRate(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(INTERFACE_PROPERTY, INTERFACE);
        registration = context.registerService(RosNode.class, node, properties);
        log.info("{} publishes NAO's topics with the ROS master at {}", node.name(), node.masterUri());
    }

    /** The connector's reports, each distinct one once: no master answers, or setting up the topics failed. */
    private void unconnected(String problem) {
        log.warn("NAO's ROS interface: {}. The robot runs on without its ROS topics until a master answers.", problem);
    }

    /** One poll of the watches; never throws, so that the schedule goes on. */
    private void poll() {
        try {
            if (watches != null && !agents.contains(watches.agent)) {
                watches.close();
                watches = null;
            }
            if (watches == null) {
                long now = System.nanoTime();
                if (now - nextSearch < 0) {
                    return;
                }
                nextSearch = now + SEARCH_NANOS;
                watches = NaoWatches.open(agents);
                if (watches == null) {
                    return;
                }
            }
            Instant wall = Instant.now();
            long wallOffset = wall.getEpochSecond() * 1_000_000_000L + wall.getNano() - System.nanoTime();
            bridge.poll(watches, wallOffset);
        } catch (RuntimeException e) {
            problem("reading NAO's buffers failed: " + e);
        }
    }

    /** On the poll thread: each distinct problem logged once. */
    private void problem(String problem) {
        if (logged.add(problem)) {
            log.warn("NAO's ROS interface: {}", problem);
        }
    }

    @Deactivate
    void deactivate() {
        ScheduledExecutorService stopping;
        synchronized (this) {
            closed = true;
            if (registration != null) {
                try {
                    registration.unregister();
                } catch (IllegalStateException alreadyGone) {
                    // The framework unregistered it with the bundle.
                }
            }
            stopping = poller;
        }
        if (stopping != null) {
            stopping.shutdownNow();
            try {
                if (!stopping.awaitTermination(5, TimeUnit.SECONDS)) {
                    log.warn("NAO's ROS interface: its poll thread did not end within 5 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (watches != null) {
            watches.close();
        }
        connector.close();
    }
}
