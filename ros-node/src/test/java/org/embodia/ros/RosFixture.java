package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.ros.internal.XmlRpcClient;

/**
 * A ROS master of its own for one test: Debian's rosmaster on a free port, with ROS_HOME and ROS_LOG_DIR in the
 * test's temporary folder; the ROS command-line tools run against it; everything it started is killed on close.
 */
final class RosFixture implements AutoCloseable {
    /** Debian bookworm's packages that the tests need (the project's .ci/setup installs them). */
    static final String DEBIAN_PACKAGES = "ros-base python3-rospy python3-rostopic python3-rosservice "
            + "python3-rosmsg python3-rosmaster python3-rosnode ros-std-msgs python3-std-msgs ros-std-srvs "
            + "python3-std-srvs ros-sensor-msgs python3-sensor-msgs ros-geometry-msgs python3-geometry-msgs "
            + "ros-tf2-msgs python3-tf2-msgs ros-diagnostic-msgs python3-diagnostic-msgs ros-nav-msgs python3-nav-msgs "
            + "ros-trajectory-msgs python3-trajectory-msgs ros-actionlib-msgs python3-actionlib-msgs "
            + "python3-actionlib python3-genpy";
    static final String PYTHON = "/usr/bin/python3";
    static final Duration DEADLINE = Duration.ofSeconds(60);
    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private static Boolean toolsPresent;

    final Path home;
    final int port;
    final URI masterUri;
    private Process master;
    private int masterRuns;
    private final List<Process> tools = new ArrayList<>();
    private final List<RosNode> nodes = new ArrayList<>();

    /** Fails, naming the Debian packages, when ROS 1's tools and Python modules are not installed. */
    static synchronized void requireRos() {
        if (toolsPresent == null) {
            toolsPresent = checkTools();
        }
        if (!toolsPresent) {
            fail("ROS 1's tools are not installed: these tests run Debian's rosmaster, rostopic, rosservice, rosmsg, "
                    + "rossrv, rosnode, rospy, actionlib and genpy. Install them with: apt-get install " + DEBIAN_PACKAGES);
        }
    }

