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

    /**
     * The device's data no cycle took ({@link CycleTrigger#dataNotTaken}) since the last call or
     * {@link #countFromNow()}; 0 for a device that cannot tell, and for another host's.
     */
    default long takeDataNotTaken() {
        return 0;
    }

    /**
     * At the boundary where its plan takes over: what the device counted before is not this plan's, whether the device
     * is new (a bundle swapped in) or stays and the previous plan took its count up to here.
     */
    default void countFromNow() {
    }

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
            /** The device's count at the last call. */
            private long taken;

            @Override
            public long takeDataNotTaken() {
                long now = device.dataNotTaken();
                long news = now - taken;
                taken = now;
                return Math.max(news, 0);
            }

            @Override
            public void countFromNow() {
                taken = device.dataNotTaken();
            }

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
