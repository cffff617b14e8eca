package org.embodia.runconfigs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
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
 * ros_interface/a against the real thing (docs/ros.md): velma-sim with the interface, which says that no master answers
 * and runs on, then Debian's roscore, which the interface joins, then the stock tools and a rospy task script nobody adapted to Embodia — rostopic list, echo and hz, rosbag record and info,
 * examples/ros/velma_task.py with actionlib's SimpleActionClient (exit safe, a joint goal SUCCEEDED at its target, a
 * Cartesian goal, one into self collision ABORTED, relax, a NaN goal and an unknown joint REJECTED), then roscore killed
 * and started again: the interface registers anew and a task started after it moves the arm. Then ros_interface/a's
 * own process is killed: core/a runs on and starts it again, and a task moves the arm through the new one.
 */
class VelmaRosIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final long GENEROUS_SECONDS = 180;
    private static final Pattern REGISTERED = Pattern.compile("ros_interface/a: node /velma_task_cs_ros_interface registered");
    private static final Pattern NO_MASTER = Pattern.compile(
            "ros_interface/a: No ROS master answers at http://127\\.0\\.0\\.1:\\d+ .*; trying again every 2 s; core/a runs on without ROS");
    private static final Pattern STARTED = Pattern.compile("ros_interface/a: its process (\\d+) started");

    @TempDir
    Path dir;
    private RosMaster ros;
    private Host robot;

    @AfterEach
    void close() throws Exception {
        if (robot != null) {
            robot.kill();
        }
        if (ros != null) {
            ros.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Asks ros:status until the node says it registered again with the new master. */
    private void awaitReregistration() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        Pattern times = Pattern.compile("re-registered (\\d+) times");
        while (true) {
            Matcher m = robot.ask("ros:status", times);
            if (Integer.parseInt(m.group(1)) > 0) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "the node registered again within " + GENEROUS_SECONDS + " s");
            Thread.sleep(1000);
        }
    }

    @Test
    void stockRosToolsAndARospyTaskScriptDriveVelmaSim() throws Exception {
        ros = new RosMaster(ROOT, dir, GENEROUS_SECONDS);
        List<String> command = new ArrayList<>(List.of(JAVA, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-Dembodia.ros.master_uri=" + ros.uri(),
                "-Dorg.osgi.service.http.port=" + freePort(), "-jar", ROOT.resolve("run-configs/target/velma-sim.jar").toString()));
        robot = new Host("velma-sim", command, ROOT, GENEROUS_SECONDS);
        // Started before roscore, the robot says so once and runs on; its interface joins when the master comes.
        long pid = Long.parseLong(robot.await(STARTED, 0).group(1));
        robot.await(NO_MASTER, 0);
        robot.ask("velma:ready " + GENEROUS_SECONDS, Pattern.compile("first control cycle .* after the JVM started"));
        ros.start();
        robot.await(REGISTERED, 0);

        String topics = ros.run(0, GENEROUS_SECONDS, "rostopic", "list");
        for (String t : List.of("/joint_states", "/tf", "/diagnostics", "/velma_core_cs/state", "/velma_core_ve_body/switches",
                "/velma_task_cs_ros_interface/spline_trajectory_action_joint/goal",
                "/velma_task_cs_ros_interface/right_arm/cartesian_trajectory/result")) {
            assertTrue(topics.lines().anyMatch(t::equals), t + " in rostopic list:\n" + topics);
        }

        String echo = ros.run(0, GENEROUS_SECONDS, "rostopic", "echo", "-n", "1", "/joint_states");
        List<String> names = echo.lines().filter(l -> l.matches("\\s+- \\w+_joint")).map(String::strip).toList();
        assertEquals(17, names.size(), echo);
        assertEquals("- torso_0_joint", names.get(0));
        assertEquals("- head_tilt_joint", names.get(16));

        // rostopic hz runs until interrupted: timeout sends SIGINT after 10 s, and hz exits 0 with its last rate printed.
        String hz = ros.run(0, GENEROUS_SECONDS, "timeout", "-s", "INT", "--preserve-status", "10", "rostopic", "hz", "-w", "300", "/joint_states");
        Matcher rate = Pattern.compile("average rate: ([0-9.]+)").matcher(hz);
        double last = -1;
        while (rate.find()) {
            last = Double.parseDouble(rate.group(1));
        }
        assertTrue(last > 70 && last < 130, "rostopic hz near the configured 100 Hz: " + last + "\n" + hz);

        Path bag = dir.resolve("joint_states.bag");
        ros.run(0, GENEROUS_SECONDS, "rosbag", "record", "-O", bag.toString(), "--duration=5", "/joint_states");
        String info = ros.run(0, GENEROUS_SECONDS, "rosbag", "info", bag.toString());
        Matcher count = Pattern.compile("/joint_states\\s+(\\d+) msgs\\s+: sensor_msgs/JointState").matcher(info);
        assertTrue(count.find(), info);
        assertTrue(Integer.parseInt(count.group(1)) >= 250, "5 s of a 100 Hz topic in the bag:\n" + info);

        String task = ros.run(0, GENEROUS_SECONDS * 2, "/usr/bin/python3", "examples/ros/velma_task.py", "all");
        assertTrue(task.contains("joint impedance to a posture: SUCCEEDED"), task);
        assertTrue(task.contains("joint impedance into self collision: ABORTED"), task);
        assertTrue(task.contains("a NaN goal: REJECTED"), task);
        assertTrue(task.contains("every outcome as expected"), task);

        ros.stop();
        ros.start();
        awaitReregistration();
        String after = ros.run(0, GENEROUS_SECONDS * 2, "/usr/bin/python3", "examples/ros/velma_task.py", "move");
        assertTrue(after.contains("joint impedance after the restart: SUCCEEDED"), after);

        // ros_interface/a runs in a process of its own: killed, it takes nothing of core/a with it. core/a's loop runs
        // on without an overrun, the process is started again, and its node registers and serves a task anew.
        int mark = robot.mark();
        ProcessHandle node = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("ros_interface/a's process " + pid + " runs"));
        assertTrue(node.parent().map(p -> p.pid() == robot.process.pid()).orElse(false), "core/a started ros_interface/a's process");
        node.destroyForcibly();
        robot.await(Pattern.compile("ros_interface/a: its process " + pid + " ended with exit code \\d+; starting it again; core/a runs on"), mark);
        robot.await(Pattern.compile("ros_interface/a: its process \\d+ started"), mark);
        robot.await(REGISTERED, mark);
        robot.ask("agent:steady core 2 " + GENEROUS_SECONDS, Pattern.compile("core: 2\\.0 s without an overrun"));
        String again = ros.run(0, GENEROUS_SECONDS * 2, "/usr/bin/python3", "examples/ros/velma_task.py", "move");
        assertTrue(again.contains("joint impedance after the restart: SUCCEEDED"), again);
    }
}
