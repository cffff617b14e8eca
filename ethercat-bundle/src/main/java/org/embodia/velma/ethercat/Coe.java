package org.embodia.velma.ethercat;

/**
 * CANopen over EtherCAT (ETG.1000.6, "CoE"): SDO download and upload through a slave's {@link Mailbox}.
 * A CoE message is a 2-byte header (number, bits 0-8; service, bits 12-15: 2 SDO request, 3 SDO response)
 * and, for an SDO, the command byte, the index (2 bytes), the subindex and 4 data bytes ([CIA301], "SDO
 * protocol"). Up to 4 bytes travel expedited, in those 4 bytes; more travel normal: the 4 bytes give the
 * size and the data follow, as much as one mailbox holds (this master does no segmented transfer). A slave
 * that cannot do a transfer answers with an abort (command 0x80) and an abort code, which {@link SdoAbort}
 * decodes.
 */
final class Coe {
    static final int HEADER = 2;
    static final int SERVICE_SDO_REQUEST = 2;
    static final int SERVICE_SDO_RESPONSE = 3;
    /** Command, index, subindex and 4 data bytes. */
    static final int SDO = 8;
    /** Command bytes: the client's (ccs) or server's (scs) specifier in bits 5-7, then n, expedited, size indicated. */
    static final int DOWNLOAD_REQUEST = 0x20;
    static final int DOWNLOAD_RESPONSE = 0x60;
    static final int UPLOAD_REQUEST = 0x40;
    static final int UPLOAD_RESPONSE = 0x40;
    static final int ABORT = 0x80;
    static final int EXPEDITED = 0x02;
    static final int SIZE_INDICATED = 0x01;
    private static final int SPECIFIER = 0xE0;
    /** Where the CoE header and the SDO's fields sit in a mailbox message. */
    private static final int COE_AT = Mailbox.HEADER;
    private static final int COMMAND_AT = COE_AT + HEADER;
    private static final int DATA_AT = COMMAND_AT + 4;
    private static final int NORMAL_DATA_AT = COMMAND_AT + SDO;
    /** As long as the master gives a slave for a state change: a drive may store a parameter before answering. */
    static final long TIMEOUT_NANOS = 2_000_000_000L;

    private final Mailbox mailbox;

    Coe(Mailbox mailbox) {
        this.mailbox = mailbox;
    }

    /** {@code 0x1C12:01}: how messages name an object entry. */
    static String object(int index, int subindex) {
        return String.format("0x%04X:%02X", index, subindex);
    }

    /** Writes {@code data[0, length)} into object {@code index:subindex} of slave {@code position}, named {@code slave}. */
    void download(int position, String slave, int index, int subindex, byte[] data, int length) throws EthercatException {
        if (length < 1) {
            throw new IllegalArgumentException("an SDO download carries at least one byte");
        }
        String what = "SDO download to " + slave + " object " + object(index, subindex);
        byte[] b = mailbox.outgoing();
        int size;
        if (length <= 4) {
            start(b, DOWNLOAD_REQUEST | (4 - length) << 2 | EXPEDITED | SIZE_INDICATED, index, subindex);
            System.arraycopy(data, 0, b, DATA_AT, length);
            size = HEADER + SDO;
        } else {
            size = HEADER + SDO + length;
            if (size > mailbox.capacityOut(position)) {
                throw tooLong(what, length, mailbox.capacityOut(position) - HEADER - SDO);
            }
            start(b, DOWNLOAD_REQUEST | SIZE_INDICATED, index, subindex);
            Frame.putU32(b, DATA_AT, length);
            System.arraycopy(data, 0, b, NORMAL_DATA_AT, length);
        }
        transfer(position, what, index, subindex, size);
        int command = mailbox.incoming()[COMMAND_AT] & 0xFF;
        if ((command & SPECIFIER) != DOWNLOAD_RESPONSE) {
            throw new EthercatException(what + ": the slave answered with SDO command 0x" + Integer.toHexString(command)
                    + ", not a download response");
        }
    }

