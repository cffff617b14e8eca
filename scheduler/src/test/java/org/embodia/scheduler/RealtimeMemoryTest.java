package org.embodia.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the loop's diagnostics say of DAMON, read from a kdamonds directory laid out as Linux's sysfs has it. */
class RealtimeMemoryTest {
    @TempDir
    Path kdamonds;

    private void kdamond(String id, String state, String sampleMicros, String action) throws IOException {
        Path k = kdamonds.resolve(id);
        write(k.resolve("state"), state);
        write(k.resolve("contexts/0/monitoring_attrs/intervals/sample_us"), sampleMicros);
        write(k.resolve("contexts/0/schemes/0/action"), action);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
    }

    @Test
    void aRunningKdamondIsNamedWithItsSamplingIntervalAndScheme() throws IOException {
        kdamond("0", "on", "500000", "pageout");
        write(kdamonds.resolve("nr_kdamonds"), "1");
        assertEquals("DAMON's kdamond 0 on, sampling the memory every 500 ms, scheme pageout: each sample may hold this loop"
                + " (docs/scheduler.md)", Realtime.memoryMonitors(kdamonds));
    }

    @Test
    void aStoppedKdamondOrNoDamonAtAllIsNothingToSay() throws IOException {
        assertEquals("", Realtime.memoryMonitors(kdamonds.resolve("absent")), "a kernel without DAMON");
        kdamond("0", "off", "500000", "pageout");
        assertEquals("", Realtime.memoryMonitors(kdamonds));
    }
}
