package org.embodia.bench.ros;

import static org.embodia.bench.console.ProfileConsole.ending;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.bench.console.ProfileConsole;
import org.embodia.bench.console.RtTiming;
import org.embodia.bench.console.Scratch;

/**
 * {@code ./embodia bench ros [--rounds 3] [--seconds 20]}: what ros_interface/a costs velma-sim's real-time loop, and
 * how late its {@code /joint_states} reach a rospy node. Debian's roscore runs on a free port (ROS_HOME in a temporary
 * directory), velma-sim with its Gogo console on this JVM's pipe. After {@code agent:steady core 5 180}, each round runs
 * two phases in the same order, so that the machine's drift falls on each alike:
 * <ul>
 * <li>none: ros_interface/a not connected;</li>
 * <li>ros: {@code ros:connect} to the master, and a rospy subscriber of {@code /joint_states} (TCP_NODELAY) recording,
 * per message, {@code rospy.Time.now() - header.stamp}: from the cycle that sent the status to the callback;
 * {@code ros:disconnect} after the phase.</li>
 * </ul>
 * A phase is timed after a settling pause: {@code agent:reset core}, {@code --seconds}, {@code agent:diag core}; from it
 * the activity rt's compute p50 and p99, its period p99 and overruns, the CPU of velma-sim and of the processes it
 * started (ros_interface/a's) in the window, and in the ros
 * phase the subscriber's latencies over the same window. Prints a row per round and phase, the medians over rounds with
 * the ratios of ros to none, then one JSON line. A benchmark: nothing is asserted.
 */
public final class RosBench {
    private static final Pattern REGISTERED = Pattern.compile("ros_interface/a: node \\S+ registered with");
    private static final Pattern JSON_NUMBER = Pattern.compile("\"(\\w+)\":\\s*([-\\d.eE+]+)");
    private static final long GENEROUS_SECONDS = 180;
    /** Between the subscriber's first message (or the previous phase's end) and the window: the connection's start-up is not its pace. */
    private static final long SETTLE_SECONDS = 5;
    private static final Path LOG_DIR = Path.of("target", "bench-ros");
    private static final String SUBSCRIBER = "bench/src/main/python/joint_states_latency.py";
    private static final String USAGE = "usage: bench ros [--rounds <n>] [--seconds <s>]";

    private RosBench() {
    }

    enum Phase {
        NONE, ROS;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The subscriber's figures over a window (µs): messages counted, latency p50, p99, p99.9 and max. */
    record Latency(double count, double p50, double p99, double p999, double max) {
    }

