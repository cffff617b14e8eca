package org.embodia.scheduler.internal;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The FSM states of the agent's subsystems that run in other processes, as the pass messages last told them: written
 * by the activity's thread, read by a shell's. Each slot is a sequence lock (odd while written), so the writer neither
 * waits nor allocates and a reader retries a slot it caught half-written.
 */
final class RemoteStates {
    private final byte[] bytes;
    private final AtomicLongArray versions;
    /** When each slot was last written (System.nanoTime), 0 for never. */
    private final AtomicLongArray heard;

    RemoteStates(int slots) {
        bytes = new byte[slots * PassMessage.SLOT_BYTES];
        versions = new AtomicLongArray(slots);
        heard = new AtomicLongArray(slots);
    }

    /** Takes slot {@code slot} from a message, if its sender knew it. On the activity's thread. */
    void take(int slot, PassMessage from, long now) {
        int at = slot * PassMessage.SLOT_BYTES;
        if (from.states[at] == PassMessage.UNKNOWN) {
            return;
        }
        versions.incrementAndGet(slot);
        System.arraycopy(from.states, at, bytes, at, PassMessage.SLOT_BYTES);
        versions.incrementAndGet(slot);
        heard.set(slot, now);
    }

    /** Puts slot {@code slot} into a message to send on. On the activity's thread, the only writer, so no retry. */
    void give(int slot, PassMessage to) {
        to.copySlot(slot, bytes);
    }

    /** When slot {@code slot} was last heard of (System.nanoTime), 0 for never. */
    long heard(int slot) {
        return heard.get(slot);
    }

    /** The state in slot {@code slot}: null for a subsystem without an FSM or never heard of. For a shell; allocates. */
    String state(int slot) {
        int at = slot * PassMessage.SLOT_BYTES;
        byte[] copy = new byte[PassMessage.SLOT_BYTES];
        long before;
        long after;
        do {
            before = versions.get(slot);
            System.arraycopy(bytes, at, copy, 0, copy.length);
            // The copy's plain reads may not drift past the second look at the version (as StampedLock.validate).
            VarHandle.acquireFence();
            after = versions.get(slot);
        } while ((before & 1) != 0 || before != after);
        return copy[0] != PassMessage.STATE ? null : new String(copy, 2, copy[1], StandardCharsets.US_ASCII);
    }
}
