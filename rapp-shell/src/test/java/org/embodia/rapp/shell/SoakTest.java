package org.embodia.rapp.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.junit.jupiter.api.Test;

/** rapp:soak's loop and figures, over a stand-in cs whose deploys the test plays. */
class SoakTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    /** cs as the soak sees it: each deploy activates (or fails) and destroys at once, with the start it is told. */
    private static final class Core implements RappCore {
        long activated;
        long destroyed;
        int destroys;
        Duration lastStart;

        @Override
        public Map<String, List<String>> apps() {
            return Map.of("quick", List.of("quick"));
        }

        @Override
        public void deploy(String app) {
        }

        @Override
        public void destroy() {
            destroys++;
        }

        @Override
        public RappStatus status() {
            return new RappStatus("listen", null, null, null, activated, destroyed);
        }

        @Override
        public Duration lastStart() {
            return lastStart;
        }
    }

    @Test
    void theStartsOfTheDeploysThatReachedWorkingMakeThePercentiles() throws Exception {
        Core core = new Core();
        AtomicInteger n = new AtomicInteger();
        Soak soak = new Soak(() -> core, app -> {
            int i = n.incrementAndGet();
            if (i == 3) {
                // Not activated: its start is not one of the figures, and cs is told to destroy what is left.
                throw new IllegalStateException(app + ": app 'quick' could not be activated");
            }
            core.lastStart = Duration.ofMillis(10 * i);
            core.activated++;
            core.destroyed++;
        }, () -> 1, out);
        String line = soak.run("quick", 101);
        assertTrue(line.startsWith("soak app=quick deploys=101 started=100 failed=1 seconds="), line);
        // 10, 20, 40, ..., 1010 ms: the 50th is 510, the 99th 1000.
        assertTrue(line.contains(" start_p50_ms=510.0 start_p99_ms=1000.0 start_max_ms=1010.0 "), line);
        assertTrue(line.contains(" app_jvms_before=1 app_jvms_after=1"), line);
        assertTrue(line.matches("(?s).* threads_before=\\d+ threads_after=\\d+ heap_before_mib=[0-9.]+ heap_after_mib=[0-9.]+"
                + " rss_before_mib=[0-9.]+ rss_after_mib=[0-9.]+ .*"), line);
        assertTrue(line.endsWith("\nfirst error: quick: app 'quick' could not be activated"), line);
        assertEquals(1, core.destroys);
        assertEquals("soak: 100 of 101 deploys", bytes.toString(StandardCharsets.UTF_8).replaceAll(", \\d+ s\\R", ""));
    }

    @Test
    void nearestRankPercentiles() {
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, Soak.percentile(sorted, 0.5));
        assertEquals(10, Soak.percentile(sorted, 0.99));
        assertEquals(10, Soak.percentile(sorted, 1.0));
        assertEquals(7, Soak.percentile(new long[] {7}, 0.5));
        assertEquals(-1, Soak.percentile(new long[0], 0.5));
    }

    @Test
    void noDeployNoSoak() {
        Soak soak = new Soak(Core::new, app -> { }, () -> 0, out);
        assertThrows(IllegalArgumentException.class, () -> soak.run("quick", 0));
    }

    @Test
    void thisJvmsResidentMemoryIsRead() {
        assertTrue(Soak.rss() > 0, "VmRSS of /proc/self/status");
        assertEquals(0, Soak.appJvms(), "the test started no app host");
    }

    @Test
    void noStartMeasuredPrintsDashes() {
        Soak.Figures f = new Soak.Figures(1, 0, 0, 0);
        String line = Soak.summary("quick", 2, new long[0], 2, 1.0, f, f);
        assertTrue(line.contains(" started=0 failed=2 ") && line.contains(" start_p50_ms=- start_p99_ms=- start_max_ms=- "), line);
    }
}
