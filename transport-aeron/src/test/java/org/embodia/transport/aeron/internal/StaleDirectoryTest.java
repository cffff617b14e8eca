package org.embodia.transport.aeron.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An embedded driver's start removes the directories that the drivers of ended processes left. */
class StaleDirectoryTest {
    @TempDir
    Path parent;

    @Test
    void theDirectoriesOfEndedProcessesGoAndTheRestStay() throws IOException, InterruptedException {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path base = parent.resolve("aeron-someone");
        Path stale = Files.createDirectories(base.resolveSibling("aeron-someone-" + ended.pid()).resolve("images"));
        Files.writeString(stale.resolveSibling("cnc.dat"), "left by a killed driver");
        Path live = Files.createDirectories(base.resolveSibling("aeron-someone-" + ProcessHandle.current().pid()));
        Path shared = Files.createDirectories(base);
        Path other = Files.createDirectories(base.resolveSibling("aeron-someone-else"));
        Path otherUser = Files.createDirectories(base.resolveSibling("aeron-someone2-" + ended.pid()));

        List<Path> removed = AeronBufferTransport.removeStale(base);

        assertEquals(List.of(stale.getParent()), removed);
        assertFalse(Files.exists(stale.getParent()), "the ended process's directory is gone, with what it held");
        for (Path kept : List.of(live, shared, other, otherUser)) {
            assertTrue(Files.isDirectory(kept), kept + " stays");
        }
    }

    @Test
    void noParentDirectoryIsNothingToDo() {
        assertEquals(List.of(), AeronBufferTransport.removeStale(parent.resolve("absent").resolve("aeron-x")));
    }
}
