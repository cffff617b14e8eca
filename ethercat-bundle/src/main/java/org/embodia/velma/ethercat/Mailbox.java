package org.embodia.velma.ethercat;

import java.util.List;

/**
 * The slaves' mailboxes (ETG.1000.4 and ETG.1000.6, "Mailbox"): a message goes to a slave by one write of
 * its whole write mailbox (SyncManager 0), which fills it; the slave's answer is read, once SyncManager 1's
 * status shows its mailbox full, by one read of the whole read mailbox, which empties it. Each message starts
 * with a 6-byte header: the length of the data after it, an address, channel and priority, the type (CoE is
 * 3) and a counter 1..7, new for each message, by which a slave tells a new message from a repeated one.
 * Acyclic: used by the master's thread in PRE-OP and between cycles.
 */
final class Mailbox {
    static final int HEADER = 6;
    /** A mailbox error reply (ETG.1000.4), e.g. for a protocol the slave does not speak. */
    static final int TYPE_ERROR = 0x00;
    static final int TYPE_COE = 0x03;
    private static final int MAX_COUNTER = 7;

    /** The master's physical access to one slave, by its bus position; a bus that does not answer throws. */
    interface Link {
        /** An FPWR of {@code data[0, length)} at {@code ado}; returns its working counter. */
        int write(int position, int ado, byte[] data, int length) throws EthercatException;

        /** An FPRD of {@code length} bytes at {@code ado} into {@code into}; returns its working counter. */
        int read(int position, int ado, byte[] into, int length) throws EthercatException;

        /** The slave as messages name it: position, name and station address. */
        String describe(int position);
    }

    private final List<SlaveDescription> slaves;
    private final Link link;
    private final int[] counter;
    private final byte[] out;
    private final byte[] in;
    private final byte[] status = new byte[1];

    Mailbox(List<SlaveDescription> slaves, Link link) {
        this.slaves = slaves;
        this.link = link;
        counter = new int[slaves.size()];
        out = new byte[Math.max(HEADER, slaves.stream().mapToInt(SlaveDescription::mailboxOutBytes).max().orElse(0))];
        in = new byte[Math.max(HEADER, slaves.stream().mapToInt(SlaveDescription::mailboxInBytes).max().orElse(0))];
    }

    /** The most data a message to slave {@code position} carries after its header. */
    int capacityOut(int position) {
        return slaves.get(position).mailboxOutBytes() - HEADER;
    }

    /** The most data a message from slave {@code position} carries after its header. */
    int capacityIn(int position) {
        return slaves.get(position).mailboxInBytes() - HEADER;
    }

    /** Where the data of the message {@link #send} sends go: from {@link #HEADER} on. */
    byte[] outgoing() {
        return out;
    }

    /** The message {@link #receive} read: its header, then its data from {@link #HEADER} on. */
    byte[] incoming() {
        return in;
    }

    /** The type of the message {@link #receive} read. */
    int incomingType() {
        return in[5] & 0x0F;
    }

    /**
     * Sends the message of {@code length} data bytes in {@link #outgoing()} to slave {@code position}. A full
     * write mailbox takes no write (its working counter stays 0): tries again until {@code deadline}
     * ({@link System#nanoTime()}); false if it stayed full.
     */
    boolean send(int position, int type, int length, long deadline) throws EthercatException {
        SlaveDescription s = slaves.get(position);
        if (length > capacityOut(position)) {
            throw new IllegalArgumentException(length + " bytes do not fit the write mailbox of " + s.name());
        }
        counter[position] = counter[position] % MAX_COUNTER + 1;
        Frame.putU16(out, 0, length);
        Frame.putU16(out, 2, 0);
        out[4] = 0;
        out[5] = (byte) (type | counter[position] << 4);
        for (int i = HEADER + length; i < s.mailboxOutBytes(); i++) {
            out[i] = 0;
        }
        while (true) {
            // The whole mailbox: a slave's write mailbox fills only once its last byte is written.
            if (link.write(position, s.mailboxOut(), out, s.mailboxOutBytes()) == 1) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
        }
    }

    /**
     * Waits until {@code deadline} for a message from slave {@code position}: polls SyncManager 1's status for a
     * full mailbox, then reads it. Returns the message's data length, -1 when none came; a length beyond the
     * mailbox throws.
     */
    int receive(int position, long deadline) throws EthercatException {
        while (true) {
            int length = poll(position);
            if (length >= 0 || System.nanoTime() > deadline) {
                return length;
            }
        }
    }

    /** Empties the read mailbox of slave {@code position} of what an abandoned transfer left there. */
    void discard(int position) throws EthercatException {
        poll(position);
    }

    /** One look at the read mailbox: the data length of the message taken from it, -1 if it was empty. */
    private int poll(int position) throws EthercatException {
        SlaveDescription s = slaves.get(position);
        if (link.read(position, Ec.REG_SM + Ec.SM_SIZE + Ec.SM_STATUS, status, 1) != 1) {
            throw new EthercatException(link.describe(position) + " did not answer the read of its mailbox status");
        }
        if ((status[0] & Ec.SM_MAILBOX_FULL) == 0) {
            return -1;
        }
        // The whole mailbox: reading its last byte is what empties it for the slave's next message.
        if (link.read(position, s.mailboxIn(), in, s.mailboxInBytes()) != 1) {
            return -1;
        }
        int length = Frame.u16(in, 0);
        if (length > capacityIn(position)) {
            throw new EthercatException(link.describe(position) + " answered with a mailbox message of " + length + " bytes after its header;"
                    + " its read mailbox holds " + capacityIn(position));
        }
        return length;
    }

    /** Mailbox error codes (ETG.1000.4, "Mailbox error reply"). */
    static String errorName(int code) {
        return switch (code) {
            case 1 -> "syntax of the mailbox header";
            case 2 -> "unsupported protocol";
            case 3 -> "invalid channel";
            case 4 -> "service not supported";
            case 5 -> "invalid mailbox header";
            case 6 -> "mailbox data too short";
            case 7 -> "no more memory";
            case 8 -> "inconsistent data length";
            default -> "unknown mailbox error";
        };
    }
}
