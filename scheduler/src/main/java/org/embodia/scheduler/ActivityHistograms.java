package org.embodia.scheduler;

/**
 * The distributions behind an activity's {@link ActivityDiagnostics} percentiles, since the start or the last
 * {@link Agent#resetDiagnostics()}.
 *
 * @since 1.8
 */
public record ActivityHistograms(String activity, Distribution wakeLatency, Distribution period, Distribution compute) {
}
