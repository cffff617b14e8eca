package org.embodia.rapp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link NoNewProcesses} in a child JVM running {@link NoNewProcessesProbe}: the filter cannot be lifted, and installed
 * here it would stop this JVM, and surefire with it, from starting any process.
 */
class NoNewProcessesTest {
    /** The JVM's way of starting a process, jdk.lang.Process.launchMechanism; "default" leaves it to the JDK. */
    @ParameterizedTest
    @ValueSource(strings = {"default", "POSIX_SPAWN", "FORK", "VFORK"})
    void noProcessStartsOnceInstalledButThreadsDo(String launchMechanism, @TempDir Path dir) throws Exception {
        List<String> lines = probe(dir, launchMechanism, "this-thread");
        assertEquals(4, lines.size(), lines.toString());
        assertEquals("before: exec ok", lines.get(0));
        assertDenied("after: ", lines.get(1));
        assertEquals("after: fork denied: errno 1", lines.get(2));
        assertEquals("after: threads ok 50", lines.get(3));
    }

    @Test
    void aThreadRunningBeforeTheInstallStartsNoProcessEither(@TempDir Path dir) throws Exception {
        List<String> lines = probe(dir, "default", "earlier-thread");
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("before: exec ok", lines.get(0));
        assertDenied("earlier thread: ", lines.get(1));
    }

    /** The JDK reports errno as error=N; EPERM (1) is what the filter returns, so another failure would not show it refused. */
    private static void assertDenied(String prefix, String line) {
        assertTrue(line.startsWith(prefix + "exec denied: ") && line.contains("error=1,"), line);
    }

    private static List<String> probe(Path dir, String launchMechanism, String scenario) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (!launchMechanism.equals("default")) {
            command.add("-Djdk.lang.Process.launchMechanism=" + launchMechanism);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NoNewProcessesProbe.class.getName(), scenario));
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process probe = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!probe.waitFor(60, TimeUnit.SECONDS)) {
            probe.destroyForcibly();
            throw new AssertionError("the probe did not finish in 60 s; it printed " + Files.readString(out) + Files.readString(err));
        }
        List<String> lines = Files.readAllLines(out);
        assertEquals(0, probe.exitValue(), "the probe printed " + lines + " and on stderr " + Files.readString(err));
        return lines;
    }
}
