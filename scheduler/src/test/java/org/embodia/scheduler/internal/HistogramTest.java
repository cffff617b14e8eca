package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.embodia.scheduler.Percentiles;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** The diagnostics' histogram: its range and resolution, recording without allocating, snapshots from another thread. */
class HistogramTest {
    private static final long MS = 1_000_000;

    @Test
    void longDurationsKeepTheirDistributionToThreeSignificantDigits() {
        Histogram h = new Histogram();
        for (long ms = 1; ms <= 1000; ms++) {
            h.record(ms * MS);
        }
        Percentiles p = h.snapshot();
        assertEquals(1000, p.count());
        assertEquals(500_000, p.p50(), 500, "p50 µs");
        assertEquals(990_000, p.p99(), 990, "p99 µs");
        assertEquals(999_000, p.p999(), 999, "p99.9 µs");
        assertEquals(1_000_000, p.max(), 1000, "max µs");
        assertEquals(500, h.countAbove(500 * MS));
    }

    @Test
    void shortDurationsAreResolvedToTheNanosecondAndOutOfRangeOnesAreClamped() {
        Histogram h = new Histogram();
        h.record(1500);
        h.record(-5);
        h.record(60_000_000_000L);
        Percentiles p = h.snapshot();
        assertEquals(3, p.count());
        assertEquals(1.5, p.p50(), 1e-9, "p50 µs");
        assertEquals(Histogram.HIGHEST_NANOS / 1000.0, p.max(), Histogram.HIGHEST_NANOS / 1000.0 / 1000, "max µs: 10 s");
    }

    @Test
    void snapshotsAccumulateAndAResetForgets() {
        Histogram h = new Histogram();
        h.record(10 * MS);
        assertEquals(1, h.snapshot().count());
        h.record(20 * MS);
        assertEquals(2, h.snapshot().count());
        assertEquals(20_000, h.snapshot().max(), 20);
        h.reset();
        assertEquals(Histogram.EMPTY, h.snapshot());
        h.record(30 * MS);
        assertEquals(1, h.snapshot().count());
    }

    @Test
    void recordingAllocatesNothing() {
        Histogram h = new Histogram();
        long[] v = {0};
        long bytes = Allocations.warmUpThenLeastOfTenRounds(100_000, 10_000, () -> h.record(v[0] = (v[0] * 31 + 7) % (20 * MS)));
        assertEquals(0, bytes, "bytes per round of 10,000 records");
    }

    @Test
    void aSnapshotFromAnotherThreadMissesNoRecord() throws Exception {
        Histogram h = new Histogram();
        int records = 1_000_000;
        Thread writer = new Thread(() -> {
            for (int i = 0; i < records; i++) {
                h.record(i);
            }
        });
        writer.start();
        while (writer.isAlive()) {
            h.snapshot();
        }
        writer.join();
        assertEquals(records, h.snapshot().count());
    }
}
