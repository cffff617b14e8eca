package org.embodia.scheduler.internal;

import org.embodia.scheduler.Percentiles;

/**
 * Durations in 1 µs buckets up to 20 ms (longer ones share an overflow bucket; the maximum is
 * kept exactly). One thread records without allocating or locking; others read snapshots, which
 * may lag a record or two behind.
 */
final class Histogram {
    private static final int BUCKETS = 20_000;

    private final long[] counts = new long[BUCKETS + 1];
    private long max;

    void record(long nanos) {
        long micros = nanos < 0 ? 0 : nanos / 1000;
        counts[(int) Math.min(micros, BUCKETS)]++;
        if (nanos > max) {
            max = nanos;
        }
    }

    /** How many recorded durations exceeded {@code nanos}, to 1 µs. */
    long countAbove(long nanos) {
        long from = Math.min(nanos / 1000 + 1, BUCKETS);
        long n = 0;
        for (int b = (int) from; b <= BUCKETS; b++) {
            n += counts[b];
        }
        return n;
    }

    /** Forgets everything; by the recording thread only. */
    void reset() {
        java.util.Arrays.fill(counts, 0);
        max = 0;
    }

    Percentiles snapshot() {
        long[] c = counts.clone();
        long total = 0;
        for (long n : c) {
            total += n;
        }
        double maxMicros = max / 1000.0;
        return new Percentiles(total, percentile(c, total, 0.50, maxMicros), percentile(c, total, 0.99, maxMicros),
                percentile(c, total, 0.999, maxMicros), maxMicros);
    }

    /** The bucket (µs) holding the q-quantile; the overflow bucket reports the maximum. */
    private static double percentile(long[] c, long total, double q, double maxMicros) {
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * total);
        long seen = 0;
        for (int b = 0; b < c.length; b++) {
            seen += c[b];
            if (seen >= rank) {
                return b == BUCKETS ? maxMicros : Math.min(b, maxMicros);
            }
        }
        return maxMicros;
    }
}
