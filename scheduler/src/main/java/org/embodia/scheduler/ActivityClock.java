package org.embodia.scheduler;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * An external source of cycles for an activity ({@code "<name> clock=<clock>: ..."}): a simulator's
 * step, a bus cycle. Registered as a service with the property {@value #NAME_PROPERTY}; it calls the
 * attached cycle on its own thread, once per tick, and does not allocate around the call.
 */
@ConsumerType
public interface ActivityClock {
    String NAME_PROPERTY = "embodia.clock";

    /** From now on, run {@code cycle} at every tick. */
    void attach(Runnable cycle);

    void detach(Runnable cycle);

    /**
     * The time between ticks when the clock keeps a fixed pace, or 0 when it ticks on demand (stepped by a test or by
     * another loop). A cycle whose compute exceeds it is counted as an overrun.
     *
     * @since 1.4
     */
    default long periodNanos() {
        return 0;
    }

    /**
     * What the thread that ticks got from the operating system, e.g. {@code timer slack 1 ns, SCHED_FIFO 80}, as
     * {@code agent:diag} shows it; empty when the clock does not say or ticks on other threads.
     *
     * @since 1.11
     */
    default String scheduling() {
        return "";
    }
}
