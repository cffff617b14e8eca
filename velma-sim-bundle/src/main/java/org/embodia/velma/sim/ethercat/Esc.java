package org.embodia.velma.sim.ethercat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One simulated EtherCAT slave controller: its register file and process RAM (8 KiB), the SII EEPROM behind
 * registers 0x0500.., the AL state machine behind 0x0120/0x0130/0x0134, SyncManagers (0x0800.., 8 bytes each)
 * and FMMUs (0x0600.., 16 bytes each) mapping logical addresses to process RAM. It processes each datagram
 * as it passes, in place, and adds to its working counter (register layout: Beckhoff ET1100 datasheet,
 * "Register overview"; SII layout: ETG.2010). Used by the segment's one thread.
 */
public final class Esc {
    static final int APRD = 1;
    static final int APWR = 2;
    static final int APRW = 3;
    static final int FPRD = 4;
    static final int FPWR = 5;
    static final int FPRW = 6;
    static final int BRD = 7;
    static final int BWR = 8;
    static final int BRW = 9;
    static final int LRD = 10;
    static final int LWR = 11;
    static final int LRW = 12;

    static final int INIT = 1;
    static final int PRE_OP = 2;
    static final int SAFE_OP = 4;
    static final int OP = 8;
    static final int ERROR = 0x10;
    static final int CODE_INVALID_STATE_CHANGE = 0x0011;
    static final int CODE_UNKNOWN_STATE = 0x0012;
    static final int CODE_SM_WATCHDOG = 0x001B;
    static final int CODE_INVALID_OUTPUTS = 0x001D;
    static final int CODE_INVALID_INPUTS = 0x001E;

    private static final int MEMORY = 0x2000;
    private static final int STATION = 0x0010;
    private static final int AL_CONTROL = 0x0120;
    private static final int AL_STATUS = 0x0130;
    private static final int AL_CODE = 0x0134;
    private static final int SII_CONTROL = 0x0502;
    private static final int SII_ADDRESS = 0x0504;
    private static final int SII_DATA = 0x0508;
    private static final int FMMU = 0x0600;
    private static final int SM = 0x0800;
    private static final int PROCESS_RAM = 0x1000;

    private final String name;
    private final byte[] memory = new byte[MEMORY];
    private final byte[] scratch = new byte[2048];
    private final int[] sii;
    /** Expected SyncManager 2 (outputs) and 3 (inputs): start and length; 0 length for a slave without process data. */
    private final int outputSm;
    private final int outputBytes;
    private final int inputSm;
    private final int inputBytes;
    private volatile int refuseOpCode;
    private volatile int forcedError;
    /** Whether the last logical datagram wrote its outputs. */
    private boolean outputsWritten;

    /**
     * @param outputSm where the master must put SyncManager 2 (0 when the slave has no process data)
     */
    public Esc(String name, int vendorId, int productCode, int revision, int outputSm, int outputBytes, int inputSm, int inputBytes) {
        this.name = name;
        this.outputSm = outputSm;
        this.outputBytes = outputBytes;
        this.inputSm = inputSm;
        this.inputBytes = inputBytes;
        this.sii = siiImage(name, vendorId, productCode, revision, outputSm, outputBytes, inputSm, inputBytes);
        memory[0x0000] = 0x11;
        memory[0x0004] = 8;
        memory[0x0005] = 8;
        setAl(INIT, 0);
    }

    /** EEPROM words: identity at 0x0008.., then from word 0x0040 the categories Strings, General, SyncM and End. */
    private static int[] siiImage(String name, int vendor, int product, int revision, int outSm, int outBytes, int inSm, int inBytes) {
        int[] words = new int[0x100];
        Arrays.fill(words, 0xFFFF);
        for (int i = 0; i < 0x40; i++) {
            words[i] = 0;
        }
        putLong(words, 0x08, vendor);
        putLong(words, 0x0A, product);
        putLong(words, 0x0C, revision);
        putLong(words, 0x0E, 1);
        int w = 0x40;
        byte[] text = name.getBytes(StandardCharsets.US_ASCII);
        byte[] strings = new byte[(2 + text.length + 1) & ~1];
        strings[0] = 1;
        strings[1] = (byte) text.length;
        System.arraycopy(text, 0, strings, 2, text.length);
        w = category(words, w, 10, strings);
        byte[] general = new byte[32];
        general[3] = 1;
        w = category(words, w, 30, general);
        if (outBytes > 0) {
            byte[] syncm = new byte[16];
            sm(syncm, 0, outSm, outBytes, 0x64, 3);
            sm(syncm, 8, inSm, inBytes, 0x20, 4);
            w = category(words, w, 41, syncm);
        }
        words[w] = 0xFFFF;
        return words;
    }

