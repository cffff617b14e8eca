package org.embodia.scheduler.internal;

import java.util.concurrent.locks.LockSupport;

import org.embodia.api.buffer.Freshness;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;

/**
 * One plan's links between this process and one other host in one activity: the pass link and the data links of the
 * connections between them, each data link with its bit in the pass messages. Used by the activity's thread only;
 * neither waits past a deadline, locks nor allocates.
 */
final class HostLink {
    /** Waiting, spin this long before parking: an answer on one machine comes within microseconds. */
    private static final long SPIN_NANOS = 20_000;
    /**
     * Then park this long at a time: the activity's thread has its timer slack lowered, so a shorter park would wake it
     * tens of thousands of times a second, a CPU's worth on a machine of two.
     */
    private static final long PARK_NANOS = 50_000;

    final String host;
    final RemoteLinks.PassLink pass;
    /** By bit; null where the subsystem is not here now. */
    private final RemoteWriter[] writers;
    private final RemoteReader[] readers;

    HostLink(String host, RemoteLinks.PassLink pass, RemoteWriter[] writers, RemoteReader[] readers) {
        this.host = host;
        this.pass = pass;
        this.writers = writers;
        this.readers = readers;
    }

    /** Publishes what the data links' output buffers sent since; returns the bits of those that published. */
    long publishData() {
        long mask = 0;
        for (int k = 0; k < writers.length; k++) {
            RemoteWriter w = writers[k];
            if (w == null) {
                continue;
            }
            long before = w.published();
            w.publish();
            if (w.published() != before) {
                mask |= 1L << k;
            }
        }
        return mask;
    }

    /**
     * Delivers what the data links brought, waiting until {@code deadline} (System.nanoTime) for each link whose bit is
     * in {@code mask}; returns whether all of those came in time.
     */
    boolean awaitData(long mask, long deadline) {
        boolean all = true;
        for (int k = 0; k < readers.length; k++) {
            RemoteReader r = readers[k];
            if (r == null) {
                continue;
            }
            if ((mask & (1L << k)) == 0) {
                r.poll();
                continue;
            }
            long since = System.nanoTime();
            while (r.poll() == 0) {
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    all = false;
                    break;
                }
                pause(now - since);
            }
        }
        return all;
    }

    /** Sends the pass message filled in {@link RemoteLinks.PassLink#out}; false if the transport did not take it. */
    boolean sendPass() {
        pass.out.send();
        return pass.writer.publish();
    }

    /** Polls the pass link: the newest pass message, or null if none came since the last look. */
    PassMessage pollPass() {
        pass.reader.poll();
        return pass.in.receive() == Freshness.NEW_DATA ? pass.in.get() : null;
    }

    /** One wait's pause, {@code waited} into the wait: spin at first, then park briefly. */
    static void pause(long waited) {
        if (waited < SPIN_NANOS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
    }
}
