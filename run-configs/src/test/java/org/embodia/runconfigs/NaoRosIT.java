package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated NAO's ROS topics as Debian's ROS tools see them: nao-sim's exported jar, started as
 * {@code ./embodia run nao-sim --ros} starts it, joins a rosmaster of the test's own; rostopic lists naoqi_driver's
 * topics, echoes NAO's joint names, odometry's frames, the image a console command grabbed and a touch reading, and
 * measures /joint_states near its 50 Hz.
 */
class NaoRosIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final long GENEROUS_SECONDS = 180;
    private static final List<String> TOPICS = List.of("/joint_states", "/tf", "/naoqi_driver/odom", "/naoqi_driver/imu/torso",
            "/naoqi_driver/camera/front/image_raw", "/naoqi_driver/camera/bottom/image_raw", "/naoqi_driver/head_touch",
            "/naoqi_driver/hand_touch", "/naoqi_driver/bumper", "/naoqi_driver/inertial", "/naoqi_driver/fsr");

    @TempDir
    Path home;
    private String masterUri;
    private Process master;
    private Host robot;
    private final List<Host> tools = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        if (robot != null) {
            robot.kill();
        }
        for (Host t : tools) {
            t.kill();
        }
        if (master != null) {
            master.descendants().forEach(ProcessHandle::destroyForcibly);
            master.destroyForcibly();
            master.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The environment of a ROS tool against the test's master: Debian's Python and ROS modules first on the PATH. */
    private List<String> environment() {
        return List.of("ROS_MASTER_URI=" + masterUri, "ROS_HOME=" + home, "ROS_LOG_DIR=" + home.resolve("log"), "ROS_IP=127.0.0.1",
                "PYTHONUNBUFFERED=1", "PATH=/usr/bin:/bin");
    }

    /** A ROS tool that runs until stopped, its lines kept as they come. */
    private Host tool(String... command) throws IOException {
        List<String> line = new ArrayList<>(List.of("env"));
        line.addAll(environment());
        line.addAll(List.of(command));
        Host t = new Host(String.join(" ", command), line, home, GENEROUS_SECONDS);
        tools.add(t);
        return t;
    }

    /** A ROS tool run to its end; everything it printed. */
    private String run(String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(home, command[0], ".out");
        ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true).redirectOutput(out.toFile());
        for (String variable : environment()) {
            int eq = variable.indexOf('=');
            pb.environment().put(variable.substring(0, eq), variable.substring(eq + 1));
        }
        Process p = pb.start();
        if (!p.waitFor(GENEROUS_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not end within " + GENEROUS_SECONDS + " s; it printed:\n" + Files.readString(out, UTF_8));
        }
        return Files.readString(out, UTF_8);
    }

    private void startMaster() throws IOException, InterruptedException {
        int port = freePort();
        masterUri = "http://127.0.0.1:" + port + "/";
        master = new ProcessBuilder("env", "PATH=/usr/bin:/bin", "ROS_HOME=" + home, "ROS_LOG_DIR=" + home.resolve("log"), "rosmaster", "--core",
                "-p", Integer.toString(port)).redirectErrorStream(true).redirectOutput(home.resolve("rosmaster.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
                return;
            } catch (IOException notYet) {
                if (!master.isAlive() || System.nanoTime() - deadline > 0) {
                    fail("rosmaster -p " + port + " did not listen (alive: " + master.isAlive() + "): "
                            + Files.readString(home.resolve("rosmaster.log"), UTF_8));
                }
                Thread.sleep(100);
            }
        }
    }

    @Test
    void rostopicSeesNaoqiDriversTopicsOfTheSimulatedNao() throws Exception {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/rosmaster")) && Files.isExecutable(Path.of("/usr/bin/rostopic")),
                "Debian's rosmaster and rostopic are installed (.ci/setup)");
        startMaster();
        Path jar = ROOT.resolve("run-configs/target/nao-sim.jar");
        assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
        robot = new Host("nao-sim", List.of(JAVA, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dembodia.ros.master_uri=" + masterUri,
                "-Dorg.osgi.service.http.port=" + freePort(), "-jar", jar.toString()), ROOT, GENEROUS_SECONDS);

        String listed = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        while (!listed.lines().toList().containsAll(TOPICS)) {
            if (System.nanoTime() - deadline > 0) {
                fail("rostopic list did not show " + TOPICS + " within " + GENEROUS_SECONDS + " s; it showed:\n" + listed);
            }
            listed = run("rostopic", "list");
        }
        robot.ask("ros:status", Pattern.compile("nao: node /naoqi_driver at \\S+, master reachable"));

        String joints = run("rostopic", "echo", "-n", "1", "/joint_states");
        for (String name : List.of("HeadYaw", "HeadPitch", "LShoulderPitch", "LHipYawPitch", "RHipYawPitch", "RAnklePitch", "RWristYaw", "RHand")) {
            assertTrue(joints.contains("- " + name), name + " among the joint names:\n" + joints);
        }
        Matcher positions = Pattern.compile("position: \\[([^\\]]*)\\]").matcher(joints);
        assertTrue(positions.find(), joints);
        assertEquals(26, positions.group(1).split(",").length, "one position for each of NAO's 26 joints:\n" + joints);

        Host hz = tool("rostopic", "hz", "/joint_states");
        Pattern average = Pattern.compile("average rate: ([0-9.]+)");
        int third = -1;
        for (int i = 0; i < 3; i++) {
            third = hz.awaitIndex(average, third + 1);
        }
        Matcher rate = average.matcher(hz.line(third));
        assertTrue(rate.find());
        double measured = Double.parseDouble(rate.group(1));
        // 50 Hz, the loop's own rate; a generous band, the machine may be busy
        assertTrue(measured > 35 && measured < 60, "rostopic hz measured " + measured + " Hz:\n" + String.join("\n", hz.since(0)));
        hz.kill();

        String odom = run("rostopic", "echo", "-n", "1", "/naoqi_driver/odom");
        assertTrue(odom.contains("frame_id: \"odom\""), odom);
        assertTrue(odom.contains("child_frame_id: \"base_link\""), odom);

        robot.ask("nao:status", Pattern.compile("core/a\\.cam/vr\\s+idle"));
        robot.ask("nao:image 0 2", Pattern.compile("image: 640.{1,3}480, bgr8, 921600 bytes"));
        String image = run("rostopic", "echo", "-n", "1", "--noarr", "/naoqi_driver/camera/front/image_raw");
        assertTrue(image.contains("frame_id: \"CameraTop_optical_frame\""), image);
        assertTrue(image.contains("height: 480"), image);
        assertTrue(image.contains("width: 640"), image);
        assertTrue(image.contains("encoding: \"bgr8\""), image);
        assertTrue(image.contains("step: 1920"), image);

        robot.send("nao:press Head/Touch/Front true");
        robot.ask("nao:touch Device/SubDeviceList/Head/Touch/Front/Sensor/Value", Pattern.compile("Head/Touch/Front/Sensor/Value=1\\.0"));
        String touch = run("rostopic", "echo", "-n", "1", "/naoqi_driver/head_touch");
        assertTrue(touch.contains("name: \"Device/SubDeviceList/Head/Touch/Front/Sensor/Value\""), touch);
        assertTrue(touch.contains("values: [1.0]"), touch);
    }
}
