package org.embodia.ros.nao;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.ros.RosException;
import org.embodia.ros.RosNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge's topics as Debian's rostopic sees them, through a node of ours and a rosmaster of the test's own: the
 * joint names, an image's header and size, and a touch reading in the ChannelFloat32 declared here.
 */
class BridgeRosTest {
    private static final long DEADLINE_SECONDS = 60;

    @TempDir
    Path home;
    private final List<Process> processes = new ArrayList<>();
    private RosNode node;
    private URI master;

    @AfterEach
    void stop() throws InterruptedException {
        if (node != null) {
            node.close();
        }
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private ProcessBuilder ros(String... command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put("ROS_MASTER_URI", master.toString());
        env.put("ROS_HOME", home.toString());
        env.put("ROS_LOG_DIR", home.resolve("log").toString());
        env.put("ROS_IP", "127.0.0.1");
        env.remove("ROS_HOSTNAME");
        env.remove("ROS_NAMESPACE");
        // Debian's Python and its ROS modules, before any other python3 on the PATH
        env.put("PATH", "/usr/bin:/bin:" + env.getOrDefault("PATH", ""));
        return pb;
    }

    private Process start(Path output, String... command) throws IOException {
        Process p = ros(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        processes.add(p);
        return p;
    }

    /** rosmaster on a free port, and our node once it answers. */
    private RosNode masterAndNode() throws Exception {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/rosmaster")) && Files.isExecutable(Path.of("/usr/bin/rostopic")),
                "Debian's rosmaster and rostopic are installed (.ci/setup)");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        master = URI.create("http://127.0.0.1:" + port + "/");
        start(home.resolve("rosmaster.log"), "rosmaster", "--core", "-p", Integer.toString(port));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (true) {
            try {
                return RosNode.start(master, NaoRosInterface.NODE, InetAddress.getLoopbackAddress());
            } catch (RosException notYet) {
                if (System.nanoTime() - deadline > 0) {
                    fail("rosmaster did not answer within " + DEADLINE_SECONDS + " s: " + Files.readString(home.resolve("rosmaster.log")));
                }
                Thread.sleep(100);
            }
        }
    }

    /**
     * Runs {@code rostopic echo -n 1} to its end while {@code publishing} keeps the bridge busy; what it printed.
     *
     * @param noArrays whether arrays are left out (an image's pixels)
     */
    private String echoOnce(String topic, boolean noArrays, Runnable publishing) throws Exception {
        Path out = home.resolve("echo" + processes.size() + ".out");
        List<String> command = new ArrayList<>(List.of("rostopic", "echo", "-n", "1"));
        if (noArrays) {
            command.add("--noarr");
        }
        command.add(topic);
        Process echo = start(out, command.toArray(String[]::new));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (!echo.waitFor(20, TimeUnit.MILLISECONDS)) {
            publishing.run();
            if (System.nanoTime() - deadline > 0) {
                fail("rostopic echo " + topic + " printed nothing within " + DEADLINE_SECONDS + " s:\n" + Files.readString(out, UTF_8));
            }
        }
        return Files.readString(out, UTF_8);
    }

    @Test
    void rostopicReadsJointStatesAnImageAndATouchReading() throws Exception {
        node = masterAndNode();
        Bridge bridge = new Bridge(node::advertise, new Bridge.Rates(50, 15, 10), p -> fail(p));
        BridgeTest.Watch body = new BridgeTest.Watch();
        BridgeTest.Watch camCommand = new BridgeTest.Watch();
        BridgeTest.Watch cam = new BridgeTest.Watch();
        BridgeTest.Watch touch = new BridgeTest.Watch();
        NaoWatches watches = new NaoWatches(null, List.of(body, new BridgeTest.Watch(), camCommand, cam, touch, new BridgeTest.Watch(),
                new BridgeTest.Watch()));
        BodyEffectorStatus joints = new BodyEffectorStatus();
        joints.cja.add("HeadYaw", 0.25);
        joints.cja.add("LKneePitch", 1.5);
        long offset = System.currentTimeMillis() * 1_000_000L - System.nanoTime();

        String echo = echoOnce(Bridge.JOINT_STATES, false, () -> {
            body.send(joints, System.nanoTime());
            bridge.poll(watches, offset);
        });
        assertTrue(echo.contains("- HeadYaw") && echo.contains("- LKneePitch"), echo);
        assertTrue(echo.contains("position: [0.25, 1.5]"), echo);

        CamCommand image = new CamCommand();
        image.cmd = CamCommand.Cmd.IMAGE;
        image.params.cid = 0;
        camCommand.send(image, System.nanoTime());
        CamStatus s = new CamStatus(320 * 240 * 3);
        s.image.width = 320;
        s.image.height = 240;
        s.image.layers = 3;
        s.image.encoding = "bgr8";
        s.image.length = 320 * 240 * 3;
        s.imageSeq = 1;
        cam.send(s, System.nanoTime());
        bridge.poll(watches, offset);
        echo = echoOnce(Bridge.FRONT_CAMERA, true, () -> { });
        assertTrue(echo.contains("frame_id: \"CameraTop_optical_frame\""), "latched, so a later subscriber gets it:\n" + echo);
        assertTrue(echo.contains("height: 240") && echo.contains("width: 320") && echo.contains("encoding: \"bgr8\""), echo);
        assertTrue(echo.contains("step: 960"), echo);

        SensorStatus reading = new SensorStatus();
        reading.value.setNumber("Device/SubDeviceList/Head/Touch/Middle/Sensor/Value", 1);
        reading.valueSeq = 1;
        touch.send(reading, System.nanoTime());
        bridge.poll(watches, offset);
        echo = echoOnce("/naoqi_driver/head_touch", false, () -> { });
        assertTrue(echo.contains("name: \"Device/SubDeviceList/Head/Touch/Middle/Sensor/Value\""), echo);
        assertTrue(echo.contains("values: [1.0]"), echo);
    }
}
