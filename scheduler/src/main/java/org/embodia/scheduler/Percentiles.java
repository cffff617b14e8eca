package org.embodia.scheduler;

/** A latency distribution in microseconds. */
public record Percentiles(long count, double p50, double p99, double p999, double max) {
    @Override
    public String toString() {
        return String.format("p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f µs (%d)", p50, p99, p999, max, count);
    }
}
