package org.embodia.api.agent;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A subsystem whose device paces the activity it runs in, as Velma's ve_body is triggered by the arrival of its
 * real effectors' status ([VELMA-STRUCT]): an activity configured with {@code trigger=<subsystem>} starts each cycle
 * when this subsystem's device has sent new data, or at a deadline without it.
 */
@ConsumerType
public interface CycleTrigger extends Subsystem {
    /**
     * Waits on the activity's thread until new data from the device has arrived since the last read, or until
     * {@code deadlineNanos} ({@link System#nanoTime()} time) has passed. Allocates nothing and never throws.
     *
     * @return whether new data is there to read
     */
    boolean awaitData(long deadlineNanos);

    /**
     * When the last {@link #awaitData} last looked and found no data ({@link System#nanoTime()} time): the data it
     * then found arrived later, so the activity takes the time from this look to the cycle's start as the cycle's
     * wake latency, at most. {@link Long#MIN_VALUE} when the data was there at the first look (the cycle did not
     * wait for it) or the device cannot tell.
     *
     * @since 1.2
     */
    default long lastLookWithoutDataNanos() {
        return Long.MIN_VALUE;
    }

    /**
     * How many of the device's data, so far, no cycle took: each one a tick of the device's clock that got no cycle
     * of its own, its datum replaced by the next before a cycle read it (or lost on the way). A device that numbers its
     * data counts the gaps, as an FRI arm does from its measurements' sequence counter. Read on the activity's thread
     * after each cycle; allocates nothing. 0 where the device cannot tell.
     *
     * @since 1.3
     */
    default long dataNotTaken() {
        return 0;
    }
}
