package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * velma-sim-split and velma-hw-split running as {@code ./embodia run <profile>} starts them — the media driver, then
 * ve_body (host main, which leads the cycle), the effectors (simulated; or the hardware bundles, whose KRCs' data starts
 * each cycle, over the simulated peers) and cs, each a JVM of its own — and their processes killed and stopped while
 * they run, as FABRIC's reason for processes has it ([VELMA-STRUCT]: "critical error in one subsystem does
 * not affect other subsystems, so they can react adequately"). Each framework's Gogo console is driven through its
 * standard input. Waits are for what the processes print, with generous deadlines.
 */
class VelmaSplitLaunchIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** As the launcher starts them (./embodia: AGRONA_JVM, split_gc, aeron_driver). */
    private static final List<String> AGRONA = List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED");
    private static final List<String> ZGC = List.of("-XX:+UseZGC");
    private static final List<String> PHYSICS_GC = List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=1", "-Xmn64m");
    private static final long GENEROUS_SECONDS = 240;
    /** ve_body's states of safe mode ([VELMA-BEH]). */
    private static final Predicate<String> SAFE_MODE = s -> s.equals("safe") || s.equals("safe_st") || s.equals("safe_st_ok");
    private static final Predicate<String> TRANSPARENT = s -> s.startsWith("transp");
    private static final Pattern EXIT_SAFE_DONE = Pattern.compile("exit_safe #\\d+ done");
    /**
     * How many times a step leaves safe mode before it gives up. On these shared 2-core machines, with five JVMs on them,
     * now and then a pass of cs misses its deadline, and ve_body goes to safe as its FSM says ([VELMA-BEH]); a step
     * that needs ve_body transparent then leaves safe mode again.
     */
    private static final int TRIES = 8;
    /** How long ve_body, once it has left safe mode, is given to show it is transparent before a step tries again. */
    private static final long TRANSPARENT_SECONDS = 20;
    /** How long cs waits for the cycle to run steadily before it moves anything. */
    private static final long STEADY_SECONDS = 120;
    private static final Pattern WATCHED = Pattern.compile("core/a\\.body/ve: -?\\d+ changes in [\\d.]+ s, now (\\S+)");
    private static final Pattern RIGHT_ARM = Pattern.compile("right arm +q \\[([^\\]]+)\\]");

    private final List<Host> hosts = new ArrayList<>();
    private Path aeron;
    /** The profile under test, velma-sim-split or velma-hw-split. */
    private String profile;
    /** velma-hw-split's simulated peers, as ./embodia's velma_peers starts them. */
    private Process peers;

    private Host host(String name, List<String> command) throws IOException {
        Host h = new Host(name, command, ROOT, GENEROUS_SECONDS);
        hosts.add(h);
        return h;
    }

    private boolean hardware() {
        return profile.equals("velma-hw-split");
    }

    private Host framework(String name, String jar, List<String> gc) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(Host.REALTIME_JVM);
        command.addAll(AGRONA);
        command.addAll(gc);
        command.add("-Daeron.dir=" + aeron);
        command.addAll(List.of("-jar", ROOT.resolve("run-configs/target/" + jar).toString()));
        return host(name, command);
    }

    private Host body() throws IOException {
        return framework("ve_body (host main)", profile + "-body.jar", ZGC);
    }

    private Host effectors() throws IOException {
        return framework("effectors", profile + "-effectors.jar", hardware() ? ZGC : PHYSICS_GC);
    }

    private Host cs() throws IOException, InterruptedException {
        Host cs = framework("cs", profile + ".jar", ZGC);
        // The cycle runs steadily (the JIT compilers of four JVMs are done with its code) before anything moves.
        steady(cs);
        return cs;
    }

    /**
     * Waits as long as {@link #STEADY_SECONDS} for 20 s of the cycle without a gap in its data (a missed pass), as the split demos do: a
     * process just started misses a pass now and then while its JIT compiles (a quiet 3 s came within seconds of a
     * restart, and the moves after it were aborted again and again); a late cycle with all its passes is no gap to
     * ve_body. Returns whether they came. If not, cs's agent:diag core is printed, and the steps that need ve_body transparent try again (see
     * {@link #TRIES}).
     */
    private static boolean steady(Host cs) throws IOException, InterruptedException {
        Matcher m = cs.ask("agent:steady --gaps core 20 " + STEADY_SECONDS, Pattern.compile("without a gap in its data|had gaps in its data"));
        if (m.group().startsWith("without")) {
            return true;
        }
        int from = cs.mark();
        cs.ask("agent:diag core", Pattern.compile("^(g! )?core "));
        Thread.sleep(1000);
        System.out.println("VelmaSplitLaunchIT: cs not steady within " + STEADY_SECONDS + " s; agent:diag core:\n" + String.join("\n", cs.since(from)));
        return false;
    }

    /** ve_body's state, as host main sees it. */
    private static String state(Host body) throws IOException, InterruptedException {
        return body.ask("agent:watch core core/a.body/ve 0.2", WATCHED).group(1);
    }

    private static String awaitState(Host body, Predicate<String> wanted, String what) throws IOException, InterruptedException {
        String s = awaitState(body, wanted, GENEROUS_SECONDS);
        assertTrue(wanted.test(s), "ve_body not " + what + " within " + GENEROUS_SECONDS + " s: " + s);
        return s;
    }

    /** ve_body's state once {@code wanted} accepts it, or its last state after {@code seconds}. */
    private static String awaitState(Host body, Predicate<String> wanted, long seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String s = state(body);
        while (!wanted.test(s) && System.nanoTime() < deadline) {
            s = state(body);
        }
        return s;
    }

    /** velma:exitsafe until ve_body is transparent, as many as {@link #TRIES} times. */
    private static void exitSafe(Host body, Host cs) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            cs.ask("velma:exitsafe", EXIT_SAFE_DONE);
            String s = awaitState(body, TRANSPARENT, TRANSPARENT_SECONDS);
            if (TRANSPARENT.test(s)) {
                return;
            }
            assertTrue(attempt < TRIES, "ve_body not transparent after velma:exitsafe, " + TRIES + " times: " + s);
            System.out.println("VelmaSplitLaunchIT: ve_body " + s + ", not transparent, " + TRANSPARENT_SECONDS + " s after velma:exitsafe; again");
        }
    }

    /**
     * Leaves safe mode (and starts an 8 s joint impedance move of the right arm, if {@code move}), and, once ve_body
     * has been transparent a second, does {@code action}: the first switch after it into safe mode. If ve_body left
     * transparent before the action (a missed pass, see {@link #TRIES}), the action waits and it all starts again.
     */
    private static Switch intoSafeAfter(Host body, Host cs, boolean move, Action action) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            exitSafe(body, cs);
            if (move) {
                cs.send("velma:jimp right 1.2 1.3 -1.57 1.3 0 0 0 8");
            }
            Thread.sleep(1000);
            Switch safe = switchAfter(body, TRANSPARENT, action, SAFE_MODE);
            if (safe != null) {
                return safe;
            }
            assertTrue(attempt < TRIES, "ve_body left transparent before the action, " + TRIES + " times");
            System.out.println("VelmaSplitLaunchIT: ve_body left transparent before the action; again");
        }
    }

    /** Something done to a process. */
    private interface Action {
        void run() throws IOException, InterruptedException;
    }

    /** A switch of ve_body, as agent:watch prints it. */
    private record Switch(long cycle, String from, String to, String predicates, List<String> before) {
        boolean because(String predicate) {
            return (" " + predicates + " ").contains(" " + predicate + " ");
        }
    }

    private static final Pattern SWITCH = Pattern.compile("core/a\\.body/ve cycle (\\d+) {2}(\\S+) -> (\\S+) {2}(.*)");

    /**
     * Watches ve_body on host main (every switch, with its cycle and predicates), does {@code action}, and returns the
     * first switch after it into a state {@code to} accepts, with the watch's lines before it. If ve_body's state when
     * the watch begins is not one {@code now} accepts, the watch ends without the action, and this returns null.
     */
    private static Switch switchAfter(Host body, Predicate<String> now, Action action, Predicate<String> to) throws IOException, InterruptedException {
        int from = body.mark();
        body.send("agent:watch core core/a.body/ve " + GENEROUS_SECONDS / 4);
        Matcher current = body.await(Pattern.compile("\\d s core/a\\.body/ve (\\S+)$"), from);
        int k = body.mark();
        if (!now.test(current.group(1))) {
            body.await(WATCHED, k);
            return null;
        }
        action.run();
        while (true) {
            int at = body.awaitIndex(SWITCH, k);
            Matcher m = SWITCH.matcher(body.line(at));
            assertTrue(m.find());
            if (to.test(m.group(3))) {
                Switch found = new Switch(Long.parseLong(m.group(1)), m.group(2), m.group(3), m.group(4), body.since(from).subList(0, at - from));
                // The watch ends before the console takes another command.
                body.await(WATCHED, at);
                return found;
            }
            k = at + 1;
        }
    }

    /** The cycle of the last switch into {@code to} among {@code lines}. */
    private static long lastInto(List<String> lines, String to) {
        long cycle = -1;
        for (String line : lines) {
            Matcher m = SWITCH.matcher(line);
            if (m.find() && m.group(3).equals(to)) {
                cycle = Long.parseLong(m.group(1));
            }
        }
        assertTrue(cycle >= 0, "a switch into " + to + " in " + lines);
        return cycle;
    }

    private static double[] rightArm(Host cs) throws IOException, InterruptedException {
        String q = cs.ask("velma:status", RIGHT_ARM).group(1);
        return Arrays.stream(q.split(",")).mapToDouble(x -> Double.parseDouble(x.trim())).toArray();
    }

    /** The leader's cycles so far, and those that began at the trigger's deadline without the KRCs' data. */
    private static long[] triggers(Host body) throws IOException, InterruptedException {
        int from = body.mark();
        body.send("agent:diag core");
        Matcher cycles = body.await(Pattern.compile("activity rt \\(500\\.0 Hz, trigger=core/a\\.lwr_r/re,core/a\\.lwr_l/re deadline=10000 us\\):"
                + " (\\d+) cycles"), from);
        Matcher missed = body.await(Pattern.compile("(\\d+) cycles began at their deadline without the trigger's data"), from);
        return new long[] {Long.parseLong(cycles.group(1)), Long.parseLong(missed.group(1))};
    }

    /** Stops what runs and keeps each process's output in target/<profile>-it/, numbered in the order they started. */
    @AfterEach
    void stopAll() throws IOException, InterruptedException {
        if (profile == null) {
            return;
        }
        Path logs = Files.createDirectories(Path.of("target", profile + "-it"));
        for (int k = 0; k < hosts.size(); k++) {
            Host h = hosts.get(k);
            if (h.process.isAlive()) {
                h.process.destroyForcibly();
                h.process.waitFor();
            }
            Files.write(logs.resolve(k + "-" + h.name.replaceAll("\\W+", "-") + ".log"), h.since(0), UTF_8);
        }
        if (aeron != null && Files.exists(aeron)) {
            try (Stream<Path> files = Files.walk(aeron)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        if (peers != null) {
            peers.destroy();
            assertTrue(peers.waitFor(30, TimeUnit.SECONDS), "the peers end on SIGTERM and remove their namespace");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"velma-sim-split", "velma-hw-split"})
    void aKilledOrStoppedProcessTakesNothingElseDownAndTheRestReactAsTheirFsmsSay(String profile) throws Exception {
        this.profile = profile;
        if (hardware()) {
            Assumptions.assumeTrue(VelmaHwLaunchIT.isRoot(), "velma-hw's peers create a network namespace and a veth pair: this needs root, skipped");
            peers = VelmaHwLaunchIT.startPeers(JAVA, Files.createDirectories(Path.of("target", profile + "-it")).resolve("peers.log"));
        }
        Path shm = Path.of("/dev/shm");
        aeron = (Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"))).resolve("embodia-split-it-" + ProcessHandle.current().pid());
        Host driver = host("media driver", List.of(JAVA, AGRONA.get(0), AGRONA.get(1), "-cp", ROOT.resolve("velma-agent-split/target/lib") + "/*",
                "-Daeron.dir=" + aeron, "-Daeron.threading.mode=SHARED", "-Daeron.ipc.term.buffer.length=65536",
                "-Daeron.term.buffer.length=65536", "-Daeron.dir.delete.on.start=true", "-Daeron.dir.delete.on.shutdown=true",
                "-Daeron.client.liveness.timeout=2000000000",
                "-Daeron.shared.idle.strategy=org.agrona.concurrent.SleepingMillisIdleStrategy", "io.aeron.driver.MediaDriver"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        while (!Files.exists(aeron.resolve("cnc.dat"))) {
            assertTrue(driver.process.isAlive() && System.nanoTime() < deadline, "the media driver starts: " + driver.since(0));
            Thread.sleep(50);
        }
        Host body = body();
        Host effectors = effectors();
        Host cs = cs();
        if (hardware()) {
            // The KRCs' data starts the cycles through host effectors' answers: a cycle at the deadline without it is rare.
            long[] first = triggers(body);
            assertTrue(steady(cs), "the cycle runs steadily");
            long[] then = triggers(body);
            assertTrue(then[0] - first[0] >= 1000 && (then[1] - first[1]) * 10 < then[0] - first[0],
                    "cycles, and those without the KRCs' data: " + Arrays.toString(first) + " then " + Arrays.toString(then));
        }

        // kill -9 of cs while an arm moves: ve_body goes to safe in the first cycle without cs's command, and damps.
        Host killed = cs;
        Switch safe = intoSafeAfter(body, cs, true, killed::kill);
        assertEquals("transp_st -> safe", safe.from() + " -> " + safe.to(), "from transparent straight to safe: " + safe);
        assertTrue(safe.because("!recvCommand"), "no command was the reason: " + safe);
        // ve_body runs twice a cycle ([VELMA-STRUCT]): transp_st on the status, then, without a command, safe.
        assertTrue(safe.cycle() - lastInto(safe.before(), "transp_st") <= 1, "safe in the cycle of the last transparent one or the next, as"
                + " transp_st's σ's say: " + safe);

        // cs's process restarted: it reconnects, the arm rests (damped), and the robot can leave safe mode again.
        cs = cs();
        double[] before = rightArm(cs);
        Thread.sleep(1000);
        double[] after = rightArm(cs);
        for (int j = 0; j < before.length; j++) {
            assertEquals(before[j], after[j], 0.01, "joint " + j + " of the right arm rests in safe mode");
        }
        exitSafe(body, cs);

        // kill -9 of the effectors: ve_body has no status and goes idle; it comes back when they do.
        Host effectorsKilled = effectors;
        Switch idle = switchAfter(body, s -> true, effectorsKilled::kill, "idle"::equals);
        assertTrue(idle.because("!recvStatus"), "no status was the reason: " + idle);
        effectors = effectors();
        awaitState(body, SAFE_MODE, "back in safe mode with the effectors");

        // kill -STOP of cs (a hung process) is a crash to the others.
        steady(cs);
        Host hung = cs;
        Switch stopped = intoSafeAfter(body, cs, false, () -> hung.signal("STOP"));
        assertEquals("transp_st -> safe", stopped.from() + " -> " + stopped.to(), stopped.toString());
        assertTrue(stopped.because("!recvCommand"), "no command was the reason: " + stopped);
        cs.kill();

        // Nothing else restarted: the leader and the driver ran throughout, the agent never left RUNNING.
        assertTrue(body.process.isAlive() && driver.process.isAlive() && effectors.process.isAlive());
        body.ask("agent:list", Pattern.compile("^(g! )?core {2}RUNNING"));
        if (!hardware()) {
            rosInterfaceOnHostCs(body);
        }
    }

    /**
     * ros_interface/a, in its own process linked to host cs (docs/ros.md): joined to Debian's roscore by ros:connect,
     * it publishes the state of ve_body, which host main runs, and a rospy task moves the arm through it.
     */
    private void rosInterfaceOnHostCs(Host body) throws Exception {
        Host cs = cs();
        try (RosMaster ros = new RosMaster(ROOT, Files.createDirectories(Path.of("target", profile + "-it", "ros")), GENEROUS_SECONDS)) {
            ros.start();
            int mark = cs.mark();
            cs.send("ros:connect " + ros.uri());
            cs.await(Pattern.compile("ros_interface/a: node /velma_task_cs_ros_interface registered"), mark);
            String state = ros.run(0, GENEROUS_SECONDS, "rostopic", "echo", "-n", "1", "/velma_core_ve_body/state");
            assertTrue(state.lines().anyMatch(l -> l.startsWith("data: ")), state);
            for (int attempt = 1; ; attempt++) {
                exitSafe(body, cs);
                RosMaster.Ran task = ros.attempt(GENEROUS_SECONDS * 2, "/usr/bin/python3", "examples/ros/velma_task.py", "move");
                if (task.exit() == 0) {
                    assertTrue(task.output().contains("joint impedance after the restart: SUCCEEDED"), task.output());
                    break;
                }
                // A missed pass in the move sends ve_body to safe, which aborts it (see TRIES).
                assertTrue(attempt < TRIES && task.output().contains("safe mode"), task.output());
                System.out.println("VelmaSplitLaunchIT: the rospy move ended in safe mode; again");
            }
        }
    }
}
