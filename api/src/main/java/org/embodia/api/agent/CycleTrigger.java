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
}