    private static void putLong(int[] words, int at, int value) {
        words[at] = value & 0xFFFF;
        words[at + 1] = value >>> 16;
    }

    private static void sm(byte[] b, int at, int start, int length, int control, int type) {
        b[at] = (byte) start;
        b[at + 1] = (byte) (start >>> 8);
        b[at + 2] = (byte) length;
        b[at + 3] = (byte) (length >>> 8);
        b[at + 4] = (byte) control;
        b[at + 6] = 1;
        b[at + 7] = (byte) type;
    }

    private static int category(int[] words, int at, int type, byte[] data) {
        int size = (data.length + 1) / 2;
        words[at] = type;
        words[at + 1] = size;
        for (int i = 0; i < size; i++) {
            int lo = data[2 * i] & 0xFF;
            int hi = 2 * i + 1 < data.length ? data[2 * i + 1] & 0xFF : 0;
            words[at + 2 + i] = lo | hi << 8;
        }
        return at + 2 + size;
    }

    public String name() {
        return name;
    }

    public int station() {
        return u16(STATION);
    }

    /** AL status: the state, with {@link #ERROR} when it refused a change. */
    public int alStatus() {
        return u16(AL_STATUS);
    }

    public int alStatusCode() {
        return u16(AL_CODE);
    }

    /** From now on the slave refuses OP with {@code code}; 0 lets it go to OP again. Any thread. */
    public void refuseOp(int code) {
        refuseOpCode = code;
    }

    /** The slave drops from OP to SAFE-OP with an error, as on a SyncManager watchdog, at the next frame. Any thread. */
    public void leaveOp(int code) {
        forcedError = code;
    }

    boolean outputsWritten() {
        return outputsWritten;
    }

    int state() {
        return u16(AL_STATUS) & 0x0F;
    }

    /** The process RAM at {@code address}: the segment's drives read their outputs and write their inputs here. */
    byte[] memory() {
        return memory;
    }

    int outputSm() {
        return outputSm;
    }

    int inputSm() {
        return inputSm;
    }

    /** Called before each frame: applies a forced error. */
    void beginFrame() {
        outputsWritten = false;
        int code = forcedError;
        if (code != 0) {
            forcedError = 0;
            if (state() == OP) {
                setAl(SAFE_OP | ERROR, code);
            }
        }
    }

    /**
     * Processes one datagram at {@code at} in {@code f} (command, index, address, length, IRQ, data, WKC) as it
     * passes this slave: physical commands by position, station address or broadcast, logical ones through
     * the FMMUs; updates the address field as auto-increment and broadcast addressing need, and the WKC.
     */
    void process(byte[] f, int at) {
        int command = f[at] & 0xFF;
        int adp = le16(f, at + 2);
        int ado = le16(f, at + 4);
        int length = le16(f, at + 6) & 0x07FF;
        int data = at + 10;
        int wkcAt = data + length;
        int add;
        switch (command) {
            case APRD, APWR, APRW -> {
                add = adp == 0 ? physical(command, ado, f, data, length) : 0;
                put16(f, at + 2, adp + 1);
            }
            case FPRD, FPWR, FPRW -> add = adp == station() ? physical(command, ado, f, data, length) : 0;
            case BRD, BWR, BRW -> {
                add = physical(command, ado, f, data, length);
                put16(f, at + 2, adp + 1);
            }
            case LRD, LWR, LRW -> add = logical(command, le32(f, at + 2), f, data, length);
            default -> add = 0;
        }
        put16(f, wkcAt, le16(f, wkcAt) + add);
    }

    private int physical(int command, int ado, byte[] f, int data, int length) {
        if (ado + length > MEMORY) {
            return 0;
        }
        boolean read = command == APRD || command == FPRD || command == BRD || command == APRW || command == FPRW || command == BRW;
        boolean write = command == APWR || command == FPWR || command == BWR || command == APRW || command == FPRW || command == BRW;
        if (write) {
            System.arraycopy(f, data, scratch, 0, length);
        }
        if (read) {
            for (int i = 0; i < length; i++) {
                // A broadcast read ORs every slave's data into the frame.
                f[data + i] = (byte) (command == BRD || command == BRW ? f[data + i] | memory[ado + i] : memory[ado + i]);
            }
        }
        if (write) {
            writeRegisters(ado, length);
        }
        if (read && write) {
            return 3;
        }
        return read || write ? 1 : 0;
    }

