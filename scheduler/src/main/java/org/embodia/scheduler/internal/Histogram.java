package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.SingleWriterRecorder;
import org.embodia.scheduler.Distribution;
import org.embodia.scheduler.Percentiles;

/**
 * Durations from 1 ns to {@value #HIGHEST_NANOS} ns (10 s) to 3 significant digits (an HdrHistogram; longer ones
 * count as 10 s). One thread records, wait-free and without allocating; any other thread reads: a snapshot swaps the
 * recorder's active histogram for an idle one (the recorder's phaser waits for a record under way, the recorder never
 * waits for the reader) and adds what was recorded since the last snapshot to the running total.
 */
final class Histogram {
    static final long HIGHEST_NANOS = 10_000_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;
    static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0);

    private final SingleWriterRecorder recorder = new SingleWriterRecorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
    /** Reader side, guarded by this: what was recorded before the last snapshot, and the interval to recycle. */
    private org.HdrHistogram.Histogram total;
    private org.HdrHistogram.Histogram interval;

    /** By the recording thread only. */
    void record(long nanos) {
        // Out of range the recorder would throw, and allocate the exception.
        recorder.recordValue(nanos < 0 ? 0 : Math.min(nanos, HIGHEST_NANOS));
    }

    /** How many recorded durations exceeded {@code nanos}, to the histogram's resolution. */
    synchronized long countAbove(long nanos) {
        org.HdrHistogram.Histogram t = collect();
        return t.getTotalCount() - t.getCountBetweenValues(0, Math.min(Math.max(nanos, 0), HIGHEST_NANOS));
    }

    /** Forgets what was recorded until now; by any thread. */
    synchronized void reset() {
        collect().reset();
    }

    synchronized Percentiles snapshot() {
        org.HdrHistogram.Histogram t = collect();
        if (t.getTotalCount() == 0) {
            return EMPTY;
        }
        return new Percentiles(t.getTotalCount(), micros(t.getValueAtPercentile(50)), micros(t.getValueAtPercentile(99)),
                micros(t.getValueAtPercentile(99.9)), micros(t.getMaxValue()));
    }

    /** The distribution in buckets doubling from 1 µs, the last one holding the longest duration. */
    synchronized Distribution distribution() {
        org.HdrHistogram.Histogram t = collect();
        if (t.getTotalCount() == 0) {
            return Distribution.EMPTY;
        }
        List<Double> upper = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        for (HistogramIterationValue v : t.logarithmicBucketValues(1000, 2)) {
            upper.add(v.getValueIteratedTo() / 1000.0);
            counts.add(v.getCountAddedInThisIterationStep());
        }
        return new Distribution(upper.stream().mapToDouble(Double::doubleValue).toArray(), counts.stream().mapToLong(Long::longValue).toArray());
    }

    /** The total with the interval since the last call added. */
    private org.HdrHistogram.Histogram collect() {
        interval = recorder.getIntervalHistogram(interval);
        if (total == null) {
            total = new org.HdrHistogram.Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
        }
        total.add(interval);
        return total;
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
