package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

/**
 * The packaged bundle inside Felix: Declarative Services activates the simulation as the clock nao.sim with its seven
 * real effectors and receptors, registered under the names the agent configuration uses; and the body, memory and
 * cameras work through the bundle's own class loader, the NAO model coming from its bundle and javax.imageio from the
 * framework's system bundle, so a PNG can be saved.
 */
class SimulationBundleIT {
    private static final List<String> SUBSYSTEMS = List.of("core/a.body/re", "core/a.ls/re", "core/a.mic/rr",
            "core/a.cam/rr", "core/a.touch/rr", "core/a.inertial/rr", "core/a.fsr/rr");

    @Test
    void theSimulationActivatesAsTheNaoSimClockWithItsSevenRealSubsystems(@TempDir Path directory) throws Exception {
        Framework framework = BundleFramework.start(directory);
        try {
            BundleFramework.installSimulation(framework);
            BundleContext context = framework.getBundleContext();
            ServiceReference<?>[] clocks = awaitServices(context, "org.embodia.scheduler.ActivityClock",
                    "(embodia.clock=nao.sim)", 1);
            ServiceReference<?>[] subsystems = awaitServices(context, "org.embodia.api.agent.Subsystem", null,
                    SUBSYSTEMS.size());

            Object simulator = context.getService(clocks[0]);
            assertTrue(Arrays.asList((String[]) clocks[0].getProperty(Constants.OBJECTCLASS))
                    .contains("org.embodia.nao.sim.api.NaoSimulator"));
            List<String> names = new ArrayList<>();
            for (ServiceReference<?> reference : subsystems) {
                Object subsystem = context.getService(reference);
                names.add(subsystem.getClass().getMethod("name").invoke(subsystem).toString());
                assertEquals("[command]", bufferNames(subsystem, "inputs"));
                assertEquals("[status]", bufferNames(subsystem, "outputs"));
            }
            assertEquals(Set.copyOf(SUBSYSTEMS), Set.copyOf(names));
            Method ticks = simulator.getClass().getMethod("ticks");
            long first = (Long) ticks.invoke(simulator);
            Rig.await(() -> {
                try {
                    return (Long) ticks.invoke(simulator) > first + 5;
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }, "the clock ticking at pace realtime, the default");
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }

    private static String bufferNames(Object subsystem, String method) throws Exception {
        List<String> names = new ArrayList<>();
        for (Object buffer : (List<?>) subsystem.getClass().getMethod(method).invoke(subsystem)) {
            names.add((String) buffer.getClass().getMethod("name").invoke(buffer));
        }
        return names.toString();
    }

    /**
     * Waits up to {@link Rig#PATIENCE_SECONDS} for {@code count} services of the class, which SCR registers once the bundle is active. All of
     * them: this test's class path holds the API classes too, which the framework would take for another version.
     */
    private static ServiceReference<?>[] awaitServices(BundleContext context, String className, String filter, int count)
            throws Exception {
        long deadline = System.nanoTime() + (long) (Rig.PATIENCE_SECONDS * 1e9);
        ServiceReference<?>[] found = context.getAllServiceReferences(className, filter);
        while ((found == null || found.length < count) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            found = context.getAllServiceReferences(className, filter);
        }
        assertEquals(count, found == null ? 0 : found.length, className + " services " + filter);
        return found;
    }

    @Test
    void theBodyReachesAPostureAndTheCameraSavesAPngInFelix(@TempDir Path directory) throws Exception {
        Framework framework = BundleFramework.start(directory);
        try {
            Bundle bundle = BundleFramework.installSimulation(framework);
            Class<?> bodyClass = bundle.loadClass("org.embodia.nao.sim.body.SimulatedBody");
            assertSame(bundle, FrameworkUtil.getBundle(bodyClass));
            Bundle model = FrameworkUtil.getBundle(bundle.loadClass("org.embodia.nao.model.NaoJoint"));
            assertEquals("org.embodia.nao.model", model.getSymbolicName());

            Object body = bodyClass.getConstructor(long.class).newInstance(7L);
            bodyClass.getMethod("setStiffnesses", String.class, double.class).invoke(body, "Body", 1.0);
            bodyClass.getMethod("goToPosture", String.class, double.class).invoke(body, "Stand", 1.0);
            Object memory = bundle.loadClass("org.embodia.nao.sim.memory.AlMemory").getConstructor().newInstance();
            Class<?> feedClass = bundle.loadClass("org.embodia.nao.sim.memory.SensorFeed");
            Object feed = feedClass.getConstructor(memory.getClass(), bodyClass).newInstance(memory, body);
            while ((Boolean) bodyClass.getMethod("isCommandActive").invoke(body)) {
                bodyClass.getMethod("step").invoke(body);
                feedClass.getMethod("update").invoke(feed);
            }
            assertEquals("Stand", bodyClass.getMethod("posture").invoke(body));
            assertEquals(2.65f, (Float) memory.getClass().getMethod("getFloat", String.class).invoke(memory,
                    "Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value"), 1e-5f);

            Class<?> sceneClass = bundle.loadClass("org.embodia.nao.sim.camera.Scene");
            Class<?> poseClass = bundle.loadClass("org.embodia.nao.sim.camera.HeadPose");
            Object pose = poseClass.getConstructors()[0].newInstance(0.0, 0.0, 0.0,
                    bodyClass.getMethod("torsoHeight").invoke(body), 0.0, 0.0, 0.0);
            Supplier<Object> head = () -> pose;
            LongSupplier clock = () -> 0;
            Class<?> camerasClass = bundle.loadClass("org.embodia.nao.sim.camera.SimulatedCameras");
            Object cameras = camerasClass.getConstructor(sceneClass, Supplier.class, LongSupplier.class)
                    .newInstance(sceneClass.getMethod("room").invoke(null), head, clock);
            Object handle = camerasClass.getMethod("subscribeCamera", String.class, int.class, int.class, int.class,
                    int.class).invoke(cameras, "it", 0, 2, 13, 5);
            Object image = camerasClass.getMethod("getImageRemote", String.class).invoke(cameras, handle);
            Path png = directory.resolve("top.png");
            bundle.loadClass("org.embodia.nao.sim.camera.ImageFiles")
                    .getMethod("writePng", image.getClass(), Path.class).invoke(null, image, png);

            BufferedImage decoded = ImageIO.read(png.toFile());
            assertEquals(List.of(640, 480), List.of(decoded.getWidth(), decoded.getHeight()));
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }
}
