package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.embodia.nao.sim.api.NaoSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clock: its paces, the order of a tick, cycles that throw, and the subsystems' place on its thread. */
class NaoSimulationTest {

    /**
     * The clock keeps absolute deadlines 20 ms apart, so however busy the machine it is never ahead of them (it may
     * fall behind, which a test cannot rule out on a loaded machine).
     */
    @Test
    void atPaceRealtimeItTicksEvery20MsOnItsOwnThread(@TempDir Path directory) throws Exception {
        long start = System.nanoTime();
        try (NaoSimulation sim = new NaoSimulation(NaoSimulation.Pace.REALTIME, directory, 1)) {
            List<String> threads = new CopyOnWriteArrayList<>();
            sim.attach(() -> {
                if (threads.isEmpty()) {
                    threads.add(Thread.currentThread().getName());
                }
            });
            Rig.await(() -> sim.ticks() >= 50, "50 ticks");
            long ticks = sim.ticks();
            double seconds = (System.nanoTime() - start) / 1e9;

            assertTrue(sim.realtime());
            assertTrue(ticks <= seconds / 0.02 + 1, ticks + " ticks in " + seconds + " s: faster than 50 Hz");
            Rig.await(() -> !threads.isEmpty(), "a cycle");
            assertEquals(List.of(NaoSimulator.CLOCK + " clock"), threads);
            assertThrows(IllegalStateException.class, () -> sim.advance(1));
        }
    }

    @Test
    void aCycleThatThrowsIsCountedAndTheClockTicksOn(@TempDir Path directory) {
        try (NaoSimulation sim = new NaoSimulation(NaoSimulation.Pace.MANUAL, directory, 1)) {
            int[] runs = new int[1];
            Runnable failing = () -> {
                throw new IllegalStateException("broken behaviour");
            };
            sim.attach(failing);
            sim.attach(() -> runs[0]++);

            sim.advance(3);

            assertEquals(3, sim.cycleFailures());
            assertTrue(sim.lastCycleFailure().contains("broken behaviour"));
            assertEquals(3, runs[0], "the next cycle still ran");
            assertEquals(3, sim.ticks());
            sim.detach(failing);
            sim.advance(1);
            assertEquals(3, sim.cycleFailures());
        }
    }

    @Test
    void aRealSubsystemStepsOnlyOnTheClockThread(@TempDir Path directory) {
        try (NaoSimulation sim = new NaoSimulation(NaoSimulation.Pace.MANUAL, directory, 1)) {
            BodyEffector body = new BodyEffector(sim);

            IllegalStateException e = assertThrows(IllegalStateException.class, body::step);
            assertTrue(e.getMessage().contains("clock=nao.sim"), e.getMessage());
            assertEquals("core/a.body/re", body.name().toString());
            assertEquals(List.of("command"), body.inputs().stream().map(b -> b.name()).toList());
            assertEquals(List.of("status"), body.outputs().stream().map(b -> b.name()).toList());
            body.deactivate();
        }
    }

    @Test
    void theTruePoseIsThereFromTheStartAndTheOutputDirectoryIsMadeWhenNoneIsGiven() {
        Path output;
        try (NaoSimulation sim = new NaoSimulation(NaoSimulation.Pace.MANUAL, null, 1)) {
            assertEquals(3, sim.truePose().length);
            assertEquals(0, sim.truePose()[0]);
            output = sim.outputDirectory();
            assertTrue(Files.isDirectory(output));
            assertTrue(output.startsWith(Path.of(System.getProperty("java.io.tmpdir"))));
            assertFalse(sim.realtime());
        }
        assertFalse(Files.exists(output), "an output directory of its own, left empty, is removed");
    }

    @Test
    void thePaceIsParsedWithAClearError() {
        assertEquals(NaoSimulation.Pace.MANUAL, NaoSimulation.Pace.parse(" Manual "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NaoSimulation.Pace.parse("fast"));
        assertTrue(e.getMessage().contains("'realtime' or 'manual'"), e.getMessage());
    }
}
