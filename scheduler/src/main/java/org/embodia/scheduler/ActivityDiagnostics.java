package org.embodia.scheduler;

/**
 * One activity's figures, from lock-free snapshots.
 *
 * @param clock how it is clocked: {@code 500 Hz} or {@code clock=velma.sim}
 * @param overruns cycles that ended after the next deadline (periodic) or whose compute exceeded the clock's period
 *        (clocked); none are counted on a clock without a fixed period
 * @param wakeLatency how late after each deadline a cycle started: measured after the spin that ends the sleep, so
 *        what is left of the operating system's wake-up latency once {@code spinMicros} absorbed it; on a host that
 *        does not lead the activity, how long after the leader's cycle began this host took its request (on one machine)
 * @param period time between consecutive cycle starts
 * @param compute time spent in a cycle
 * @param realtime what the operating system granted: timer slack and scheduling policy
 * @param sleepLatency how late after the time it asked for the loop's sleep ended, before the spin: the operating
 *        system's wake-up latency, as cyclictest measures it; empty when the spin covers the whole wait; on a host that
 *        does not lead the activity, how long after the leader's cycle began this host sent its answer (on one machine)
 * @param periodNanos the period overruns are judged against, 0 where there is none (a clock that ticks on demand)
 * @param missedTriggers for an activity triggered by a device ({@code trigger=}), the cycles that began at their
 *        deadline without the device's data; its wake latency then is how late after that deadline they began and, for
 *        a cycle the data began, at most the time from the data's arrival (the devices' last look without it)
 * @param missedPasses for an activity whose subsystems run in several processes, the passes of other hosts that missed
 *        their deadline, as the leading host counts them (on the other hosts, {@code overruns} are the leader's too); a
 *        late cycle whose passes all came in time is an overrun, not a missed pass
 * @param skippedTicks ticks of the activity's clock that got no cycle of their own: for an activity triggered by
 *        devices of its process, the data they sent that no cycle took (an FRI arm's gaps in its measurements' sequence
 *        counter), once per tick however many devices sent in it; for a periodic activity, and a triggered one while its
 *        plan has no trigger, the deadlines a late cycle passed (skipped, not made up); 0 on a clock of its own
 *        (the clock runs every cycle) and for devices on other hosts. A tick the device itself never sent (its clock
 *        stalled) is none: the loop follows the device's clock
 */
public record ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
        Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime, Percentiles sleepLatency, long periodNanos,
        long missedTriggers, long missedPasses, long skippedTicks) {

    /** Without the skipped ticks, as in 1.11. */
    public ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
            Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime, Percentiles sleepLatency, long periodNanos,
            long missedTriggers, long missedPasses) {
        this(name, clock, cycles, overruns, consecutiveOverruns, fault, wakeLatency, period, compute, realtime, sleepLatency, periodNanos,
                missedTriggers, missedPasses, 0);
    }

    /** Without the missed passes, as in 1.9. */
    public ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
            Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime, Percentiles sleepLatency, long periodNanos,
            long missedTriggers) {
        this(name, clock, cycles, overruns, consecutiveOverruns, fault, wakeLatency, period, compute, realtime, sleepLatency, periodNanos,
                missedTriggers, 0);
    }

    /** Without the missed triggers, as in 1.4. */
    public ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
            Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime, Percentiles sleepLatency, long periodNanos) {
        this(name, clock, cycles, overruns, consecutiveOverruns, fault, wakeLatency, period, compute, realtime, sleepLatency, periodNanos, 0);
    }

    /** Without the sleep's latency and the period, as before 1.4. */
    public ActivityDiagnostics(String name, String clock, long cycles, long overruns, long consecutiveOverruns, boolean fault,
            Percentiles wakeLatency, Percentiles period, Percentiles compute, String realtime) {
        this(name, clock, cycles, overruns, consecutiveOverruns, fault, wakeLatency, period, compute, realtime, new Percentiles(0, 0, 0, 0, 0), 0, 0);
    }
}