    /** Reads object {@code index:subindex} of slave {@code position}, named {@code slave}. */
    byte[] upload(int position, String slave, int index, int subindex) throws EthercatException {
        String what = "SDO upload from " + slave + " object " + object(index, subindex);
        start(mailbox.outgoing(), UPLOAD_REQUEST, index, subindex);
        int length = transfer(position, what, index, subindex, HEADER + SDO);
        byte[] m = mailbox.incoming();
        int command = m[COMMAND_AT] & 0xFF;
        if ((command & SPECIFIER) != UPLOAD_RESPONSE) {
            throw new EthercatException(what + ": the slave answered with SDO command 0x" + Integer.toHexString(command)
                    + ", not an upload response");
        }
        if ((command & EXPEDITED) != 0) {
            int n = (command & SIZE_INDICATED) != 0 ? 4 - (command >>> 2 & 3) : 4;
            byte[] value = new byte[n];
            System.arraycopy(m, DATA_AT, value, 0, n);
            return value;
        }
        int size = Frame.u32(m, DATA_AT);
        int carried = length - HEADER - SDO;
        if (size < 0 || size > carried) {
            throw tooLong(what, size, carried);
        }
        byte[] value = new byte[size];
        System.arraycopy(m, NORMAL_DATA_AT, value, 0, size);
        return value;
    }

    private static EthercatException tooLong(String what, int size, int fits) {
        return new EthercatException(what + ": " + size + " bytes need a segmented transfer, which this master does not do ("
                + Math.max(0, fits) + " fit one mailbox)");
    }

    private static void start(byte[] b, int command, int index, int subindex) {
        Frame.putU16(b, COE_AT, SERVICE_SDO_REQUEST << 12);
        b[COMMAND_AT] = (byte) command;
        Frame.putU16(b, COMMAND_AT + 1, index);
        b[COMMAND_AT + 3] = (byte) subindex;
        Frame.putU32(b, DATA_AT, 0);
    }

    /**
     * Sends the SDO request in the outgoing mailbox ({@code length} bytes after the mailbox header) and waits for
     * the answer about the same object, passing by anything else (an emergency, a stale answer). Returns the
     * answer's length after the mailbox header; an abort, a mailbox error or no answer throws.
     */
    private int transfer(int position, String what, int index, int subindex, int length) throws EthercatException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        mailbox.discard(position);
        if (!mailbox.send(position, Mailbox.TYPE_COE, length, deadline)) {
            throw new EthercatException(what + ": its write mailbox stayed full for " + TIMEOUT_NANOS / 1_000_000_000L + " s");
        }
        while (true) {
            int n = mailbox.receive(position, deadline);
            if (n < 0) {
                throw new EthercatException(what + ": no answer in its read mailbox within " + TIMEOUT_NANOS / 1_000_000_000L + " s");
            }
            byte[] m = mailbox.incoming();
            if (mailbox.incomingType() == Mailbox.TYPE_ERROR && n >= 4) {
                int code = Frame.u16(m, Mailbox.HEADER + 2);
                throw new EthercatException(what + ": mailbox error " + String.format("0x%04x", code) + " (" + Mailbox.errorName(code)
                        + ")");
            }
            if (mailbox.incomingType() != Mailbox.TYPE_COE || n < HEADER + SDO) {
                continue;
            }
            int service = Frame.u16(m, COE_AT) >>> 12;
            int command = m[COMMAND_AT] & 0xFF;
            boolean sameObject = Frame.u16(m, COMMAND_AT + 1) == index && (m[COMMAND_AT + 3] & 0xFF) == subindex;
            if (!sameObject || service != SERVICE_SDO_RESPONSE && service != SERVICE_SDO_REQUEST) {
                continue;
            }
            // ETG.1000.6 sends a slave's abort as an SDO request; accept either service.
            if (command == ABORT) {
                throw new EthercatException(what + " aborted: " + SdoAbort.describe(Frame.u32(m, DATA_AT)));
            }
            if (service == SERVICE_SDO_RESPONSE) {
                return n;
            }
        }
    }
}
