package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.launch.Framework;

/**
 * The body, memory and cameras inside Felix, through the bundle's own class loader: the NAO model comes from its
 * bundle, and javax.imageio from the framework's system bundle, so a PNG can be saved.
 */
class SimulationBundleIT {

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
