package org.embodia.velma.ethercat;

/**
 * One EtherCAT frame in a preallocated buffer: the Ethernet header, the EtherCAT header (11-bit length,
 * type 1 = EtherCAT commands) and a chain of datagrams, each a 10-byte header (command, index, address,
 * 11-bit length with the "more follows" bit 15, IRQ), its data and a 16-bit working counter (layout as in
 * ETG.1000.4 and SOEM's {@code ec_comt}). Building, parsing and field access allocate nothing.
 */
public final class Frame {
    public static final int ETHERNET_HEADER = 14;
    public static final int EC_HEADER = 2;
    public static final int DATAGRAM_HEADER = 10;
    public static final int WKC = 2;
    /** The largest Ethernet payload without jumbo frames, plus the header. */
    public static final int MAX_FRAME = 1514;
    /** Ethernet's minimum frame without the FCS: shorter frames are padded. */
    public static final int MIN_FRAME = 60;
    public static final int MAX_DATAGRAMS = 64;
    private static final int FIRST_DATAGRAM = ETHERNET_HEADER + EC_HEADER;
    private static final int MORE = 0x8000;
    private static final int LENGTH_MASK = 0x07FF;
    private static final int TYPE_COMMANDS = 1;

    private final byte[] bytes = new byte[MAX_FRAME];
    private final int[] offsets = new int[MAX_DATAGRAMS];
    private int count;
    private int end = FIRST_DATAGRAM;

    /** Starts an empty frame broadcast from {@code source} (6 bytes), as EtherCAT masters send. */
    public void start(byte[] source) {
        for (int i = 0; i < 6; i++) {
            bytes[i] = (byte) 0xFF;
            bytes[6 + i] = source[i];
        }
        putU16BigEndian(bytes, 12, Ec.ETHERTYPE);
        count = 0;
        end = FIRST_DATAGRAM;
        writeEcHeader();
    }

    /**
     * Appends a datagram with {@code length} zeroed data bytes and returns its number. {@code address} is
     * the 32-bit address field: ADP in the low 16 bits and ADO in the high 16 for physical commands, the
     * logical address for LRD/LWR/LRW.
     */
    public int add(int command, int index, int address, int length) {
        if (count == MAX_DATAGRAMS || end + DATAGRAM_HEADER + length + WKC > MAX_FRAME || length > LENGTH_MASK) {
            throw new IllegalArgumentException("datagram of " + length + " bytes does not fit the frame");
        }
        if (count > 0) {
            int previous = offsets[count - 1] + 6;
            putU16(bytes, previous, u16(bytes, previous) | MORE);
        }
        int at = end;
        bytes[at] = (byte) command;
        bytes[at + 1] = (byte) index;
        putU32(bytes, at + 2, address);
        putU16(bytes, at + 6, length);
        putU16(bytes, at + 8, 0);
        int stop = at + DATAGRAM_HEADER + length + WKC;
        for (int i = at + DATAGRAM_HEADER; i < stop; i++) {
            bytes[i] = 0;
        }
        offsets[count] = at;
        end = stop;
        writeEcHeader();
        return count++;
    }

    /** The physical address field: ADP (position or station address) and ADO (register). */
    public static int physical(int adp, int ado) {
        return (adp & 0xFFFF) | (ado << 16);
    }

    private void writeEcHeader() {
        putU16(bytes, ETHERNET_HEADER, ((end - FIRST_DATAGRAM) & LENGTH_MASK) | (TYPE_COMMANDS << 12));
    }

    /** Bytes to send: the frame padded to Ethernet's minimum. */
    public int length() {
        for (int i = end; i < MIN_FRAME; i++) {
            bytes[i] = 0;
        }
        return Math.max(end, MIN_FRAME);
    }

    /** The buffer to send from and to receive into. */
    public byte[] bytes() {
        return bytes;
    }

    /**
     * Parses a received frame of {@code length} bytes in {@link #bytes()}: EtherType, EtherCAT header and the
     * datagram chain. Returns false, leaving no datagrams, when it is not a well-formed EtherCAT frame.
     */
    public boolean parse(int length) {
        count = 0;
        end = FIRST_DATAGRAM;
        if (length < FIRST_DATAGRAM || u16BigEndian(bytes, 12) != Ec.ETHERTYPE) {
            return false;
        }
        int header = u16(bytes, ETHERNET_HEADER);
        if (header >>> 12 != TYPE_COMMANDS) {
            return false;
        }
        int stop = FIRST_DATAGRAM + (header & LENGTH_MASK);
        if (stop > length) {
            return false;
        }
        int at = FIRST_DATAGRAM;
        while (at + DATAGRAM_HEADER + WKC <= stop && count < MAX_DATAGRAMS) {
            int lengthField = u16(bytes, at + 6);
            int next = at + DATAGRAM_HEADER + (lengthField & LENGTH_MASK) + WKC;
            if (next > stop) {
                count = 0;
                return false;
            }
            offsets[count++] = at;
            at = next;
            if ((lengthField & MORE) == 0) {
                end = at;
                return true;
            }
        }
        count = 0;
        return false;
    }

    public int datagrams() {
        return count;
    }

    public int command(int datagram) {
        return bytes[offsets[datagram]] & 0xFF;
    }

    public int index(int datagram) {
        return bytes[offsets[datagram] + 1] & 0xFF;
    }

    public int address(int datagram) {
        return u32(bytes, offsets[datagram] + 2);
    }

    public int adp(int datagram) {
        return u16(bytes, offsets[datagram] + 2);
    }

    public int ado(int datagram) {
        return u16(bytes, offsets[datagram] + 4);
    }

    public int dataLength(int datagram) {
        return u16(bytes, offsets[datagram] + 6) & LENGTH_MASK;
    }

    public boolean more(int datagram) {
        return (u16(bytes, offsets[datagram] + 6) & MORE) != 0;
    }

    /** Where the datagram's data starts in {@link #bytes()}. */
    public int data(int datagram) {
        return offsets[datagram] + DATAGRAM_HEADER;
    }

    public int wkc(int datagram) {
        return u16(bytes, data(datagram) + dataLength(datagram));
    }

    public void wkc(int datagram, int value) {
        putU16(bytes, data(datagram) + dataLength(datagram), value);
    }

    public static int u8(byte[] b, int at) {
        return b[at] & 0xFF;
    }

    public static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    public static int s16(byte[] b, int at) {
        return (short) u16(b, at);
    }

    public static int u32(byte[] b, int at) {
        return u16(b, at) | u16(b, at + 2) << 16;
    }

    public static void putU16(byte[] b, int at, int value) {
        b[at] = (byte) value;
        b[at + 1] = (byte) (value >>> 8);
    }

    public static void putU32(byte[] b, int at, int value) {
        putU16(b, at, value);
        putU16(b, at + 2, value >>> 16);
    }

    private static int u16BigEndian(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static void putU16BigEndian(byte[] b, int at, int value) {
        b[at] = (byte) (value >>> 8);
        b[at + 1] = (byte) value;
    }
}
