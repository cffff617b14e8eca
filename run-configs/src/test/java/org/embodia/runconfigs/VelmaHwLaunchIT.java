package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./embodia run velma-hw --demo} as the launcher runs it: the simulated peers in a JVM of their own (the EtherCAT
 * segment behind a veth pair in a network namespace, both KRCs on loopback UDP, on the KRC's clock), then the exported
 * velma-hw jar with the profile's demo, the whole Velma scenario on the hardware bundles. Needs root for the namespace;
 * without it the test is skipped and says so.
 */
class VelmaHwLaunchIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void theWholeScenarioRunsOnTheHardwareBundlesDrivenByTheKrcsClock() throws Exception {
        Assumptions.assumeTrue(isRoot(), "velma-hw's peers create a network namespace and a veth pair: this needs root, skipped");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path peersLog = dir.resolve("peers.log");
        Process peers = startPeers(java.toString(), peersLog);
        try {
            Path out = dir.resolve("stdout");
            Path err = dir.resolve("stderr");
            Path jar = Path.of("target", "velma-hw.jar").toAbsolutePath();
            assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
            List<String> command = new ArrayList<>(List.of(java.toString()));
            command.addAll(Host.REALTIME_JVM);
            command.addAll(List.of("-XX:+UseZGC", "-Dembodia.script=" + ROOT.resolve("run-configs/velma-hw.demo"), "-Dgosh.args=--nointeractive", "-jar",
                    jar.toString()));
            Process felix = new ProcessBuilder(command).directory(ROOT.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            felix.getOutputStream().close();
            assertTrue(felix.waitFor(300, TimeUnit.SECONDS), "the JVM exits once the demo has ended");
            String o = Files.readString(out, UTF_8);
            assertEquals(0, felix.exitValue(), o + Files.readString(err, UTF_8) + Files.readString(peersLog, UTF_8));
            assertTrue(o.contains("demo: every step reached its goal"), o);
            assertFalse(Files.readString(err, UTF_8).contains("Registered provider"), "SPI Fly's INFO lines go to the OSGi log, not the console");
            assertTrue(o.contains("activity rt (500.0 Hz, trigger=core/a.lwr_r/re,core/a.lwr_l/re deadline=10000 us)"), "the KRCs' measurements start the cycles: " + o);
            if (Runtime.getRuntime().availableProcessors() > 1) {
                assertTrue(o.contains("SCHED_FIFO 80, CPU 1"), "the loop runs on the CPU velma-hw.json pins it to, the peers' CPU: " + o);
            }
            // ve_body alternates transp and transp_st every cycle, so it leaves for safe from either.
            assertTrue(o.contains("[cs] jnt_imp -> cart_imp")
                    && Pattern.compile("\\[ve_body\\] transparent \\(transp(_st)?\\) -> safe mode \\(safe\\)").matcher(o).find(), o);
        } finally {
            peers.destroy();
            assertTrue(peers.waitFor(30, TimeUnit.SECONDS), "the peers end on SIGTERM and remove their namespace");
        }
    }

    /** velma-hw's simulated peers, as ./embodia's velma_peers starts them, once they say they are ready. */
    static Process startPeers(String java, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(Host.REALTIME_JVM);
        command.addAll(List.of("-XX:+UseZGC", "-Xmx1g", "-cp", peersClasspath(), "org.embodia.velma.emulator.Main"));
        Process peers = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log, UTF_8).contains("velma-peers ready")) {
            assertTrue(peers.isAlive(), "the peers started: " + Files.readString(log, UTF_8));
            assertTrue(System.nanoTime() < deadline, "the peers ready within 60 s: " + Files.readString(log, UTF_8));
            Thread.sleep(50);
        }
        return peers;
    }

    static boolean isRoot() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes(), UTF_8).trim();
        return id.waitFor() == 0 && uid.equals("0");
    }

    /** The bench module's jar and its libraries, where the launcher finds the peers' classes. */
    private static String peersClasspath() throws IOException {
        Path target = ROOT.resolve("velma-emulator/target");
        try (Stream<Path> jars = Files.list(target)) {
            Path emulator = jars.filter(p -> p.getFileName().toString().matches("embodia-velma-emulator-.*\\.jar") && !p.toString().endsWith("-sources.jar"))
                    .findFirst().orElseThrow(() -> new AssertionError("no embodia-velma-emulator jar in " + target));
            return emulator + File.pathSeparator + target.resolve("lib") + File.separator + "*";
        }
    }
}
