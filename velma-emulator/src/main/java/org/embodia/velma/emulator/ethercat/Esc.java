package org.embodia.velma.emulator.ethercat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One simulated EtherCAT slave controller: its register file and process RAM (8 KiB), the SII EEPROM behind
 * registers 0x0500.., the AL state machine behind 0x0120/0x0130/0x0134, SyncManagers (0x0800.., 8 bytes each)
 * and FMMUs (0x0600.., 16 bytes each) mapping logical addresses to process RAM. It processes each datagram
 * as it passes, in place, and adds to its working counter (register layout: Beckhoff ET1100 datasheet,
 * "Register overview"; SII layout: ETG.2010). Used by the segment's one thread.
 *
 * <p>A slave with an {@link ObjectDictionary} has a mailbox (ETG.1000.4): SyncManager 0 in mailbox mode, which
 * the master writes, and SyncManager 1, which it reads. A write must start at the mailbox's first byte and is
 * refused (working counter 0) while the mailbox is full; writing its last byte fills it. The slave takes the
 * request at the next frame, once its read mailbox is empty (a repeated counter is a repeat and dropped),
 * and puts its answer in SyncManager 1, whose status byte (0x080D) shows it full (bit 3) until the master has
 * read the last byte. Reading an empty read mailbox is refused.
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
    static final int CODE_INVALID_MAILBOX = 0x0016;
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
    /** SyncManager bytes: control (mailbox mode 2 in bits 0-1; bits 2-3 1 when ECAT writes), status, activate. */
    private static final int SM_CONTROL = 4;
    private static final int SM_STATUS = 5;
    private static final int SM_ACTIVATE = 6;
    private static final int MAILBOX_FULL = 0x08;
    private static final int MAILBOX_WRITE_CONTROL = 0x26;
    private static final int MAILBOX_READ_CONTROL = 0x22;
    static final int MAILBOX_HEADER = 6;
    static final int MAILBOX_TYPE_ERROR = 0x00;
    static final int MAILBOX_TYPE_COE = 0x03;
    private static final int ERROR_UNSUPPORTED_PROTOCOL = 2;
    private static final int ERROR_INVALID_SIZE = 8;

    private final String name;
    private final byte[] memory = new byte[MEMORY];
    private final byte[] scratch = new byte[2048];
    private final int[] sii;
    /** Expected SyncManager 2 (outputs) and 3 (inputs): start and length; 0 length for a slave without process data. */
    private final int outputSm;
    private final int outputBytes;
    private final int inputSm;
    private final int inputBytes;
    /** Where the master must put SyncManager 0 (write mailbox) and 1 (read mailbox), each this long; 0 without a mailbox. */
    private final int mailboxOut;
    private final int mailboxIn;
    private final int mailboxBytes;
    private final ObjectDictionary dictionary;
    /** The counter of the last request taken (0 after a reset: none), and of the last answer. */
    private int requestCounter;
    private int answerCounter;
    private volatile boolean mailboxSilent;
    private volatile int refuseOpCode;
    private volatile int forcedError;
    /** Whether the last logical datagram wrote its outputs. */
    private boolean outputsWritten;

    /**
     * @param outputSm where the master must put SyncManager 2 (0 when the slave has no process data)
     */
    public Esc(String name, int vendorId, int productCode, int revision, int outputSm, int outputBytes, int inputSm, int inputBytes) {
        this(name, vendorId, productCode, revision, outputSm, outputBytes, inputSm, inputBytes, 0, 0, 0, null);
    }

    /**
     * A slave with a mailbox: SyncManager 0 at {@code mailboxOut} and 1 at {@code mailboxIn}, {@code mailboxBytes}
     * long each, whose CoE SDO server answers from {@code dictionary}.
     */
    public Esc(String name, int vendorId, int productCode, int revision, int outputSm, int outputBytes, int inputSm, int inputBytes,
            int mailboxOut, int mailboxIn, int mailboxBytes, ObjectDictionary dictionary) {
        this.name = name;
        this.outputSm = outputSm;
        this.outputBytes = outputBytes;
        this.inputSm = inputSm;
        this.inputBytes = inputBytes;
        this.mailboxOut = mailboxOut;
        this.mailboxIn = mailboxIn;
        this.mailboxBytes = dictionary == null ? 0 : mailboxBytes;
        this.dictionary = dictionary;
        this.sii = siiImage(name, vendorId, productCode, revision, outputSm, outputBytes, inputSm, inputBytes, mailboxOut, mailboxIn,
                this.mailboxBytes);
        memory[0x0000] = 0x11;
        memory[0x0004] = 8;
        memory[0x0005] = 8;
        setAl(INIT, 0);
    }

    /**
     * EEPROM words: identity at 0x0008.., the standard mailboxes at 0x0018.. (write offset, size, read offset,
     * size, protocols: CoE), then from word 0x0040 the categories Strings, General, SyncM and End.
     */
    private static int[] siiImage(String name, int vendor, int product, int revision, int outSm, int outBytes, int inSm, int inBytes,
            int mailboxOut, int mailboxIn, int mailboxBytes) {
        int[] words = new int[0x100];
        Arrays.fill(words, 0xFFFF);
        for (int i = 0; i < 0x40; i++) {
            words[i] = 0;
        }
        putLong(words, 0x08, vendor);
        putLong(words, 0x0A, product);
        putLong(words, 0x0C, revision);
        putLong(words, 0x0E, 1);
        if (mailboxBytes > 0) {
            words[0x18] = mailboxOut;
            words[0x19] = mailboxBytes;
            words[0x1A] = mailboxIn;
            words[0x1B] = mailboxBytes;
            words[0x1C] = 0x0004;
        }
        int w = 0x40;
        byte[] text = name.getBytes(StandardCharsets.US_ASCII);
        byte[] strings = new byte[(2 + text.length + 1) & ~1];
        strings[0] = 1;
        strings[1] = (byte) text.length;
        System.arraycopy(text, 0, strings, 2, text.length);
        w = category(words, w, 10, strings);
        byte[] general = new byte[32];
        general[3] = 1;
        // CoE details: SDO supported.
        general[5] = (byte) (mailboxBytes > 0 ? 1 : 0);
        w = category(words, w, 30, general);
        if (outBytes > 0) {
            int mailboxes = mailboxBytes > 0 ? 2 : 0;
            byte[] syncm = new byte[8 * (mailboxes + 2)];
            if (mailboxes > 0) {
                sm(syncm, 0, mailboxOut, mailboxBytes, MAILBOX_WRITE_CONTROL, 1);
                sm(syncm, 8, mailboxIn, mailboxBytes, MAILBOX_READ_CONTROL, 2);
            }
            sm(syncm, 8 * mailboxes, outSm, outBytes, 0x64, 3);
            sm(syncm, 8 * mailboxes + 8, inSm, inBytes, 0x20, 4);
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

    /** The drive's object dictionary, null for a slave without a mailbox. */
    public ObjectDictionary dictionary() {
        return dictionary;
    }

    /** From now on the slave takes no mailbox request, or again when {@code silent} is false. Any thread. */
    public void silenceMailbox(boolean silent) {
        mailboxSilent = silent;
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

    /** Called before each frame: applies a forced error, and answers a mailbox request the frames before left. */
    void beginFrame() {
        outputsWritten = false;
        int code = forcedError;
        if (code != 0) {
            forcedError = 0;
            if (state() == OP) {
                setAl(SAFE_OP | ERROR, code);
            }
        }
        if (dictionary != null) {
            serviceMailbox();
        }
    }

    /**
     * Takes the request in a full write mailbox, in PRE-OP and above, once the read mailbox is free for the
     * answer: a CoE SDO request goes to the {@link SdoServer}; anything else gets a mailbox error.
     */
    private void serviceMailbox() {
        int state = state();
        if (mailboxSilent || (state != PRE_OP && state != SAFE_OP && state != OP) || !mailboxFull(0) || mailboxFull(1)) {
            return;
        }
        int request = u16(SM);
        int answer = u16(SM + 8);
        int capacity = Math.min(u16(SM + 2), u16(SM + 8 + 2)) - MAILBOX_HEADER;
        int length = u16(request);
        int type = memory[request + 5] & 0x0F;
        int counter = memory[request + 5] >>> 4 & 0x07;
        memory[SM + SM_STATUS] &= ~MAILBOX_FULL;
        if (counter != 0 && counter == requestCounter) {
            return;
        }
        requestCounter = counter;
        Arrays.fill(memory, answer, answer + u16(SM + 8 + 2), (byte) 0);
        int n;
        if (length > capacity) {
            n = -ERROR_INVALID_SIZE;
        } else if (type != MAILBOX_TYPE_COE) {
            n = -ERROR_UNSUPPORTED_PROTOCOL;
        } else {
            n = SdoServer.answer(dictionary, state == PRE_OP, memory, request + MAILBOX_HEADER, length, memory, answer + MAILBOX_HEADER,
                    capacity);
        }
        if (n == 0) {
            return;
        }
        int answerType = MAILBOX_TYPE_COE;
        if (n < 0) {
            // A mailbox error reply: service 1, then the error code.
            answerType = MAILBOX_TYPE_ERROR;
            put16(memory, answer + MAILBOX_HEADER, 1);
            put16(memory, answer + MAILBOX_HEADER + 2, -n);
            n = 4;
        }
        answerCounter = answerCounter % 7 + 1;
        put16(memory, answer, n);
        put16(memory, answer + 2, station());
        memory[answer + 4] = 0;
        memory[answer + 5] = (byte) (answerType | answerCounter << 4);
        memory[SM + 8 + SM_STATUS] |= MAILBOX_FULL;
    }

    private boolean mailboxFull(int sm) {
        return (memory[SM + 8 * sm + SM_STATUS] & MAILBOX_FULL) != 0;
    }

    /** Empties both mailboxes and forgets the last request's counter, as a slave does whenever its mailbox is set up anew. */
    private void resetMailbox() {
        memory[SM + SM_STATUS] &= ~MAILBOX_FULL;
        memory[SM + 8 + SM_STATUS] &= ~MAILBOX_FULL;
        requestCounter = 0;
    }

    /** The enabled SyncManager in mailbox mode whose area the access {@code [ado, ado + length)} touches, or -1. */
    private int mailboxSm(int ado, int length) {
        for (int sm = 0; sm < 8; sm++) {
            int at = SM + 8 * sm;
            int start = u16(at);
            if ((memory[at + SM_ACTIVATE] & 1) != 0 && (memory[at + SM_CONTROL] & 0x03) == 0x02 && ado < start + u16(at + 2)
                    && ado + length > start) {
                return sm;
            }
        }
        return -1;
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
        int sm = mailboxSm(ado, length);
        boolean mailboxDone = false;
        if (sm >= 0) {
            int at = SM + 8 * sm;
            boolean ecatWrites = (memory[at + SM_CONTROL] & 0x0C) == 0x04;
            boolean full = (memory[at + SM_STATUS] & MAILBOX_FULL) != 0;
            boolean fromStart = ado == u16(at);
            // The master writes only into an empty write mailbox and reads only a full read mailbox, each from its start.
            write &= ecatWrites && !full && fromStart;
            read &= !ecatWrites && full && fromStart;
            mailboxDone = ado + length >= u16(at) + u16(at + 2) && (write || read);
        }
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
        if (mailboxDone && write) {
            // Its last byte written fills the write mailbox; read, it empties the read mailbox.
            memory[SM + 8 * sm + SM_STATUS] |= MAILBOX_FULL;
        } else if (mailboxDone) {
            memory[SM + 8 * sm + SM_STATUS] &= ~MAILBOX_FULL;
        }
        if (read && write) {
            return 3;
        }
        return read || write ? 1 : 0;
    }

    /**
     * ECAT writes reach only the writable registers (not a SyncManager's status) and process RAM; writes to AL
     * control and SII control act, and setting up SyncManager 0 or 1 anew resets the mailbox.
     */
    private void writeRegisters(int ado, int length) {
        for (int i = 0; i < length; i++) {
            int a = ado + i;
            if (a == STATION || a == STATION + 1 || a == AL_CONTROL || a == AL_CONTROL + 1 || (a >= SII_CONTROL && a < SII_DATA + 8)
                    || (a >= FMMU && a < FMMU + 0x100) || (a >= SM && a < SM + 0x80 && (a - SM) % 8 != SM_STATUS) || a >= PROCESS_RAM) {
                memory[a] = scratch[i];
            }
        }
        if (ado < SM + 16 && ado + length > SM) {
            resetMailbox();
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
            case INIT -> {
                resetMailbox();
                setAl(INIT, 0);
            }
            case PRE_OP -> {
                if (current == INIT && mailboxBytes > 0 && !(smConfigured(0, mailboxOut, mailboxBytes, MAILBOX_WRITE_CONTROL)
                        && smConfigured(1, mailboxIn, mailboxBytes, MAILBOX_READ_CONTROL))) {
                    setAl(current | ERROR, CODE_INVALID_MAILBOX);
                } else {
                    setAl(PRE_OP, 0);
                }
            }
            case SAFE_OP -> {
                // A drive checks its SyncManagers against its PDO assignment, which the master sets over CoE in PRE-OP.
                if (current == INIT) {
                    setAl(current | ERROR, CODE_INVALID_STATE_CHANGE);
                } else if (outputBytes > 0 && (!smConfigured(2, outputSm, outputBytes)
                        || dictionary != null && !dictionary.assigned(ObjectDictionary.RX_ASSIGN))) {
                    setAl(current | ERROR, CODE_INVALID_OUTPUTS);
                } else if (inputBytes > 0 && (!smConfigured(3, inputSm, inputBytes)
                        || dictionary != null && !dictionary.assigned(ObjectDictionary.TX_ASSIGN))) {
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
        return u16(at) == start && u16(at + 2) == length && (memory[at + SM_ACTIVATE] & 1) != 0;
    }

    /** Configured, and in the mode and direction {@code control} gives (its bits 0-3). */
    private boolean smConfigured(int sm, int start, int length, int control) {
        return smConfigured(sm, start, length) && (memory[SM + 8 * sm + SM_CONTROL] & 0x0F) == (control & 0x0F);
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
