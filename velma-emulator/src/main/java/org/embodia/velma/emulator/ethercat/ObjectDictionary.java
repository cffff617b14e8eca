package org.embodia.velma.emulator.ethercat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CoE object dictionary of one simulated CiA 402 drive, as its SDO server sees it: device type 0x1000,
 * device name 0x1008, identity 0x1018, the fixed RxPDO mapping 0x1600 (controlword 0x6040 u16, modes of
 * operation 0x6060 i8, target position 0x607A i32, target torque 0x6071 i16) and TxPDO mapping 0x1A00
 * (statusword 0x6041 u16, modes of operation display 0x6061 i8, position actual 0x6064 i32, velocity actual
 * 0x606C i32, torque actual 0x6077 i16), the SyncManager types 0x1C00, the PDO assignments 0x1C12/0x1C13,
 * those drive objects and the motor rated torque 0x6076 (mN·m). The assignments start empty, as after a
 * restore of the drive's defaults: the master must assign 0x1600 and 0x1A00 before the drive takes SAFE-OP.
 * Refusals are SDO abort codes ([CIA301]); any thread, as a test may look while the segment serves.
 */
public final class ObjectDictionary {
    static final int NO_OBJECT = 0x06020000;
    static final int NO_SUBINDEX = 0x06090011;
    static final int READ_ONLY = 0x06010002;
    static final int LENGTH_MISMATCH = 0x06070010;
    static final int SUBINDEX_0_NOT_ZERO = 0x06010003;
    static final int VALUE_RANGE = 0x06090030;
    static final int VALUE_TOO_HIGH = 0x06090031;
    static final int DEVICE_STATE = 0x08000022;

    static final int RX_PDO = 0x1600;
    static final int TX_PDO = 0x1A00;
    static final int RX_ASSIGN = 0x1C12;
    static final int TX_ASSIGN = 0x1C13;
    static final int MODES_OF_OPERATION = 0x6060;
    /** CiA 402 device type: profile 402, servo drive. */
    private static final int DEVICE_TYPE = 0x00020192;
    private static final int[] RX_MAPPING = {0x60400010, 0x60600008, 0x607A0020, 0x60710010};
    private static final int[] TX_MAPPING = {0x60410010, 0x60610008, 0x60640020, 0x606C0020, 0x60770010};
    private static final int[] MODES = {6, 8, 10};

