package org.embodia.ros.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.embodia.ros.RosInterfaceStatus;
import org.embodia.ros.RosNode;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Connects the robot's ROS interface to a ROS master, and Gogo commands of scope {@code ros}.
 *
 * <p>A robot's ROS interface (Velma's ros_interface/a, NAO's topics) is a component that requires the configuration
 * {@value #PID}: {@code master_uri}, and {@code host}, the address its node serves on. At start this component makes
 * that configuration from the framework properties {@value #MASTER_PROPERTY} and {@value #HOST_PROPERTY}, which
 * {@code ./embodia run <profile> --ros} sets from ROS_MASTER_URI and ROS_IP or ROS_HOSTNAME; without them the robot
 * runs without ROS until {@code ros:connect}. {@code ros:status} shows the nodes in this framework and the ROS
 * interfaces whose nodes run in processes of their own ({@link RosInterfaceStatus}).
 */
// Immediate: a delayed command component would be deactivated after each command.
@Component(service = RosCommands.class, immediate = true, property = {"osgi.command.scope=ros",
        "osgi.command.function=connect", "osgi.command.function=disconnect", "osgi.command.function=status"})
public final class RosCommands {
    static final String PID = "org.embodia.ros";
    static final String MASTER_PROPERTY = "embodia.ros.master_uri";
    static final String HOST_PROPERTY = "embodia.ros.host";
    static final String DEFAULT_MASTER = "http://localhost:11311";
    static final String DEFAULT_HOST = "127.0.0.1";

    private final BundleContext context;
    private final ConfigurationAdmin configurations;

    @Activate
    public RosCommands(BundleContext context, @Reference ConfigurationAdmin configurations) {
        this.context = context;
        this.configurations = configurations;
        String master = context.getProperty(MASTER_PROPERTY);
        if (master != null && !master.isBlank()) {
            configure(master, context.getProperty(HOST_PROPERTY));
        }
    }

    @Descriptor("connect the robot's ROS interface to the ROS master at ROS_MASTER_URI, or http://localhost:11311")
    public String connect() {
        String env = System.getenv("ROS_MASTER_URI");
        return connect(env == null || env.isBlank() ? DEFAULT_MASTER : env);
    }

    @Descriptor("connect the robot's ROS interface to the ROS master at a URI, e.g. http://localhost:11311")
    public String connect(@Descriptor("the master's URI") String masterUri) {
        URI uri = configure(masterUri, context.getProperty(HOST_PROPERTY));
        return "ros: connecting to " + uri + " (ros:status shows the node once a master answers)";
    }

    @Descriptor("disconnect the robot's ROS interface: its node unregisters and stops")
    public String disconnect() {
        try {
            Configuration c = configurations.getConfiguration(PID, "?");
            if (c.getProperties() == null) {
                return "ros: not connected";
            }
            c.delete();
            return "ros: disconnected";
        } catch (IOException e) {
            throw new UncheckedIOException("ros: cannot delete the configuration " + PID, e);
        }
    }

    @Descriptor("the ROS configuration and each ROS interface's node: master, reachability, re-registrations")
    public String status() {
        List<String> lines = new ArrayList<>();
        Dictionary<String, Object> p = properties();
        if (p == null) {
            lines.add("ros: not configured (ros:connect [uri], or ./embodia run <profile> --ros)");
        } else {
            lines.add("ros: master " + p.get("master_uri") + ", serving on " + p.get("host"));
        }
        List<ServiceReference<RosNode>> refs;
        try {
            refs = new ArrayList<>(context.getServiceReferences(RosNode.class, null));
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<ServiceReference<RosInterfaceStatus>> processes;
        try {
            processes = new ArrayList<>(context.getServiceReferences(RosInterfaceStatus.class, null));
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        for (ServiceReference<RosInterfaceStatus> ref : processes) {
            RosInterfaceStatus s = context.getService(ref);
            if (s != null) {
                try {
                    lines.add("  " + ref.getProperty("embodia.ros.interface") + ": " + s.status());
                } finally {
                    context.ungetService(ref);
                }
            }
        }
        if (refs.isEmpty() && processes.isEmpty() && p != null) {
            lines.add("  no node yet: no ROS master has answered, or no ROS interface of a robot runs in this framework");
        }
        for (ServiceReference<RosNode> ref : refs) {
            RosNode node = context.getService(ref);
            if (node == null) {
                continue;
            }
            try {
                lines.add("  " + ref.getProperty("embodia.ros.interface") + ": node " + node.name() + " at " + node.uri()
                        + ", master " + (node.isMasterReachable() ? "reachable" : "NOT reachable") + ", re-registered "
                        + node.reregistrations() + " times");
            } finally {
                context.ungetService(ref);
            }
        }
        return String.join("\n", lines);
    }

    private Dictionary<String, Object> properties() {
        try {
            return configurations.getConfiguration(PID, "?").getProperties();
        } catch (IOException e) {
            throw new UncheckedIOException("ros: cannot read the configuration " + PID, e);
        }
    }

    private URI configure(String masterUri, String host) {
        URI uri = parse(masterUri);
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("master_uri", uri.toString());
        p.put("host", host == null || host.isBlank() ? DEFAULT_HOST : host);
        try {
            configurations.getConfiguration(PID, "?").update(p);
        } catch (IOException e) {
            throw new UncheckedIOException("ros: cannot write the configuration " + PID, e);
        }
        return uri;
    }

    /** A master URI as ROS takes it: http with a host and a port. */
    static URI parse(String masterUri) {
        URI uri;
        try {
            uri = new URI(masterUri.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("ros: not a URI: '" + masterUri + "' (" + e.getReason() + ")");
        }
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("ros: a ROS master URI is http://<host>:<port>, e.g. " + DEFAULT_MASTER
                    + ", not '" + masterUri + "'");
        }
        return uri;
    }
}
