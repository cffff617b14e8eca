package org.embodia.velma.emulator.ethercat;

/**
 * A drive's SDO server behind its mailbox (ETG.1000.6, CoE; the SDO protocol of [CIA301]): it answers one CoE
 * message, an SDO request of the CoE header (number, service 2 in bits 12-15), the command, index, subindex
 * and 4 data bytes, with the response (service 3) or an abort (command 0x80 with the abort code, sent as an SDO
 * request as ETG.1000.6 has it). Expedited and normal transfers up to what one mailbox holds; no segments.
 */
final class SdoServer {
    static final int COE_HEADER = 2;
    static final int SDO = 8;
    static final int SERVICE_SDO_REQUEST = 2;
    static final int SERVICE_SDO_RESPONSE = 3;
    /** Mailbox error codes (ETG.1000.4) the segment answers a message with that is no SDO request it can take. */
    static final int ERROR_SERVICE_NOT_SUPPORTED = 4;
    static final int ERROR_SIZE_TOO_SHORT = 6;
    private static final int UNKNOWN_COMMAND = 0x05040001;
    private static final int COMPLETE_ACCESS_UNSUPPORTED = 0x06010004;
    private static final int ABORT = 0x80;

    private SdoServer() {
    }

    /**
     * Answers the CoE message of {@code length} bytes at {@code m[at]} into {@code out[outAt]}, which holds
     * {@code capacity} bytes. Returns the answer's length, or minus a mailbox error code when the message is
     * no SDO request, or 0 when it needs no answer. {@code preOp}: the drive is in PRE-OP, where its PDO assignment may change.
     */
    static int answer(ObjectDictionary dictionary, boolean preOp, byte[] m, int at, int length, byte[] out, int outAt, int capacity) {
        if (length < COE_HEADER) {
            return -ERROR_SIZE_TOO_SHORT;
        }
        if (Esc.le16(m, at) >>> 12 != SERVICE_SDO_REQUEST) {
            return -ERROR_SERVICE_NOT_SUPPORTED;
        }
        if (length < COE_HEADER + SDO) {
            return -ERROR_SIZE_TOO_SHORT;
        }
        int command = m[at + 2] & 0xFF;
        int index = Esc.le16(m, at + 3);
        int subindex = m[at + 5] & 0xFF;
        int data = at + COE_HEADER + 4;
        try {
            if ((command & 0x10) != 0) {
                throw new ObjectDictionary.Abort(COMPLETE_ACCESS_UNSUPPORTED);
            }
            switch (command >>> 5) {
                case 1 -> {
                    if ((command & 0x02) != 0) {
                        int n = (command & 0x01) != 0 ? 4 - (command >>> 2 & 3) : -1;
                        dictionary.download(index, subindex, m, data, n, preOp);
                    } else {
                        int size = Esc.le32(m, data);
                        if (size < 0 || size > length - COE_HEADER - SDO) {
                            throw new ObjectDictionary.Abort(UNKNOWN_COMMAND);
                        }
                        dictionary.download(index, subindex, m, data + 4, size, preOp);
                    }
                    return header(out, outAt, SERVICE_SDO_RESPONSE, 0x60, index, subindex);
                }
                case 2 -> {
                    byte[] value = dictionary.upload(index, subindex);
                    if (value.length <= 4) {
                        int n = header(out, outAt, SERVICE_SDO_RESPONSE, 0x43 | (4 - value.length) << 2, index, subindex);
                        System.arraycopy(value, 0, out, outAt + COE_HEADER + 4, value.length);
                        return n;
                    }
                    if (COE_HEADER + SDO + value.length > capacity) {
                        throw new ObjectDictionary.Abort(UNKNOWN_COMMAND);
                    }
                    header(out, outAt, SERVICE_SDO_RESPONSE, 0x41, index, subindex);
                    Esc.put16(out, outAt + COE_HEADER + 4, value.length);
                    Esc.put16(out, outAt + COE_HEADER + 6, value.length >>> 16);
                    System.arraycopy(value, 0, out, outAt + COE_HEADER + SDO, value.length);
                    return COE_HEADER + SDO + value.length;
                }
                case 4 -> {
                    // The master gave up a transfer: an abort is not answered.
                    return 0;
                }
                default -> throw new ObjectDictionary.Abort(UNKNOWN_COMMAND);
            }
        } catch (ObjectDictionary.Abort e) {
            int n = header(out, outAt, SERVICE_SDO_REQUEST, ABORT, index, subindex);
            Esc.put16(out, outAt + COE_HEADER + 4, e.code);
            Esc.put16(out, outAt + COE_HEADER + 6, e.code >>> 16);
            return n;
        }
    }

    /** CoE header and SDO header with zero data; returns the message's length without data beyond those 4 bytes. */
    private static int header(byte[] out, int at, int service, int command, int index, int subindex) {
        Esc.put16(out, at, service << 12);
        out[at + 2] = (byte) command;
        Esc.put16(out, at + 3, index);
        out[at + 5] = (byte) subindex;
        for (int i = at + 6; i < at + COE_HEADER + SDO; i++) {
            out[i] = 0;
        }
        return COE_HEADER + SDO;
    }
}
