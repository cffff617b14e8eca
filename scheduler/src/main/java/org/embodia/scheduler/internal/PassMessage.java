package org.embodia.scheduler.internal;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.WireMessage;

/**
 * What the leading process and a host of remote subsystems say about one pass: the request ("run group {@link #group}
 * of cycle {@link #cycle}") and its answer ("done"). {@link #links} has a bit for each data link the sender published
 * on in this pass, so the receiver knows which of its readers to wait for: the links are streams of their own, and
 * between machines one stream's message may come after another's. {@link #states} carries the FSM states the sender
 * knows of the agent's subsystems, one slot each (in the configuration's order), so a shell in any process sees the
 * whole agent. Fixed size: both sides build it from the same configuration.
 */
final class PassMessage implements WireMessage<PassMessage> {
    /** Bytes of a state's name in a slot; longer names are cut (the slot still tells the state apart for a shell). */
    static final int NAME_BYTES = 46;
    static final int SLOT_BYTES = 2 + NAME_BYTES;
    /** A slot's flag: the sender does not know this subsystem. */
    static final byte UNKNOWN = 0;
    /** A slot's flag: the subsystem runs, without an FSM. */
    static final byte NO_FSM = 1;
    /** A slot's flag: the subsystem runs, its FSM in the slot's state. */
    static final byte STATE = 2;
    /** {@link #trigger}: the answer does not end a cycle a device of the sender's starts. */
    static final byte NO_DEVICE = 0;
    /** {@link #trigger}: the sender's devices sent new data, which starts the next cycle. */
    static final byte DEVICE_DATA = 1;
    /** {@link #trigger}: the sender's devices sent nothing before the trigger's deadline. */
    static final byte DEVICE_LATE = 2;

    long cycle;
    /** In a request, when the leader's cycle began (its System.nanoTime: on one machine every process's clock). */
    long start;
    int group;
    long links;
    /** In a request, the leader's overruns and missed passes of the activity so far, which its other hosts report. */
    long faults;
    /** In a request, the part of {@link #faults} that were passes of other hosts missed (the rest are overruns). */
    long missed;
    /**
     * In the answer to the passes that end the cycle, from a host with some of the activity's triggers: whether its
     * devices' data came ({@link #DEVICE_DATA}, {@link #DEVICE_LATE}), or it has no device to wait for now
     * ({@link #NO_DEVICE}: a simulation swapped in for the hardware).
     */
    byte trigger;
    final byte[] states;

    PassMessage(int slots) {
        states = new byte[slots * SLOT_BYTES];
    }

    int slots() {
        return states.length / SLOT_BYTES;
    }

    /** Puts a state in slot {@code slot}: {@code state} null for a subsystem without an FSM. Allocates nothing. */
    void state(int slot, String state) {
        int at = slot * SLOT_BYTES;
        if (state == null) {
            states[at] = NO_FSM;
            states[at + 1] = 0;
            return;
        }
        int n = Math.min(state.length(), NAME_BYTES);
        states[at] = STATE;
        states[at + 1] = (byte) n;
        for (int k = 0; k < n; k++) {
            char c = state.charAt(k);
            states[at + 2 + k] = c < 128 ? (byte) c : (byte) '?';
        }
    }

    /** Marks slot {@code slot} as not known to the sender. */
    void unknown(int slot) {
        states[slot * SLOT_BYTES] = UNKNOWN;
    }

    /** Copies slot {@code slot} of {@code from}'s layout, as bytes; allocates nothing. */
    void copySlot(int slot, byte[] from) {
        System.arraycopy(from, slot * SLOT_BYTES, states, slot * SLOT_BYTES, SLOT_BYTES);
    }

    @Override
    public int wireSize() {
        return 8 + 8 + 4 + 8 + 8 + 8 + 1 + states.length;
    }

    @Override
    public void write(ByteBuffer out) {
        out.putLong(cycle);
        out.putLong(start);
        out.putInt(group);
        out.putLong(links);
        out.putLong(faults);
        out.putLong(missed);
        out.put(trigger);
        out.put(states);
    }

    @Override
    public void read(ByteBuffer in) {
        cycle = in.getLong();
        start = in.getLong();
        group = in.getInt();
        links = in.getLong();
        faults = in.getLong();
        missed = in.getLong();
        trigger = in.get();
        in.get(states);
    }

    @Override
    public void copyFrom(PassMessage source) {
        cycle = source.cycle;
        start = source.start;
        group = source.group;
        links = source.links;
        faults = source.faults;
        missed = source.missed;
        trigger = source.trigger;
        System.arraycopy(source.states, 0, states, 0, states.length);
    }

    @Override
    public String toString() {
        return "PassMessage[cycle=" + cycle + ", group=" + group + ", links=" + Long.toBinaryString(links) + "]";
    }
}
