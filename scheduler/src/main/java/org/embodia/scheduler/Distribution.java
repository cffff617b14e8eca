package org.embodia.scheduler;

/**
 * A latency histogram: {@code counts[i]} durations were at most {@code upperMicros[i]} and above the bound before;
 * the bounds double from 1 µs, as HdrHistogram's logarithmic buckets do.
 *
 * @since 1.8
 */
public record Distribution(double[] upperMicros, long[] counts) {
    /** No durations. */
    public static final Distribution EMPTY = new Distribution(new double[0], new long[0]);
}
