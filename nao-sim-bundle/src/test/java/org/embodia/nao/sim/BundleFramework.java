package org.embodia.nao.sim;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Felix with the packaged bundle and what it needs at run time, for the integration tests: Declarative Services, the
 * NAO model, speech, the Embodia and NAO APIs, and the scheduler (for ActivityClock) with what the scheduler's bundle
 * imports. The jars are the ones on this test's class path, found by a class each holds.
 */
public final class BundleFramework {
    /** Started: they provide services or capabilities the simulation's bundle needs. */
    private static final List<String> STARTED = List.of(
            "org.osgi.util.function.Function",
            "org.osgi.util.promise.Promise",
            "org.osgi.service.component.ComponentContext",
            "org.apache.felix.scr.impl.Activator",
            "org.apache.felix.cm.impl.Activator",
            "org.embodia.api.agent.Subsystem",
            "org.embodia.nao.api.BodyEffectorCommand",
            "org.embodia.nao.model.NaoJoint",
            "org.embodia.speech.SpeechRecognizer");
    /** Installed, so that the scheduler's bundle resolves and exports ActivityClock; its agents are not run. */
    private static final List<String> RESOLVED = List.of(
            "org.yaml.snakeyaml.Yaml",
            "com.sun.jna.Native",
            "org.embodia.fsm.engine.FsmLoader",
            "org.embodia.scheduler.ActivityClock");

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

    /** Installs what the simulation needs and this module's bundle, and starts it. */
    public static Bundle installSimulation(Framework framework) throws BundleException, URISyntaxException {
        for (String className : RESOLVED) {
            framework.getBundleContext().installBundle(jarOf(className).toUri().toString());
        }
        for (String className : STARTED) {
            framework.getBundleContext().installBundle(jarOf(className).toUri().toString()).start();
        }
        Path simulation = Path.of(System.getProperty("nao.sim.bundle"));
        Bundle bundle = framework.getBundleContext().installBundle(simulation.toUri().toString());
        bundle.start();
        return bundle;
    }

    /** The jar on the class path holding the class, found without loading it. */
    private static Path jarOf(String className) throws URISyntaxException {
        URL url = ClassLoader.getSystemResource(className.replace('.', '/') + ".class");
        if (url == null || !"jar".equals(url.getProtocol())) {
            throw new IllegalStateException(className + " is not in a jar on the class path: " + url);
        }
        String spec = url.toURI().getSchemeSpecificPart();
        return Path.of(java.net.URI.create(spec.substring(0, spec.indexOf("!/"))));
    }
}
