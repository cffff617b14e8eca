package org.embodia.itests.velma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The hardware bundles in Felix beside the simulation: configured through Config Admin they offer
 * subsystems with exactly the simulated effectors' buffers; a configuration that cannot work (a port
 * in use, a missing network interface) registers nothing and leaves the running system alone.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class HardwareBundlesTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 5000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();

    @AfterEach
    void delete() throws Exception {
        for (Configuration c : configurations) {
            c.delete();
        }
        configurations.clear();
    }

    private void configure(String factoryPid, Dictionary<String, Object> properties) throws Exception {
        Configuration c = configAdmin.getFactoryConfiguration(factoryPid, "test" + configurations.size(), "?");
        c.update(properties);
        configurations.add(c);
    }

    private List<Subsystem> subsystems(String name) throws Exception {
        List<Subsystem> found = new ArrayList<>();
        for (ServiceReference<Subsystem> ref : context.getServiceReferences(Subsystem.class, null)) {
            Subsystem s = context.getService(ref);
            if (s != null && s.name().toString().equals(name)) {
                found.add(s);
            }
        }
        return found;
    }

    private static List<String> buffers(Subsystem s) {
        List<String> out = new ArrayList<>();
        for (InputBuffer<?> b : s.inputs()) {
            out.add("in " + b.name() + ": " + b.type().getName());
        }
        for (OutputBuffer<?> b : s.outputs()) {
            out.add("out " + b.name() + ": " + b.type().getName());
        }
        return out;
    }

    private List<Subsystem> await(String name, int count) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        List<Subsystem> found = subsystems(name);
        while (found.size() != count && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
            found = subsystems(name);
        }
        return found;
    }

    @Test
    void anLwrConfigurationOffersAnArmWithTheSimulatedArmsBuffers() throws Exception {
        int port;
        try (DatagramSocket probe = new DatagramSocket(0)) {
            port = probe.getLocalPort();
        }
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("name", "test/a.lwr_x/re");
        p.put("localPort", port);
        configure("org.embodia.velma.lwr", p);
        List<Subsystem> arm = await("test/a.lwr_x/re", 1);
        assertEquals(1, arm.size(), "the FRI effector registered");
        Subsystem simulated = subsystems("core/a.lwr_r/re").get(0);
        assertEquals(buffers(simulated), buffers(arm.get(0)), "the same buffers as the simulated arm");
        delete();
        assertEquals(0, await("test/a.lwr_x/re", 0).size(), "gone with its configuration");
    }

    @Test
    void anLwrPortInUseRegistersNothing() throws Exception {
        try (DatagramSocket taken = new DatagramSocket(0)) {
            Hashtable<String, Object> p = new Hashtable<>();
            p.put("name", "test/a.lwr_y/re");
            p.put("localPort", taken.getLocalPort());
            configure("org.embodia.velma.lwr", p);
            Thread.sleep(1000);
            assertTrue(subsystems("test/a.lwr_y/re").isEmpty(), "no subsystem over a port it could not bind");
        }
    }

    @Test
    void anEthercatMasterOnAMissingInterfaceRegistersNothingBesideTheSimulation() throws Exception {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("interface", "embodia-none0");
        configure("org.embodia.velma.ethercat", p);
        Thread.sleep(1000);
        assertEquals(1, subsystems("core/a.ethercat/re").size(), "only the simulated drives' effector");
    }
}