    private static boolean checkTools() {
        for (String tool : List.of("rosmaster", "rostopic", "rosservice", "rosmsg", "rossrv", "rosnode")) {
            if (!Files.isExecutable(Path.of("/usr/bin", tool))) {
                return false;
            }
        }
        try {
            Process p = new ProcessBuilder(PYTHON, "-c", "import rospy, std_msgs.msg, std_srvs.srv, sensor_msgs.msg, "
                    + "geometry_msgs.msg, tf2_msgs.msg, diagnostic_msgs.msg, nav_msgs.msg, trajectory_msgs.msg, "
                    + "actionlib_msgs.msg, actionlib, genpy").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Starts a master on a free port, with its home under {@code tempDir}. */
    static RosFixture start(Path tempDir) throws Exception {
        requireRos();
        RosFixture ros = new RosFixture(tempDir, freePort());
        ros.startMaster();
        return ros;
    }

    private RosFixture(Path tempDir, int port) throws IOException {
        this.home = Files.createDirectories(tempDir.resolve("ros_home"));
        this.port = port;
        this.masterUri = URI.create("http://127.0.0.1:" + port + "/");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Starts rosmaster on this fixture's port and waits until it answers getPid. */
    void startMaster() throws Exception {
        masterRuns++;
        Path log = home.resolve("rosmaster-" + masterRuns + ".log");
        ProcessBuilder pb = new ProcessBuilder("rosmaster", "--core", "-p", String.valueOf(port));
        environment(pb);
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        master = pb.start();
        XmlRpcClient rpc = new XmlRpcClient("fixture");
        try {
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (true) {
                try {
                    rpc.rosValue(masterUri, Duration.ofSeconds(5), "getPid", "/fixture");
                    return;
                } catch (IOException e) {
                    if (!master.isAlive()) {
                        fail("rosmaster -p " + port + " exited with " + master.exitValue() + ": "
                                + Files.readString(log));
                    }
                    if (System.nanoTime() - deadline > 0) {
                        fail("rosmaster on port " + port + " did not answer within " + DEADLINE + ": "
                                + Files.readString(log));
                    }
                    Thread.sleep(100);
                }
            }
        } finally {
            rpc.close();
        }
    }

    /** Kills the master at once (SIGKILL), as a crash would, and waits for it to be gone. */
    void killMaster() throws InterruptedException {
        kill(master);
    }

    private static void kill(Process p) throws InterruptedException {
        if (p == null) {
            return;
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(60, TimeUnit.SECONDS);
    }

    void environment(ProcessBuilder pb) {
        Map<String, String> env = pb.environment();
        env.put("ROS_MASTER_URI", masterUri.toString());
        env.put("ROS_HOME", home.toString());
        env.put("ROS_LOG_DIR", home.resolve("log").toString());
        env.put("ROS_IP", "127.0.0.1");
        env.remove("ROS_HOSTNAME");
        env.remove("ROS_NAMESPACE");
        env.put("PYTHONUNBUFFERED", "1");
        env.put("PATH", "/usr/bin:/bin:" + env.getOrDefault("PATH", ""));
    }

    /** A node of this master, closed with the fixture. */
    RosNode node(String name) {
        RosNode node = RosNode.start(masterUri, name, LOOPBACK);
        nodes.add(node);
        return node;
    }

    /** Starts a ROS tool (or any command) against this master; its output goes to a file. */
    Tool tool(String... command) throws IOException {
        Path out = Files.createTempFile(home, command[0].replaceAll("\\W", "_") + "-", ".out");
        ProcessBuilder pb = new ProcessBuilder(command);
        environment(pb);
        pb.redirectErrorStream(true).redirectOutput(out.toFile());
        Process p = pb.start();
        tools.add(p);
        return new Tool(String.join(" ", command), p, out);
    }

    /** Writes a Python script into the fixture's home and starts it with Debian's Python. */
    Tool python(String name, String script) throws IOException {
        Path file = home.resolve(name);
        Files.writeString(file, script);
        return tool(PYTHON, file.toString());
    }

    @Override
    public void close() throws Exception {
        for (RosNode n : nodes) {
            n.close();
        }
        for (Process p : tools) {
            kill(p);
        }
        kill(master);
    }

    /** Waits for {@code condition}, failing with {@code what} after the deadline. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("not within " + DEADLINE + ": " + what);
            }
            Thread.sleep(50);
        }
    }

    /** A started tool and the file its output goes to. */
    static final class Tool {
        final String command;
        final Process process;
        final Path output;

        Tool(String command, Process process, Path output) {
            this.command = command;
            this.process = process;
            this.output = output;
        }

        String output() {
            try {
                return Files.readString(output, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }

        /** Waits for it to exit by itself; its output. */
        String awaitExit() throws InterruptedException {
            if (!process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                fail("'" + command + "' did not finish within " + DEADLINE + "; it printed:\n" + output());
            }
            return output();
        }

        /** Waits until its output has {@code count} matches of {@code regex}; the last match. */
        Matcher awaitOutput(String regex, int count) throws InterruptedException {
            Pattern pattern = Pattern.compile(regex);
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (true) {
                boolean alive = process.isAlive();
                String text = output();
                Matcher m = pattern.matcher(text);
                int found = 0;
                Matcher last = null;
                while (m.find()) {
                    found++;
                    last = pattern.matcher(text);
                    last.find(m.start());
                }
                if (found >= count) {
                    return last;
                }
                if (System.nanoTime() - deadline > 0) {
                    fail("'" + command + "' did not print " + count + " times /" + regex + "/ within " + DEADLINE
                            + "; it printed:\n" + text);
                }
                if (!alive) {
                    fail("'" + command + "' exited (" + process.exitValue() + ") before printing " + count
                            + " times /" + regex + "/; it printed:\n" + text);
                }
                Thread.sleep(100);
            }
        }

        void stop() throws InterruptedException {
            kill(process);
        }
    }
}