    /** ECAT writes reach only the writable registers and process RAM; writes to AL control and SII control act. */
    private void writeRegisters(int ado, int length) {
        for (int i = 0; i < length; i++) {
            int a = ado + i;
            if (a == STATION || a == STATION + 1 || a == AL_CONTROL || a == AL_CONTROL + 1 || (a >= SII_CONTROL && a < SII_DATA + 8)
                    || (a >= FMMU && a < FMMU + 0x100) || (a >= SM && a < SM + 0x80) || a >= PROCESS_RAM) {
                memory[a] = scratch[i];
            }
        }
        if (ado <= AL_CONTROL && ado + length > AL_CONTROL) {
            requestState(u16(AL_CONTROL));
        }
        if (ado <= SII_CONTROL && ado + length > SII_CONTROL) {
            siiCommand();
        }
    }

    private void siiCommand() {
        int control = u16(SII_CONTROL);
        if ((control & 0x0700) == 0x0100) {
            int word = le32(memory, SII_ADDRESS);
            for (int i = 0; i < 2; i++) {
                put16(memory, SII_DATA + 2 * i, word + i < sii.length ? sii[word + i] : 0xFFFF);
            }
        }
        // Reading the EEPROM takes no time here: the command is done and busy is clear when the master looks.
        put16(memory, SII_CONTROL, 0);
    }

    private void requestState(int control) {
        int requested = control & 0x0F;
        int current = state();
        boolean acknowledged = (control & ERROR) != 0;
        if ((alStatus() & ERROR) != 0 && !acknowledged && requested != INIT) {
            return;
        }
        switch (requested) {
            case INIT -> setAl(INIT, 0);
            case PRE_OP -> setAl(PRE_OP, 0);
            case SAFE_OP -> {
                if (current == INIT) {
                    setAl(current | ERROR, CODE_INVALID_STATE_CHANGE);
                } else if (outputBytes > 0 && !smConfigured(2, outputSm, outputBytes)) {
                    setAl(current | ERROR, CODE_INVALID_OUTPUTS);
                } else if (inputBytes > 0 && !smConfigured(3, inputSm, inputBytes)) {
                    setAl(current | ERROR, CODE_INVALID_INPUTS);
                } else {
                    setAl(SAFE_OP, 0);
                }
            }
            case OP -> {
                if (current != SAFE_OP && current != OP) {
                    setAl(current | ERROR, CODE_INVALID_STATE_CHANGE);
                } else if (refuseOpCode != 0) {
                    setAl(current | ERROR, refuseOpCode);
                } else {
                    setAl(OP, 0);
                }
            }
            default -> setAl(current | ERROR, CODE_UNKNOWN_STATE);
        }
    }

    private boolean smConfigured(int sm, int start, int length) {
        int at = SM + 8 * sm;
        return u16(at) == start && u16(at + 2) == length && (memory[at + 6] & 1) != 0;
    }

    private void setAl(int status, int code) {
        put16(memory, AL_STATUS, status);
        put16(memory, AL_CODE, code);
    }

    /** Through every enabled FMMU that overlaps the datagram: writes only in OP, reads from SAFE-OP on. */
    private int logical(int command, int address, byte[] f, int data, int length) {
        int state = state();
        if (state != SAFE_OP && state != OP) {
            return 0;
        }
        boolean read = false;
        boolean wrote = false;
        for (int i = 0; i < 16; i++) {
            int at = FMMU + 16 * i;
            if ((memory[at + 12] & 1) == 0) {
                continue;
            }
            int start = le32(memory, at);
            int size = u16(at + 4);
            int physical = u16(at + 8);
            int type = memory[at + 11];
            int from = Math.max(start, address);
            int to = Math.min(start + size, address + length);
            if (from >= to) {
                continue;
            }
            int frameAt = data + (from - address);
            int memoryAt = physical + (from - start);
            if ((type & 2) != 0 && (command == LWR || command == LRW) && state == OP) {
                System.arraycopy(f, frameAt, memory, memoryAt, to - from);
                wrote = true;
            }
            if ((type & 1) != 0 && (command == LRD || command == LRW)) {
                System.arraycopy(memory, memoryAt, f, frameAt, to - from);
                read = true;
            }
        }
        outputsWritten |= wrote;
        if (command == LRW) {
            return (read ? 1 : 0) + (wrote ? 2 : 0);
        }
        return read || wrote ? 1 : 0;
    }

    private int u16(int at) {
        return le16(memory, at);
    }

    static int le16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    static int le32(byte[] b, int at) {
        return le16(b, at) | le16(b, at + 2) << 16;
    }

    static void put16(byte[] b, int at, int value) {
        b[at] = (byte) value;
        b[at + 1] = (byte) (value >>> 8);
    }
}
