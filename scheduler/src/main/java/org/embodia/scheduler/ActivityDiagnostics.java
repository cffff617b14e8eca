package org.embodia.scheduler;

/**
 * One activity's figures, from lock-free snapshots.
 *
 * @param clock how it is clocked: {@code 500 Hz} or {@code clock=velma.sim}
 * @param wakeLatency how late after each deadline the loop woke
 * @param period time between consecutive cycle starts
 * @param compute time spent in a cycle
 * @param realtime what the operating system granted: timer slack and scheduling policy
 */
public record ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
        Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime) {
}