    /** One timed phase (or the medians over rounds, with their overruns summed); velma-sim's CPU in % of one CPU; latency null in none. */
    record Sample(int round, Phase phase, RtTiming rt, double cpu, Latency latency) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 3;
        int seconds = 20;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(USAGE);
            }
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException(USAGE);
            }
        }
        Path rosHome = Files.createTempDirectory("embodia-bench-ros");
        // Ctrl-C skips main's finally: what this JVM started goes with it all the same.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            Scratch.deleteTree(rosHome, "ros bench");
        }));
        Files.createDirectories(LOG_DIR);
        // Each round's subscriber appends to it: this run's alone.
        Files.deleteIfExists(LOG_DIR.resolve("subscriber.log"));
        int masterPort = Scratch.freePort();
        String master = "http://127.0.0.1:" + masterPort;
        Map<String, String> rosEnv = Map.of("ROS_HOME", rosHome.toString(), "ROS_MASTER_URI", master, "ROS_IP", "127.0.0.1");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Sample> samples = new ArrayList<>();
        Process roscore = start(List.of("roscore", "-p", Integer.toString(masterPort)), rosEnv, LOG_DIR.resolve("roscore.log"));
        try {
            awaitMaster(roscore, masterPort);
            try (ProfileConsole velma = new ProfileConsole("velma-sim",
                    List.of(java, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dorg.osgi.service.http.port=" + Scratch.freePort(), "-jar", "run-configs/target/velma-sim.jar"), LOG_DIR.resolve("velma-sim.log"))) {
                // Gogo's shell starts last (start level 100): at its banner the agent: and ros: commands are there.
                velma.await(Pattern.compile("Welcome to Apache Felix Gogo"), GENEROUS_SECONDS);
                System.err.printf(Locale.ROOT, "ros bench: roscore at %s, velma-sim started (logs: %s); waiting for 5 s without an overrun...%n", master,
                        LOG_DIR);
                velma.ask("agent:steady core 5 " + GENEROUS_SECONDS, ending("without an overrun"), GENEROUS_SECONDS + 20);
                System.out.printf(Locale.ROOT, "%d rounds of %d s per phase, %d CPUs; the CPU of velma-sim and ros_interface/a's process in %% of one CPU; /joint_states latency "
                        + "(header.stamp to rospy's callback) in µs%n", rounds, seconds, Runtime.getRuntime().availableProcessors());
                System.out.printf(Locale.ROOT, "%-5s %-5s %9s %9s %11s %8s | %9s | %6s %9s %9s %9s %9s%n", "round", "phase", "p50 µs", "p99 µs",
                        "period p99", "overruns", "velma-sim", "msgs", "lat p50", "lat p99", "lat p99.9", "lat max");
                for (int r = 1; r <= rounds; r++) {
                    for (Phase phase : Phase.values()) {
                        Sample s = switch (phase) {
                            case NONE -> timed(velma, r, phase, seconds, null);
                            case ROS -> {
                                velma.ask("ros:connect " + master, lines -> !lines.isEmpty() && REGISTERED.matcher(lines.get(lines.size() - 1)).find(), 60);
                                Sample ros;
                                try (Subscriber subscriber = new Subscriber(rosEnv)) {
                                    ros = timed(velma, r, phase, seconds, subscriber);
                                }
                                velma.ask("ros:disconnect", ending("ros: disconnected"), 30);
                                yield ros;
                            }
                        };
                        samples.add(s);
                        printRow(s);
                    }
                }
            }
        } finally {
            stop(roscore);
            Scratch.deleteTree(rosHome, "ros bench");
        }
        report(samples, rounds, seconds);
    }

    /**
     * The phase's window: settle, reset, wait, diag, and velma-sim's CPU in it; with a subscriber, its latencies over
     * the same window (it settles as long from its first message, which it has announced by then).
     */
    private static Sample timed(ProfileConsole velma, int round, Phase phase, int seconds, Subscriber subscriber) throws Exception {
        Thread.sleep(SETTLE_SECONDS * 1000);
        velma.ask("agent:reset core", ending("diagnostics reset"), 30);
        long cpuStart = cpuNanos(velma.process());
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        List<String> diag = velma.ask("agent:diag core", RtTiming::complete, 30);
        long cpu = cpuNanos(velma.process()) - cpuStart;
        long wall = System.nanoTime() - start;
        Latency latency = subscriber == null ? null : subscriber.report();
        return new Sample(round, phase, RtTiming.parse(diag), 100.0 * cpu / wall, latency);
    }

    /**
     * The robot's CPU time so far, all its threads', as WebOverheadBench counts it: velma-sim's process and the ones it
     * started, ros_interface/a's among them.
     */
    private static long cpuNanos(Process p) {
        return p.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException("no CPU time for pid " + p.pid())).toNanos()
                + p.descendants().mapToLong(d -> d.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
    }

    private static void printRow(Sample s) {
        Latency l = s.latency();
        String latency = l == null ? String.format(Locale.ROOT, "%6s %9s %9s %9s %9s", "-", "-", "-", "-", "-")
                : String.format(Locale.ROOT, "%6.0f %9.0f %9.0f %9.0f %9.0f", l.count(), l.p50(), l.p99(), l.p999(), l.max());
        System.out.printf(Locale.ROOT, "%-5d %-5s %9.1f %9.1f %11.1f %8d | %9.1f | %s%n", s.round(), s.phase().label(), s.rt().p50(), s.rt().p99(),
                s.rt().periodP99(), s.rt().overruns(), s.cpu(), latency);
    }

    private static void report(List<Sample> samples, int rounds, int seconds) {
        Map<Phase, Sample> medians = new EnumMap<>(Phase.class);
        for (Phase phase : Phase.values()) {
            List<Sample> of = samples.stream().filter(s -> s.phase() == phase).toList();
            RtTiming rt = new RtTiming(median(of, s -> s.rt().p50()), median(of, s -> s.rt().p99()), median(of, s -> s.rt().periodP99()),
                    of.stream().mapToLong(s -> s.rt().overruns()).sum());
            Latency latency = phase == Phase.NONE ? null : new Latency(median(of, s -> s.latency().count()), median(of, s -> s.latency().p50()),
                    median(of, s -> s.latency().p99()), median(of, s -> s.latency().p999()), median(of, s -> s.latency().max()));
            medians.put(phase, new Sample(0, phase, rt, median(of, Sample::cpu), latency));
        }
        RtTiming none = medians.get(Phase.NONE).rt();
        System.out.printf(Locale.ROOT, "%nmedians over %d rounds (overruns: all rounds')%n%-5s %9s %9s %9s %9s %11s %8s | %9s | %9s %9s%n", rounds,
                "phase", "p50 µs", "p99 µs", "p50/none", "p99/none", "period p99", "overruns", "velma-sim", "lat p50", "lat p99");
        StringBuilder json = new StringBuilder(String.format(Locale.ROOT, "{\"bench\":\"ros\",\"rounds\":%d,\"seconds\":%d", rounds, seconds));
        for (Sample m : medians.values()) {
            RtTiming rt = m.rt();
            double r50 = rt.p50() / none.p50();
            double r99 = rt.p99() / none.p99();
            Latency l = m.latency();
            System.out.printf(Locale.ROOT, "%-5s %9.1f %9.1f %9.2f %9.2f %11.1f %8d | %9.1f | %9s %9s%n", m.phase().label(), rt.p50(), rt.p99(), r50,
                    r99, rt.periodP99(), rt.overruns(), m.cpu(), l == null ? "-" : String.format(Locale.ROOT, "%.0f", l.p50()),
                    l == null ? "-" : String.format(Locale.ROOT, "%.0f", l.p99()));
            json.append(String.format(Locale.ROOT, ",\"%s\":{\"p50_us\":%.1f,\"p99_us\":%.1f,\"ratio_p50\":%.2f,\"ratio_p99\":%.2f,\"period_p99_us\":%.1f,"
                    + "\"overruns\":%d,\"cpu_pct\":{\"velma_sim\":%.1f}", m.phase().label(), rt.p50(), rt.p99(), r50, r99, rt.periodP99(), rt.overruns(),
                    m.cpu()));
            if (l != null) {
                json.append(String.format(Locale.ROOT, ",\"joint_states\":{\"messages\":%.0f,\"latency_p50_us\":%.0f,\"latency_p99_us\":%.0f,"
                        + "\"latency_p999_us\":%.0f,\"latency_max_us\":%.0f}", l.count(), l.p50(), l.p99(), l.p999(), l.max()));
            }
            json.append('}');
        }
        System.out.println(json.append('}'));
    }

    private static double median(List<Sample> samples, ToDoubleFunction<Sample> figure) {
        double[] v = samples.stream().mapToDouble(figure).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** A process in the ROS environment, stdout and stderr to the log. */
    private static Process start(List<String> command, Map<String, String> env, Path log) throws IOException {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(env);
        return b.start();
    }

    /** roscore is up once its master takes connections. */
    private static void awaitMaster(Process roscore, int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                if (!roscore.isAlive()) {
                    throw new IllegalStateException("roscore ended, exit " + roscore.exitValue() + " (see " + LOG_DIR.resolve("roscore.log") + ")");
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("roscore's master did not answer on port " + port + " in 60 s");
                }
                Thread.sleep(200);
            }
        }
    }

    /** SIGINT, as roslaunch and rospy end cleanly on it. */
    private static void interrupt(Process p) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
    }

    /** roscore ends its master and rosout on SIGINT; SIGKILL for all three if it does not. */
    private static void stop(Process roscore) throws IOException, InterruptedException {
        if (!roscore.isAlive()) {
            return;
        }
        interrupt(roscore);
        if (!roscore.waitFor(20, TimeUnit.SECONDS)) {
            roscore.descendants().forEach(ProcessHandle::destroyForcibly);
            roscore.destroyForcibly().waitFor();
        }
    }

    /**
     * The rospy subscriber of /joint_states ({@value #SUBSCRIBER}), started once the interface is registered and
     * waited for until its first message; its stderr appended to the log, its stdout read here.
     */
    static final class Subscriber implements AutoCloseable {
        private final Process process;
        private final Thread reader;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        Subscriber(Map<String, String> rosEnv) throws IOException, InterruptedException {
            ProcessBuilder b = new ProcessBuilder("/usr/bin/python3", SUBSCRIBER, "--settle", Long.toString(SETTLE_SECONDS))
                    .redirectError(ProcessBuilder.Redirect.appendTo(LOG_DIR.resolve("subscriber.log").toFile()));
            b.environment().putAll(rosEnv);
            process = b.start();
            reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l; (l = out.readLine()) != null;) {
                        lines.add(l);
                    }
                } catch (IOException e) {
                    // Its end shows as no answer.
                }
            }, "subscriber output");
            reader.setDaemon(true);
            reader.start();
            try {
                next(l -> l.equals("receiving"), "its first /joint_states");
            } catch (RuntimeException | InterruptedException e) {
                process.destroyForcibly();
                throw e;
            }
        }

        /** SIGINT ends its record: its JSON line, parsed. */
        Latency report() throws IOException, InterruptedException {
            interrupt(process);
            Map<String, Double> figures = new HashMap<>();
            Matcher m = JSON_NUMBER.matcher(next(l -> l.startsWith("{"), "its report"));
            while (m.find()) {
                figures.put(m.group(1), Double.parseDouble(m.group(2)));
            }
            if (!figures.containsKey("p50_us")) {
                throw new IllegalStateException("the subscriber counted no /joint_states in the window: " + figures);
            }
            return new Latency(figures.get("count"), figures.get("p50_us"), figures.get("p99_us"), figures.get("p999_us"), figures.get("max_us"));
        }

        private String next(Predicate<String> wanted, String what) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (true) {
                String l = lines.poll(100, TimeUnit.MILLISECONDS);
                if (l != null && wanted.test(l)) {
                    return l;
                }
                // Its output read to the end, and nothing left of it.
                if (l == null && !reader.isAlive() && lines.isEmpty()) {
                    throw new IllegalStateException("the subscriber ended, exit " + process.waitFor() + ", before " + what + " (see "
                            + LOG_DIR.resolve("subscriber.log") + ")");
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("the subscriber: no " + what + " in 60 s (see " + LOG_DIR.resolve("subscriber.log") + ")");
                }
            }
        }

        @Override
        public void close() throws InterruptedException {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }
}
