package org.embodia.velma.link.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Hashtable;

import org.embodia.scheduler.Agent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The transport ros_interface/a's process is linked by, while ROS is configured. A profile that keeps core/a in one
 * process configures no transport, so that it runs no media driver it does not need; while ROS is configured this
 * makes one, with the driver in the robot's process, and removes it again after. A profile that configures its own
 * transport (the split ones) keeps it as it is. Only a framework that runs core/a does so: ros_interface/a's own
 * process, whose configuration has the same PID, is the driver's client.
 */
@Component(configurationPid = RosInterfaceProcess.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
public final class LinkTransport {
    static final String TRANSPORT_PID = "org.embodia.transport.aeron";

    private final Configuration made;

    @Activate
    public LinkTransport(@Reference ConfigurationAdmin configurations, @Reference(target = "(name=core)") Agent core) {
        if (!Object.class.getModule().isExported("jdk.internal.misc", LinkTransport.class.getModule())) {
            // Aeron's Agrona reaches the JDK's own Unsafe (transport-aeron/bnd.bnd): without it the transport fails deep inside.
            System.out.println("ros_interface/a: cannot link its process: this JVM was started without --add-exports "
                    + "java.base/jdk.internal.misc=ALL-UNNAMED, which the Aeron transport needs (./embodia run passes it); core/a runs on without ROS");
            made = null;
            return;
        }
        try {
            Configuration[] existing = configurations.listConfigurations("(service.pid=" + TRANSPORT_PID + ")");
            if (existing != null) {
                made = null;
                return;
            }
            made = configurations.getConfiguration(TRANSPORT_PID, "?");
            Hashtable<String, Object> p = new Hashtable<>();
            p.put("embedded.driver", true);
            made.update(p);
        } catch (IOException e) {
            throw new UncheckedIOException("ros_interface/a: cannot configure the transport " + TRANSPORT_PID, e);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Deactivate
    void deactivate() throws IOException {
        if (made != null) {
            made.delete();
        }
    }
}
