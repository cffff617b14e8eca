package org.embodia.velma.ethercat;

/**
 * EtherCAT protocol numbers: datagram commands, ESC registers and AL states, as SOEM's
 * {@code ethercattype.h} (github.com/OpenEtherCATsociety/SOEM) and the ESC datasheets (Beckhoff ET1100,
 * section "Register overview") give them. Multi-byte fields are little-endian on the wire.
 */
public final class Ec {
    /** EtherType of EtherCAT frames. */
    public static final int ETHERTYPE = 0x88A4;

    public static final int NOP = 0;
    /** Auto-increment physical read/write/read-write: addressed by position, ADP = -position. */
    public static final int APRD = 1;
    public static final int APWR = 2;
    public static final int APRW = 3;
    /** Configured-address physical read/write/read-write: ADP = the station address in 0x0010. */
    public static final int FPRD = 4;
    public static final int FPWR = 5;
    public static final int FPRW = 6;
    /** Broadcast read/write/read-write: every slave; a read ORs each slave's data into the frame. */
    public static final int BRD = 7;
    public static final int BWR = 8;
    public static final int BRW = 9;
    /** Logical read/write/read-write through the slaves' FMMUs. */
    public static final int LRD = 10;
    public static final int LWR = 11;
    public static final int LRW = 12;

    public static final int REG_TYPE = 0x0000;
    public static final int REG_STATION_ADDRESS = 0x0010;
    public static final int REG_AL_CONTROL = 0x0120;
    public static final int REG_AL_STATUS = 0x0130;
    public static final int REG_AL_STATUS_CODE = 0x0134;
    /** SII EEPROM interface: control/status (u16), word address (u32), data (4 bytes read). */
    public static final int REG_SII_CONTROL = 0x0502;
    public static final int REG_SII_ADDRESS = 0x0504;
    public static final int REG_SII_DATA = 0x0508;
    /** FMMU 0; each FMMU is 16 bytes. */
    public static final int REG_FMMU = 0x0600;
    public static final int FMMU_SIZE = 16;
    /** SyncManager 0; each SyncManager is 8 bytes. */
    public static final int REG_SM = 0x0800;
    public static final int SM_SIZE = 8;
    /** Byte 5 of a SyncManager, its status (read-only): bit 3 is set while its mailbox holds a message. */
    public static final int SM_STATUS = 5;
    public static final int SM_MAILBOX_FULL = 0x08;
    /**
     * SyncManager control bytes (register 0x0804) of the mailboxes: mailbox mode (bits 0-1 = 2) with the PDI
     * interrupt, ECAT writes (SyncManager 0, master to slave) or ECAT reads (SyncManager 1, slave to master).
     */
    public static final int SM_MAILBOX_WRITE = 0x26;
    public static final int SM_MAILBOX_READ = 0x22;

    /** SII control/status bits (0x0502): bits 8..10 the command, bit 15 busy, bits 13/14 errors. */
    public static final int SII_READ = 0x0100;
    public static final int SII_BUSY = 0x8000;
    public static final int SII_ERRORS = 0x6000;
    /** SII word addresses of the identity (ETG.2010: vendor id, product code). */
    public static final int SII_VENDOR = 0x0008;
    public static final int SII_PRODUCT = 0x000A;
    /** Word where the category list starts; each category is a type word, a size word (in words), then data. */
    public static final int SII_CATEGORIES = 0x0040;
    public static final int SII_CATEGORY_STRINGS = 10;
    public static final int SII_CATEGORY_GENERAL = 30;
    public static final int SII_CATEGORY_END = 0xFFFF;

    public static final int AL_INIT = 1;
    public static final int AL_PRE_OP = 2;
    public static final int AL_SAFE_OP = 4;
    public static final int AL_OP = 8;
    /** AL status bit 4: the slave refused the requested state (AL status code says why); in AL control: acknowledge it. */
    public static final int AL_ERROR = 0x10;

    /** FMMU type (byte 11): read maps slave memory into the frame, write the frame into slave memory. */
    public static final int FMMU_READ = 1;
    public static final int FMMU_WRITE = 2;

    private Ec() {
    }

    /**
     * The working counter one slave adds for a datagram: read +1, write +1; a read-write command +1
     * for its read, +2 for its write, +3 for both (ETG.1000.4, "Working counter").
     */
    public static int wkcIncrement(int command, boolean read, boolean wrote) {
        return switch (command) {
            case APRD, FPRD, BRD, LRD -> read ? 1 : 0;
            case APWR, FPWR, BWR, LWR -> wrote ? 1 : 0;
            case APRW, FPRW, BRW, LRW -> (read ? 1 : 0) + (wrote ? 2 : 0);
            default -> 0;
        };
    }

    public static String alStateName(int state) {
        return switch (state & 0x0F) {
            case AL_INIT -> "INIT";
            case AL_PRE_OP -> "PRE-OP";
            case 3 -> "BOOT";
            case AL_SAFE_OP -> "SAFE-OP";
            case AL_OP -> "OP";
            default -> "state " + (state & 0x0F);
        };
    }

    /** The AL status codes a master most often meets (ETG.1000.6 table "AL Status Codes"). */
    public static String alStatusCodeName(int code) {
        return switch (code) {
            case 0x0000 -> "no error";
            case 0x0001 -> "unspecified error";
            case 0x0011 -> "invalid requested state change";
            case 0x0012 -> "unknown requested state";
            case 0x0016 -> "invalid mailbox configuration";
            case 0x0017 -> "invalid sync manager configuration";
            case 0x001A -> "synchronization error";
            case 0x001B -> "sync manager watchdog";
            case 0x001D -> "invalid output configuration";
            case 0x001E -> "invalid input configuration";
            default -> "AL status code";
        };
    }
}
