package org.embodia.scheduler.internal;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

import org.embodia.scheduler.StateSwitch;

/**
 * The last state switches of one FSM, as FABRIC's logger keeps them: a preallocated ring written by
 * the loop without allocating or locking, read through a sequence number per slot (a seqlock).
 */
final class SwitchRing {
    private static final int SIZE = 1024;

    private final AtomicLongArray sequence = new AtomicLongArray(SIZE);
    private final long[] cycles = new long[SIZE];
    private final long[] bits = new long[SIZE];
    private final String[] from = new String[SIZE];
    private final String[] to = new String[SIZE];
    private final List<String> predicateNames;
    private long written;

    SwitchRing(List<String> predicateNames) {
        this.predicateNames = predicateNames;
    }

    /** Called by the loop only. */
    void record(long cycle, String fromState, String toState, long predicateBits) {
        int i = (int) (written % SIZE);
        long s = sequence.get(i);
        sequence.set(i, s + 1);
        cycles[i] = cycle;
        from[i] = fromState;
        to[i] = toState;
        bits[i] = predicateBits;
        sequence.set(i, s + 2);
        written++;
    }

    /**
     * The switches kept, oldest first, in the order the loop recorded them: switches of one cycle keep their order
     * also where the ring wraps between them, so a reader that skips the ones it has seen skips those.
     */
    List<StateSwitch> snapshot() {
        List<Entry> out = new ArrayList<>();
        for (int k = 0; k < SIZE; k++) {
            for (int attempt = 0; attempt < 100; attempt++) {
                long before = sequence.get(k);
                if ((before & 1) != 0) {
                    Thread.onSpinWait();
                    continue;
                }
                long cycle = cycles[k];
                String f = from[k];
                String t = to[k];
                long b = bits[k];
                // The plain reads above must not move below the check that they saw one whole write.
                VarHandle.acquireFence();
                if (sequence.get(k) == before) {
                    if (before > 0) {
                        // A slot's sequence is twice the times it was written: its record's place in the loop's order.
                        long order = (before / 2 - 1) * SIZE + k;
                        out.add(new Entry(order, new StateSwitch(cycle, f, t, decode(b))));
                    }
                    break;
                }
            }
        }
        out.sort(Comparator.comparingLong(Entry::order));
        return out.stream().map(Entry::stateSwitch).toList();
    }

    private record Entry(long order, StateSwitch stateSwitch) {
    }

    private Map<String, Boolean> decode(long b) {
        Map<String, Boolean> values = new LinkedHashMap<>();
        for (int i = 0; i < predicateNames.size() && i < 64; i++) {
            values.put(predicateNames.get(i), (b >>> i & 1) != 0);
        }
        return values;
    }
}
