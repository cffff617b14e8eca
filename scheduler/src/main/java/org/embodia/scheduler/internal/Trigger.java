package org.embodia.scheduler.internal;

import org.embodia.api.agent.CycleTrigger;

/**
 * What starts a triggered activity's cycle: a device of this process ({@link #of(CycleTrigger)}), or, for a device on
 * another host, that host's answer to the passes that end the cycle ({@link RemoteGroup}), which it gives when its
 * device's data has come. Called on the activity's thread; allocates nothing.
 */
interface Trigger {
    /** As {@link CycleTrigger#awaitData}: whether new data came before {@code deadlineNanos}. */
    boolean awaitData(long deadlineNanos);

    /** As {@link CycleTrigger#lastLookWithoutDataNanos}. */
    long lastLookWithoutDataNanos();

    /** Waits until every trigger's data has come or {@code deadlineNanos} has passed; whether all of it came. */
    static boolean awaitAll(Trigger[] triggers, long deadlineNanos) {
        boolean all = true;
        for (Trigger t : triggers) {
            all &= t.awaitData(deadlineNanos);
        }
        return all;
    }

    static Trigger of(CycleTrigger device) {
        return new Trigger() {
            @Override
            public boolean awaitData(long deadlineNanos) {
                return device.awaitData(deadlineNanos);
            }

            @Override
            public long lastLookWithoutDataNanos() {
                return device.lastLookWithoutDataNanos();
            }
        };
    }
}
