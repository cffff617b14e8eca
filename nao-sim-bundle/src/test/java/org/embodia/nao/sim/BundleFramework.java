package org.embodia.nao.sim;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;

import org.embodia.nao.model.NaoJoint;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/** Felix with the packaged bundle and the NAO model bundle it imports, for the integration tests. */
public final class BundleFramework {
    private BundleFramework() {
    }

    /** A started framework storing its cache under {@code directory}. */
    public static Framework start(Path directory) throws BundleException {
        Map<String, String> configuration = Map.of(
                Constants.FRAMEWORK_STORAGE, directory.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                // as in cnf/runs/framework.bnd, the launch settings of every Embodia profile
                Constants.FRAMEWORK_BOOTDELEGATION, "sun.*,com.sun.*");
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow()
                .newFramework(configuration);
        framework.start();
        return framework;
    }

    /** Installs the NAO model bundle (the jar on this test's class path) and this module's bundle, and starts both. */
    public static Bundle installSimulation(Framework framework) throws BundleException, URISyntaxException {
        Path model = Path.of(NaoJoint.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path simulation = Path.of(System.getProperty("nao.sim.bundle"));
        framework.getBundleContext().installBundle(model.toUri().toString()).start();
        Bundle bundle = framework.getBundleContext().installBundle(simulation.toUri().toString());
        bundle.start();
        return bundle;
    }
}