    /** A refused SDO transfer: the abort code the server answers with. */
    static final class Abort extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        Abort(int code) {
            super(String.format("SDO abort 0x%08x", code), null, false, false);
            this.code = code;
        }
    }

    private static final class Entry {
        final byte[] value;
        final boolean writable;

        Entry(byte[] value, boolean writable) {
            this.value = value;
            this.writable = writable;
        }
    }

    private final Map<Integer, Map<Integer, Entry>> objects = new TreeMap<>();

    private ObjectDictionary() {
    }

    /** The dictionary of a drive with this identity (SII and 0x1018 agree) and motor rated torque. */
    static ObjectDictionary drive(String name, int vendor, int product, int revision, int serial, int ratedTorqueMilliNm) {
        ObjectDictionary d = new ObjectDictionary();
        d.put(0x1000, 0, bytes(DEVICE_TYPE, 4), false);
        d.put(0x1008, 0, name.getBytes(StandardCharsets.US_ASCII), false);
        d.record(0x1018, false, 4, vendor, product, revision, serial);
        d.record(RX_PDO, false, 4, RX_MAPPING);
        d.record(TX_PDO, false, 4, TX_MAPPING);
        d.record(0x1C00, false, 1, 1, 2, 3, 4);
        for (int assign : new int[] {RX_ASSIGN, TX_ASSIGN}) {
            d.put(assign, 0, bytes(0, 1), true);
            d.put(assign, 1, bytes(0, 2), true);
        }
        for (int[] mapping : new int[][] {RX_MAPPING, TX_MAPPING}) {
            for (int m : mapping) {
                d.put(m >>> 16, 0, new byte[(m & 0xFF) / 8], mapping == RX_MAPPING);
            }
        }
        d.put(MODES_OF_OPERATION, 0, bytes(10, 1), true);
        d.put(0x6076, 0, bytes(ratedTorqueMilliNm, 4), false);
        return d;
    }

    /** An array or record: subindex 0 the number of entries (u8), then one entry of {@code size} bytes per value. */
    private void record(int index, boolean writable, int size, int... values) {
        put(index, 0, bytes(values.length, 1), false);
        for (int i = 0; i < values.length; i++) {
            put(index, i + 1, bytes(values[i], size), writable);
        }
    }

    private void put(int index, int subindex, byte[] value, boolean writable) {
        objects.computeIfAbsent(index, i -> new TreeMap<>()).put(subindex, new Entry(value, writable));
    }

    private static byte[] bytes(int value, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (value >>> 8 * i);
        }
        return b;
    }

    private Entry entry(int index, int subindex) throws Abort {
        Map<Integer, Entry> object = objects.get(index);
        if (object == null) {
            throw new Abort(NO_OBJECT);
        }
        Entry e = object.get(subindex);
        if (e == null) {
            throw new Abort(NO_SUBINDEX);
        }
        return e;
    }

    /** The entry's bytes. */
    synchronized byte[] upload(int index, int subindex) throws Abort {
        return entry(index, subindex).value.clone();
    }

    /**
     * Writes {@code length} bytes from {@code data} at {@code offset} into the entry; {@code length} -1 (an
     * expedited download that does not say its size) takes the entry's size. PDO assignments change only in
     * PRE-OP ({@code preOp}), an entry only while the count in subindex 0 is 0, and only to the one PDO each
     * drive has; modes of operation only to a mode the drive knows.
     */
    synchronized void download(int index, int subindex, byte[] data, int offset, int length, boolean preOp) throws Abort {
        Entry e = entry(index, subindex);
        if (!e.writable) {
            throw new Abort(READ_ONLY);
        }
        int n = length < 0 ? e.value.length : length;
        if (n != e.value.length) {
            throw new Abort(LENGTH_MISMATCH);
        }
        int value = 0;
        for (int i = n - 1; i >= 0; i--) {
            value = value << 8 | data[offset + i] & 0xFF;
        }
        if (index == RX_ASSIGN || index == TX_ASSIGN) {
            checkAssignment(index, subindex, value, preOp);
        } else if (index == MODES_OF_OPERATION && !knownMode((byte) value)) {
            throw new Abort(VALUE_RANGE);
        }
        System.arraycopy(data, offset, e.value, 0, n);
    }

    private void checkAssignment(int index, int subindex, int value, boolean preOp) throws Abort {
        if (!preOp) {
            throw new Abort(DEVICE_STATE);
        }
        int pdo = index == RX_ASSIGN ? RX_PDO : TX_PDO;
        if (subindex == 0) {
            if (value > 1) {
                throw new Abort(VALUE_TOO_HIGH);
            }
            if (value == 1 && integer(index, 1) != pdo) {
                throw new Abort(VALUE_RANGE);
            }
        } else if (integer(index, 0) != 0) {
            throw new Abort(SUBINDEX_0_NOT_ZERO);
        } else if (value != pdo && value != 0) {
            throw new Abort(VALUE_RANGE);
        }
    }

    private static boolean knownMode(int mode) {
        for (int m : MODES) {
            if (m == mode) {
                return true;
            }
        }
        return false;
    }

    private int integer(int index, int subindex) {
        byte[] b = objects.get(index).get(subindex).value;
        int value = 0;
        for (int i = b.length - 1; i >= 0; i--) {
            value = value << 8 | b[i] & 0xFF;
        }
        return value;
    }

    /** Whether the assignment {@code index} (0x1C12 or 0x1C13) is exactly its drive's one PDO, as SAFE-OP needs. */
    synchronized boolean assigned(int index) {
        return integer(index, 0) == 1 && integer(index, 1) == (index == RX_ASSIGN ? RX_PDO : TX_PDO);
    }

    /** The integer entry, as the drive holds it now (for tests). */
    public synchronized int value(int index, int subindex) {
        return integer(index, subindex);
    }
}
