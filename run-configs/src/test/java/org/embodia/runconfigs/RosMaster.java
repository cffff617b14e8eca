package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Debian's roscore on a free port for a launch test, and the ROS tools and scripts run against it: ROS_HOME and the
 * Python messages Debian lacks (ros-python-msgs) in the test's own directory.
 */
final class RosMaster implements AutoCloseable {
    private static final Pattern CORE_STARTED = Pattern.compile("started core service \\[/rosout\\]");
    private final Path root;
    private final Path dir;
    private final long generousSeconds;
    private final int port;
    private Host roscore;

    /** Makes the Python messages into {@code dir}; starts no master yet. */
    RosMaster(Path root, Path dir, long generousSeconds) throws Exception {
        this.root = root;
        this.dir = dir;
        this.generousSeconds = generousSeconds;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        run(0, generousSeconds, "bash", root.resolve("ros-node/src/main/sh/ros-python-msgs").toString(), dir.resolve("python").toString());
    }

    String uri() {
        return "http://127.0.0.1:" + port;
    }

    void start() throws Exception {
        roscore = new Host("roscore", List.of("roscore", "-p", Integer.toString(port)), dir, generousSeconds);
        roscore.await(CORE_STARTED, 0);
    }

    /** SIGINT: roscore stops rosmaster and rosout with it, as Ctrl-C does. */
    void stop() throws Exception {
        if (roscore != null && roscore.process.isAlive()) {
            roscore.signal("INT");
            if (!roscore.process.waitFor(generousSeconds, TimeUnit.SECONDS)) {
                roscore.kill();
            }
        }
        roscore = null;
    }

    @Override
    public void close() throws Exception {
        stop();
    }

    /** A ROS tool or script with this master, from the checkout's root; its output, after it exited with {@code expectedExit}. */
    String run(int expectedExit, long seconds, String... command) throws Exception {
        Ran ran = attempt(seconds, command);
        assertEquals(expectedExit, ran.exit(), String.join(" ", command) + ":\n" + ran.output());
        return ran.output();
    }

    /** A command's exit code and output. */
    record Ran(int exit, String output) {
    }

    /** Runs a command against this master to its end, which must come within {@code seconds}. */
    Ran attempt(long seconds, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        pb.environment().put("ROS_MASTER_URI", uri());
        pb.environment().put("ROS_HOME", dir.resolve("ros-home").toString());
        pb.environment().put("PYTHONPATH", dir.resolve("python").toString());
        Path out = dir.resolve("out-" + System.nanoTime());
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        boolean ended = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String text = Files.readString(out, UTF_8);
        assertTrue(ended, String.join(" ", command) + " still ran after " + seconds + " s:\n" + text);
        return new Ran(p.exitValue(), text);
    }
}
