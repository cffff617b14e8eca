package org.embodia.bench.velma;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.security.auth.module.UnixSystem;

/**
 * {@code ./embodia bench velma-hw [--minutes N] [--no-peers]}: the velma-hw profile, as {@code ./embodia run velma-hw}
 * starts it, repeating the demo's kinds of move (jnt_imp of an arm and the torso, cart_imp, the head) for N minutes
 * through the {@code velma:} commands. Any move that does not reach its goal (ve_body in safe mode unasked, a
 * refusal) ends the soak and is reported. Then: the loop's period and its cycles started without the right KRC's
 * measurement ({@code agent:diag}, measured from after the warm-up), overruns, each arm's FRI answer rate over the
 * soak as its KRC counts it (its miss counter), measurements lost, and EtherCAT frames missed ({@code ethercat:bus}).
 * Prints a table and, last, one JSON line. Needs root (the peers' namespace) and the built profile.
 */
public final class VelmaHwSoak {
    /** One block of moves, about 15 s. */
    static final List<String> MOVES = List.of(
            "velma:jimp right 1.2 1.3 -1.57 1.3 0 0 0 3",
            "velma:jimp torso 0.3 2",
            "velma:cimp right 0.5 -0.5 0.7 2",
            "velma:head 0.5 0.2 2",
            "velma:head -0.3 -0.1 2",
            "velma:jimp torso 0 2");
    static final double BLOCK_SECONDS = 13;
    /**
     * ./embodia's RT_JVM: no periodic cleanup safepoint, no class unloading (their safepoints held a loop up to 10 ms), no
     * collection for metaspace.
     */
    private static final List<String> REALTIME_JVM = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:GuaranteedSafepointInterval=0", "-XX:-ClassUnloading",
            "-XX:MetaspaceSize=512m");
    private static final Pattern FRI = Pattern.compile("(core/a\\.lwr_[rl]/re): (\\d+) measurements read, (\\d+) lost or skipped.*?"
            + "(\\d+) answers sent, (\\d+) cycles without a measurement while the KRC talked; the KRC's answer rate ([\\d.]+), miss counter (\\d+)");
    private static final Pattern BUS = Pattern.compile("^(\\d+) cycles, (\\d+) frames missed \\((\\d+) late, (\\d+) lost\\)");
    private static final Pattern ACTIVITY = Pattern.compile("^activity rt .*: (\\d+) cycles, (\\d+) overruns");
    private static final Pattern MISSED = Pattern.compile("^\\s+(\\d+) cycles began at their deadline without the trigger's data");
    private static final Pattern WAKE = Pattern.compile("^\\s+wake latency \\(.*?\\) p50 ([\\d.]+)\\s+p99 ([\\d.]+)\\s+p99\\.9 ([\\d.]+)\\s+max ([\\d.]+)");
    private static final Pattern PERIOD = Pattern.compile("^\\s+period\\s+p50 ([\\d.]+)\\s+p99 ([\\d.]+)\\s+p99\\.9 ([\\d.]+)\\s+max ([\\d.]+)");

    private VelmaHwSoak() {
    }

    public static void main(String[] args) throws Exception {
        double minutes = 10;
        boolean peers = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--minutes" -> minutes = Double.parseDouble(args[++i]);
                case "--no-peers" -> peers = false;
                default -> {
                    System.err.println("usage: ./embodia bench velma-hw [--minutes N] [--no-peers]");
                    System.exit(2);
                }
            }
        }
        if (peers && new UnixSystem().getUid() != 0) {
            System.err.println("bench velma-hw: the simulated peers create a network namespace and a veth pair: run as root (or --no-peers)");
            System.exit(2);
        }
        Path root = Path.of("").toAbsolutePath();
        Path jar = root.resolve("run-configs/target/velma-hw.jar");
        if (!Files.isRegularFile(jar)) {
            System.err.println("bench velma-hw: no " + jar + ": ./embodia build first");
            System.exit(2);
        }
        int blocks = Math.max(1, (int) Math.ceil(minutes * 60 / BLOCK_SECONDS));
        Path script = Files.createTempFile("velma-hw-soak", ".gosh");
        List<String> lines = new ArrayList<>(List.of("velma:ready 60", "velma:exitsafe", "velma:jimp torso 0 3", "agent:reset core", "lwr:fri",
                "ethercat:bus"));
        for (int b = 0; b < blocks; b++) {
            lines.addAll(MOVES);
        }
        // After finally: the counters also when a move failed, which is when they are needed most.
        lines.addAll(List.of("finally", "lwr:fri", "ethercat:bus", "agent:diag core"));
        Files.write(script, lines, UTF_8);
        Process peerProcess = null;
        boolean completed = false;
        try {
            if (peers) {
                peerProcess = startPeers(root);
            }
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // As ./embodia run velma-hw starts it: at normal priority (its loop asks for SCHED_FIFO 80), ZGC, RT_JVM's options.
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(REALTIME_JVM);
            command.addAll(List.of("-XX:+UseZGC", "-Dembodia.script=" + script, "-Dembodia.script.timeout=" + (long) (minutes * 120 + 600),
                    "-Dgosh.args=--nointeractive", "-jar", jar.toString()));
            Process felix = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
            felix.getOutputStream().close();
            long started = System.nanoTime();
            List<String> out = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(felix.getInputStream(), UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.add(line);
                }
            }
            int exit = felix.waitFor();
            completed = report(minutes, blocks, (System.nanoTime() - started) / 60e9, exit, out);
        } finally {
            if (peerProcess != null) {
                peerProcess.destroy();
                peerProcess.waitFor(30, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(script);
        }
        System.exit(completed ? 0 : 1);
    }

    /** As {@code ./embodia run velma-hw} starts them: a JVM of their own, ZGC, this classpath. */
    private static Process startPeers(Path root) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = root.resolve("target/velma-peers.log");
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(REALTIME_JVM);
        command.addAll(List.of("-XX:+UseZGC", "-Xmx1g", "-cp", System.getProperty("java.class.path"), "org.embodia.velma.emulator.Main"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log, UTF_8).contains("velma-peers ready")) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                p.destroy();
                throw new IllegalStateException("the simulated peers did not start: " + Files.readString(log, UTF_8));
            }
            Thread.sleep(50);
        }
        return p;
    }

    /** Prints the figures; whether the soak completed. */
    private static boolean report(double minutes, int blocks, double ranMinutes, int exit, List<String> out) {
        List<long[]> fri = new ArrayList<>();
        List<String> arms = new ArrayList<>();
        List<long[]> bus = new ArrayList<>();
        long cycles = 0;
        long overruns = 0;
        long missedTriggers = 0;
        double[] period = new double[4];
        double[] wake = new double[4];
        String failure = null;
        for (String line : out) {
            Matcher m = FRI.matcher(line);
            if (m.find()) {
                arms.add(m.group(1));
                fri.add(new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(7)), Long.parseLong(m.group(5))});
            }
            if ((m = BUS.matcher(line)).find()) {
                bus.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4))});
            }
            if ((m = ACTIVITY.matcher(line)).find()) {
                cycles = Long.parseLong(m.group(1));
                overruns = Long.parseLong(m.group(2));
            }
            if ((m = MISSED.matcher(line)).find()) {
                missedTriggers = Long.parseLong(m.group(1));
            }
            if ((m = PERIOD.matcher(line)).find()) {
                for (int i = 0; i < 4; i++) {
                    period[i] = Double.parseDouble(m.group(i + 1));
                }
            }
            if ((m = WAKE.matcher(line)).find()) {
                for (int i = 0; i < 4; i++) {
                    wake[i] = Double.parseDouble(m.group(i + 1));
                }
            }
            if (line.startsWith("script: line")) {
                failure = line;
            }
        }
        System.out.printf(Locale.ROOT, "velma-hw soak: %.1f min asked, %d blocks of %d moves, ran %.1f min, script exit %d%n", minutes, blocks,
                MOVES.size(), ranMinutes, exit);
        boolean completed = exit == 0 && failure == null;
        if (!completed) {
            System.out.println("the soak did not complete: " + (failure != null ? failure : "exit " + exit));
            int from = Math.max(0, out.size() - 40);
            out.subList(from, out.size()).forEach(l -> System.out.println("  | " + l));
        }
        if (fri.size() < 4 || bus.size() < 2) {
            System.out.printf(Locale.ROOT, "{\"bench\":\"velma-hw\",\"minutes\":%.1f,\"completed\":false,\"unexpected_safe\":%d}%n", ranMinutes,
                    completed ? 0 : 1);
            return false;
        }
        StringBuilder json = new StringBuilder(String.format(Locale.ROOT, "{\"bench\":\"velma-hw\",\"minutes\":%.1f,\"completed\":%b,"
                + "\"unexpected_safe\":%d", ranMinutes, completed, completed ? 0 : 1));
        System.out.println(completed ? "unexpected entries into safe mode: 0 (every move reached its goal)"
                : "unexpected entries into safe mode: 1 (the soak ended there); the figures up to then:");
        for (int a = 0; a < 2; a++) {
            long[] before = fri.get(a);
            long[] after = fri.get(a + 2);
            long measurements = after[0] - before[0];
            long lost = after[1] - before[1];
            long misses = after[2] - before[2];
            long without = after[3] - before[3];
            double rate = 1 - misses / (double) Math.max(1, measurements + lost);
            System.out.printf(Locale.ROOT, "%s: FRI answer rate %.5f (%d of %d measurements unanswered in time, as its KRC counts), %d lost,"
                    + " %d cycles without its measurement%n", arms.get(a), rate, misses, measurements + lost, lost, without);
            json.append(String.format(Locale.ROOT, ",\"%s_answer_rate\":%.5f,\"%s_lost\":%d", arms.get(a).contains("lwr_r") ? "right" : "left", rate,
                    arms.get(a).contains("lwr_r") ? "right" : "left", lost));
        }
        long[] b0 = bus.get(0);
        long[] b1 = bus.get(1);
        System.out.printf(Locale.ROOT, "EtherCAT: %d cycles, %d frames missed (%d late, %d lost)%n", b1[0] - b0[0], b1[1] - b0[1], b1[2] - b0[2],
                b1[3] - b0[3]);
        System.out.printf(Locale.ROOT, "loop: %d cycles, %d overruns (compute above 2 ms), %d began at their deadline without both KRCs'"
                + " measurements%n", cycles, overruns, missedTriggers);
        System.out.printf(Locale.ROOT, "loop period (start to start, µs): p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", period[0], period[1], period[2],
                period[3]);
        System.out.printf(Locale.ROOT, "loop wake latency (a measurement's arrival, at most, to its cycle's start, µs): p50 %.1f  p99 %.1f  p99.9 %.1f"
                + "  max %.1f%n", wake[0], wake[1], wake[2], wake[3]);
        json.append(String.format(Locale.ROOT, ",\"ethercat_missed\":%d,\"ethercat_lost\":%d,\"cycles\":%d,\"overruns\":%d,\"missed_triggers\":%d,"
                + "\"period_us\":{\"p50\":%.1f,\"p99\":%.1f,\"p99_9\":%.1f,\"max\":%.1f},\"wake_us\":{\"p50\":%.1f,\"p99\":%.1f,\"p99_9\":%.1f,"
                + "\"max\":%.1f}}", b1[1] - b0[1], b1[3] - b0[3], cycles, overruns, missedTriggers, period[0], period[1], period[2], period[3], wake[0],
                wake[1], wake[2], wake[3]));
        System.out.println(json);
        return completed;
    }
}
