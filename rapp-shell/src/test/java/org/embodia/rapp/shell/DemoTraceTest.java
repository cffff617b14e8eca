package org.embodia.rapp.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.scheduler.StateSwitch;
import org.junit.jupiter.api.Test;

/** The demos' shared steps, outside any framework: no agent, so no cs and no switches. */
class DemoTraceTest {
    /** A step's deadline, s: generous for a loaded machine; the goals here are reached in a few checks. */
    private static final double PATIENCE = 60;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final RappCommands rapp = new RappCommands(null);

    @Test
    void aStepWaitsForItsGoalAndSaysSo() throws Exception {
        AtomicInteger checks = new AtomicInteger();
        try (DemoTrace trace = DemoTrace.start(rapp, out, Map.of(RappCommands.CS, "c_core,cs"))) {
            trace.step("the third check", () -> checks.incrementAndGet() == 3, PATIENCE);
        }
        assertEquals(3, checks.get());
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.matches("(?s)\\s*\\d+\\.\\d{3} s > the third check\\R\\s*\\d+\\.\\d{3} s   ok\\R"), printed);
    }

    @Test
    void aStepNotReachedInTimeFailsNamingItHowCsIsAndWhatWentWrongLast() throws Exception {
        try (DemoTrace trace = DemoTrace.start(rapp, out, Map.of())) {
            IllegalStateException never = assertThrows(IllegalStateException.class, () -> trace.step("never", () -> false, 0.05));
            assertEquals("never: not reached within 0.05 s (c_core,cs is not running)", never.getMessage());
            // A goal that throws IllegalStateException is only not reached yet (cs being replaced); its message is kept.
            IllegalStateException absent = assertThrows(IllegalStateException.class,
                    () -> trace.step("cs back", () -> rapp.core().apps().isEmpty(), 0.05));
            assertTrue(absent.getMessage().startsWith("cs back: not reached within 0.05 s (c_core,cs is not running; last: "
                    + "the RAPP core agent's control subsystem is not running"), absent.getMessage());
        }
    }

    @Test
    void aGoalThatThrowsIllegalStateIsRetried() throws Exception {
        AtomicInteger checks = new AtomicInteger();
        try (DemoTrace trace = DemoTrace.start(rapp, out, Map.of())) {
            trace.step("cs back", () -> {
                if (checks.incrementAndGet() < 3) {
                    throw new IllegalStateException("cs is being replaced");
                }
                return true;
            }, PATIENCE);
        }
        assertEquals(3, checks.get());
    }

    @Test
    void aMissedGoalFailsAtOnce() throws Exception {
        try (DemoTrace trace = DemoTrace.start(rapp, out, Map.of())) {
            long start = System.nanoTime();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> trace.step("load", () -> {
                throw new DemoTrace.Missed("interpret_short went to inform");
            }, 2 * PATIENCE));
            // At once: well before the step's own deadline, however loaded the machine.
            assertTrue(System.nanoTime() - start < PATIENCE * 1e9);
            assertEquals("load: interpret_short went to inform (c_core,cs is not running)", e.getMessage());
        }
    }

    @Test
    void theFirstMatchingSwitchAfterACycleAndTheLatestCycle() {
        StateSwitch heard = new StateSwitch(10, "listen", "interpret_short", Map.of());
        StateSwitch informed = new StateSwitch(11, "interpret_short", "inform", Map.of());
        StateSwitch again = new StateSwitch(20, "listen", "interpret_short", Map.of());
        List<StateSwitch> switches = List.of(heard, informed, new StateSwitch(15, "inform", "listen", Map.of()), again);
        assertSame(heard, DemoTrace.first(switches, 9, "listen", "interpret_short"));
        assertSame(again, DemoTrace.first(switches, 10, "listen", "interpret_short"));
        assertSame(informed, DemoTrace.first(switches, -1, "interpret_short", "inform"));
        assertNull(DemoTrace.first(switches, 11, "interpret_short", "inform"));
        assertEquals(20, DemoTrace.last(switches));
        assertEquals(-1, DemoTrace.last(List.of()));
    }
}
