package org.embodia.rapp.app.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.RobotPose;
import org.embodia.rapp.app.testing.RecordingRapp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * The store's jars as the core agent's activate and destroy treat them: installed and started in Felix with SCR, each
 * registers one {@link DynamicAgent} under its app name, runs against a RAPP API, and leaves no service behind once
 * stopped and uninstalled. The RAPP API comes from the system bundle, so the test's {@link RecordingRapp} is the same
 * {@code Rapp} the bundles see.
 */
class AppsInFelixIT {
    /** SCR and what it imports, found on this test's class path by a class each jar holds. */
    private static final List<String> SCR = List.of(
            "org.osgi.util.function.Function",
            "org.osgi.util.promise.Promise",
            "org.osgi.service.component.ComponentContext",
            "org.apache.felix.scr.impl.Activator");
    private static final Map<String, List<String>> CALLS = Map.of(
            "greeter", List.of("textToSpeech", "wordSpotting", "textToSpeech"),
            "walker", List.of("takePredefinedPosture", "moveTo", "getRobotPosition", "textToSpeech"),
            "photographer", List.of("captureImage", "textToSpeech"));

    @TempDir
    Path temp;
    private Framework framework;
    private BundleContext context;

    @BeforeEach
    void launch() throws Exception {
        framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow().newFramework(Map.of(
                Constants.FRAMEWORK_STORAGE, temp.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "org.embodia.rapp.api;version=\"2.0.0\""));
        framework.start();
        context = framework.getBundleContext();
        for (String className : SCR) {
            context.installBundle(jarOf(className).toUri().toString()).start();
        }
    }

    @AfterEach
    void shutDown() throws Exception {
        framework.stop();
        framework.waitForStop(10_000);
    }

    @Test
    void eachAppRegistersItsDynamicAgentRunsAndGoesAwayWhenDestroyed() throws Exception {
        List<Bundle> apps = new ArrayList<>();
        for (Path jar : storeJars()) {
            Bundle app = context.installBundle(jar.toUri().toString());
            app.start();
            apps.add(app);
        }
        assertEquals(CALLS.keySet().size(), apps.size());
        for (Bundle app : apps) {
            String name = app.getHeaders().get(DynamicAgent.APP_NAME_HEADER);
            ServiceReference<DynamicAgent> reference = awaitAgent(name);
            assertNotNull(reference, name + " registers no DynamicAgent with rapp.app=" + name);
            assertEquals(app, reference.getBundle());
            RecordingRapp rapp = new RecordingRapp()
                    .answer("wordSpotting", "good")
                    .answer("getRobotPosition", RobotPose.planar(0.3, 0, 0))
                    .answer("captureImage", new CapturedImage(640, 480, "bgr8", 1920, new byte[1920 * 480]));
            DynamicAgent agent = context.getService(reference);
            try {
                agent.run(rapp);
            } finally {
                context.ungetService(reference);
            }
            assertEquals(CALLS.get(name), rapp.functions(), name);

            app.stop();
            app.uninstall();
            assertNull(agent(name), name + "'s service outlives its bundle");
        }
    }

    @Test
    void thePhotographerSavesIntoItsBundlesDataArea() throws Exception {
        Path jar = storeJars().stream().filter(j -> j.getFileName().toString().contains("photographer")).findFirst()
                .orElseThrow();
        Bundle photographer = context.installBundle(jar.toUri().toString());
        photographer.start();
        ServiceReference<DynamicAgent> reference = awaitAgent("photographer");
        assertNotNull(reference);
        context.getService(reference).run(new RecordingRapp()
                .answer("captureImage", new CapturedImage(640, 480, "bgr8", 1920, new byte[1920 * 480])));
        Path data = temp.resolve("felix-cache").resolve("bundle" + photographer.getBundleId()).resolve("data");
        List<Path> photos;
        try (Stream<Path> files = Files.list(data)) {
            photos = files.filter(f -> f.getFileName().toString().endsWith(".png")).toList();
        }
        assertEquals(1, photos.size(), "photos in " + data + ": " + photos);
        BufferedImage photo = ImageIO.read(photos.get(0).toFile());
        assertEquals(640, photo.getWidth());
        assertEquals(480, photo.getHeight());
    }

    /** SCR registers a started bundle's components on its extender's own schedule: a deadline for a loaded machine. */
    private ServiceReference<DynamicAgent> awaitAgent(String name) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        ServiceReference<DynamicAgent> reference = agent(name);
        while (reference == null && System.nanoTime() < deadline) {
            Thread.sleep(10);
            reference = agent(name);
        }
        return reference;
    }

    private ServiceReference<DynamicAgent> agent(String name) throws Exception {
        Collection<ServiceReference<DynamicAgent>> references = context.getServiceReferences(DynamicAgent.class,
                "(" + DynamicAgent.APP_PROPERTY + "=" + name + ")");
        assertTrue(references.size() <= 1, name + " registered " + references.size() + " agents");
        return references.isEmpty() ? null : references.iterator().next();
    }

    private static List<Path> storeJars() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("rapp.store.directory")))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
    }

    private static Path jarOf(String className) throws ClassNotFoundException, URISyntaxException {
        return Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
