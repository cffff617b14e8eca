package org.embodia.velma.ethercat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;

/**
 * An EtherCAT master for one bus description. {@link #start()} scans the segment (BRD), gives each slave a
 * station address (APWR 0x0010), checks its identity in the SII EEPROM, configures SyncManagers 2/3 and
 * FMMUs 0/1 to lay out the process image (all outputs, then all inputs) and walks every slave INIT → PRE-OP
 * → SAFE-OP → OP. Slaves with a mailbox get SyncManagers 0/1 in INIT and, in PRE-OP, their start-up SDOs
 * over CoE (for the drives, the PDO assignment); {@link #sdoDownload} and {@link #sdoUpload} reach any
 * object from PRE-OP on, in OP between cycles. {@link #exchange} then does one cycle: one frame with an LRW
 * of the whole process image and an FPRD of each slave's AL status, checking the working counters.
 *
 * <p>A frame not back within the cycle, a wrong working counter or a slave out of OP never throws from
 * {@link #exchange}: it is counted, and the drives it concerns report statusword 0, which is not
 * {@link DriveStatus#ok()}. A missed frame that turns up later (read while a later cycle waits for its own) is
 * counted late rather than lost: the wire delivered it, the cycle could not wait for it.
 * The cyclic path allocates nothing. One thread uses a master.
 */
public final class Master implements AutoCloseable {
    /** Station addresses given in bus order from here (as SOEM does, 0x1001 for the first slave). */
    public static final int STATION_BASE = 0x1000;
    private static final long ACYCLIC_TIMEOUT_NANOS = 20_000_000L;
    private static final int ACYCLIC_TRIES = 3;
    private static final long STATE_CHANGE_TIMEOUT_NANOS = 2_000_000_000L;
    /** SyncManager control bytes (ET1100 datasheet, register 0x0804): buffered mode, ECAT writes / ECAT reads. */
    private static final int SM_OUTPUTS = 0x64;
    private static final int SM_INPUTS = 0x20;
    private static final int STATUSWORD_TARGET_REACHED = 0x400;

    private final RawSocket socket;
    private final List<SlaveDescription> slaves;
    private final long cycleTimeoutNanos;
    private final byte[] mac;
    private final Frame tx = new Frame();
    private final Frame rx = new Frame();
    /** Controlword 0 (disable voltage) in a valid mode: all zeros would name mode 0, which drives may refuse. */
    private final DriveCommand disabled = new DriveCommand();
    /** Per drive, in bus order: its slave position, where its outputs and inputs are in the LRW data. */
    private final int[] drivePosition;
    private final int[] outputOffset;
    private final int[] inputOffset;
    private final boolean[] homed;
    private final int imageBytes;
    private final int expectedLrwWkc;
    private final String[] names;
    private final Coe coe;
    private int index;
    private volatile long cycles;
    private volatile long missedFrames;
    private volatile long lateFrames;
    /** LRW indexes of cycles whose frame did not come back in time, one bit each: a frame that comes later is late, not lost. */
    private final long[] overdue = new long[4];
    private volatile long wkcErrors;
    private volatile long notOperational;
    private volatile int lastWkc;
    private volatile long lastRoundTripNanos;
    /** Whether the frame of the last {@link #send} went out and is still to be read; when it was sent. */
    private boolean sent;
    private long sentAt;

    /**
     * @param cycleTimeoutNanos how long a cycle waits for its frame to come back before counting it missed
     */
    public Master(RawSocket socket, List<SlaveDescription> slaves, long cycleTimeoutNanos) {
        this.socket = socket;
        this.slaves = List.copyOf(slaves);
        this.cycleTimeoutNanos = cycleTimeoutNanos;
        this.mac = socket.mac();
        int drives = (int) slaves.stream().filter(SlaveDescription::drive).count();
        drivePosition = new int[drives];
        outputOffset = new int[drives];
        inputOffset = new int[drives];
        homed = new boolean[drives];
        names = new String[drives];
        int outputs = slaves.stream().mapToInt(SlaveDescription::outputBytes).sum();
        int out = 0;
        int in = outputs;
        int wkc = 0;
        int d = 0;
        for (int p = 0; p < slaves.size(); p++) {
            SlaveDescription s = slaves.get(p);
            if (s.drive()) {
                drivePosition[d] = p;
                names[d] = s.name();
                outputOffset[d] = out;
                inputOffset[d] = in;
                homed[d] = s.absoluteEncoder();
                out += s.outputBytes();
                in += s.inputBytes();
                d++;
            }
            wkc += Ec.wkcIncrement(Ec.LRW, s.inputBytes() > 0, s.outputBytes() > 0);
        }
        imageBytes = in;
        expectedLrwWkc = wkc;
        coe = new Coe(new Mailbox(this.slaves, new Mailbox.Link() {
            @Override
            public int write(int position, int ado, byte[] data, int length) throws EthercatException {
                int at = transactWrite(Ec.FPWR, station(position), ado, length);
                System.arraycopy(data, 0, tx.bytes(), at, length);
                return answered(roundTrip(), "writing the mailbox of " + describe(position));
            }

            @Override
            public int read(int position, int ado, byte[] into, int length) throws EthercatException {
                int wkc = answered(transact(Ec.FPRD, station(position), ado, length), "reading the mailbox of " + describe(position));
                System.arraycopy(rx.bytes(), rx.data(0), into, 0, length);
                return wkc;
            }

            @Override
            public String describe(int position) {
                return Master.this.describe(position);
            }
        }));
    }

    /** Brings the bus to OP; the message says which slave failed, in what, and what to check. */
    public void start() throws EthercatException {
        int found = transact(Ec.BRD, 0, Ec.REG_TYPE, 2);
        if (found <= 0) {
            throw new EthercatException("no EtherCAT slave answered on '" + socket.interfaceName()
                    + "': check the cable to the first slave (" + slaves.get(0).name() + ") and its power");
        }
        if (found != slaves.size()) {
            throw new EthercatException("found " + found + " EtherCAT slaves on '" + socket.interfaceName() + "', the bus description has "
                    + slaves.size() + " (" + String.join(", ", slaves.stream().map(SlaveDescription::name).toList()) + ")");
        }
        int ack = Ec.AL_INIT | Ec.AL_ERROR;
        putU16(transactWrite(Ec.BWR, 0, Ec.REG_AL_CONTROL, 2), ack);
        send(found, "reset to INIT");
        transactWrite(Ec.BWR, 0, Ec.REG_FMMU, 16 * Ec.FMMU_SIZE);
        send(found, "clearing the FMMUs");
        transactWrite(Ec.BWR, 0, Ec.REG_SM, 8 * Ec.SM_SIZE);
        send(found, "clearing the SyncManagers");
        for (int p = 0; p < slaves.size(); p++) {
            putU16(transactWrite(Ec.APWR, -p, Ec.REG_STATION_ADDRESS, 2), station(p));
            send(1, "setting the station address of slave " + p);
        }
        for (int p = 0; p < slaves.size(); p++) {
            checkIdentity(p);
        }
        configureMailboxes();
        requestAll(Ec.AL_PRE_OP);
        configureOverCoe();
        configureProcessData();
        requestAll(Ec.AL_SAFE_OP);
        requestAll(Ec.AL_OP);
    }

    private static int station(int position) {
        return STATION_BASE + position + 1;
    }

    private String describe(int p) {
        SlaveDescription s = slaves.get(p);
        return "slave " + p + " '" + s.name() + "' (station 0x" + Integer.toHexString(station(p)) + ")";
    }

    private void checkIdentity(int p) throws EthercatException {
        SlaveDescription s = slaves.get(p);
        int vendor = sii(p, Ec.SII_VENDOR);
        int product = sii(p, Ec.SII_PRODUCT);
        if (vendor != s.vendorId() || product != s.productCode()) {
            throw new EthercatException(describe(p) + " is vendor 0x" + Integer.toHexString(vendor) + " product 0x" + Integer.toHexString(product)
                    + " (" + siiName(p) + "), the bus description expects vendor 0x" + Integer.toHexString(s.vendorId()) + " product 0x"
                    + Integer.toHexString(s.productCode()) + ": check the cabling order");
        }
    }

    /** Reads two SII words at {@code word}: control + address in one write, wait while busy, then the data. */
    int sii(int p, int word) throws EthercatException {
        byte[] b = tx.bytes();
        int at = transactWrite(Ec.FPWR, station(p), Ec.REG_SII_CONTROL, 6);
        putU16(at, Ec.SII_READ);
        Frame.putU32(b, at + 2, word);
        send(1, "starting an SII read on " + describe(p));
        long deadline = System.nanoTime() + ACYCLIC_TIMEOUT_NANOS * 10;
        while (true) {
            require(transact(Ec.FPRD, station(p), Ec.REG_SII_CONTROL, 2), 1, "polling the SII of " + describe(p));
            int status = Frame.u16(rx.bytes(), rx.data(0));
            if ((status & Ec.SII_ERRORS) != 0) {
                throw new EthercatException("the SII EEPROM of " + describe(p) + " reports an error (0x" + Integer.toHexString(status) + ")");
            }
            if ((status & Ec.SII_BUSY) == 0) {
                break;
            }
            if (System.nanoTime() > deadline) {
                throw new EthercatException("the SII EEPROM of " + describe(p) + " stays busy");
            }
        }
        require(transact(Ec.FPRD, station(p), Ec.REG_SII_DATA, 4), 1, "reading the SII of " + describe(p));
        return Frame.u32(rx.bytes(), rx.data(0));
    }

    /** The device name: the General category's name index into the Strings category; "unnamed" without one. */
    String siiName(int p) throws EthercatException {
        int word = Ec.SII_CATEGORIES;
        int stringsWord = -1;
        int nameIndex = 0;
        for (int guard = 0; guard < 64; guard++) {
            int header = sii(p, word);
            int type = header & 0xFFFF;
            int size = header >>> 16;
            if (type == Ec.SII_CATEGORY_END) {
                break;
            }
            if (type == Ec.SII_CATEGORY_STRINGS) {
                stringsWord = word + 2;
            } else if (type == Ec.SII_CATEGORY_GENERAL) {
                nameIndex = (sii(p, word + 2) >>> 24) & 0xFF;
            }
            word += 2 + size;
        }
        if (stringsWord < 0 || nameIndex == 0) {
            return "unnamed";
        }
        byte[] strings = new byte[512];
        for (int i = 0; i < strings.length; i += 4) {
            Frame.putU32(strings, i, sii(p, stringsWord + i / 2));
        }
        int at = 1;
        for (int i = 1; i < nameIndex && at < strings.length; i++) {
            at += 1 + (strings[at] & 0xFF);
        }
        int length = Math.min(strings[at] & 0xFF, strings.length - at - 1);
        return new String(strings, at + 1, length, StandardCharsets.US_ASCII);
    }

    private void requestAll(int state) throws EthercatException {
        for (int p = 0; p < slaves.size(); p++) {
            putU16(transactWrite(Ec.FPWR, station(p), Ec.REG_AL_CONTROL, 2), state);
            send(1, "requesting " + Ec.alStateName(state) + " from " + describe(p));
            long deadline = System.nanoTime() + STATE_CHANGE_TIMEOUT_NANOS;
            while (true) {
                if (state == Ec.AL_OP) {
                    // Slaves check for valid outputs before OP: keep the process data flowing meanwhile.
                    exchangeImage();
                }
                require(transact(Ec.FPRD, station(p), Ec.REG_AL_STATUS, 6), 1, "reading the AL status of " + describe(p));
                int status = Frame.u16(rx.bytes(), rx.data(0));
                int code = Frame.u16(rx.bytes(), rx.data(0) + 4);
                if ((status & Ec.AL_ERROR) != 0) {
                    throw new EthercatException(describe(p) + " refused " + Ec.alStateName(state) + ": it stays in " + Ec.alStateName(status)
                            + " with AL status code 0x" + String.format("%04x", code) + " (" + Ec.alStatusCodeName(code) + ")");
                }
                if ((status & 0x0F) == state) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new EthercatException(describe(p) + " did not reach " + Ec.alStateName(state) + " within 2 s: it is in "
                            + Ec.alStateName(status));
                }
            }
        }
    }

    /** SyncManagers 0 and 1 of every slave with a mailbox, in INIT: a slave checks them when asked for PRE-OP. */
    private void configureMailboxes() throws EthercatException {
        for (int p = 0; p < slaves.size(); p++) {
            SlaveDescription s = slaves.get(p);
            if (s.hasMailbox()) {
                writeSm(p, 0, s.mailboxOut(), s.mailboxOutBytes(), Ec.SM_MAILBOX_WRITE);
                writeSm(p, 1, s.mailboxIn(), s.mailboxInBytes(), Ec.SM_MAILBOX_READ);
            }
        }
    }

    /**
     * In PRE-OP: each slave's start-up SDOs, then each drive's motor rated torque (0x6076, mN·m) against the bus
     * description's, which scales every torque the master sends and reads.
     */
    private void configureOverCoe() throws EthercatException {
        for (int p = 0; p < slaves.size(); p++) {
            SlaveDescription s = slaves.get(p);
            for (SdoWrite w : s.startup()) {
                sdoDownload(p, w.index(), w.subindex(), w.value(), w.size());
            }
            if (s.drive() && s.hasMailbox()) {
                long rated = sdoUploadInt(p, DrivePdo.MOTOR_RATED_TORQUE, 0) & 0xFFFFFFFFL;
                if (rated != Math.round(s.ratedTorque() * 1000)) {
                    throw new EthercatException(describe(p) + " has a motor rated torque (" + Coe.object(DrivePdo.MOTOR_RATED_TORQUE, 0)
                            + ") of " + rated + " mN·m, the bus description " + s.ratedTorque() + " N·m: its torques would be scaled wrong");
                }
            }
        }
    }

    /**
     * Writes the {@code size} (1, 2 or 4) low bytes of {@code value}, little-endian, into object
     * {@code index:subindex} of the slave at bus position {@code position}, by an expedited SDO download. From
     * PRE-OP on; in OP between cycles. An abort or no answer throws, naming the slave, the object and the abort
     * code's meaning.
     */
    public void sdoDownload(int position, int index, int subindex, int value, int size) throws EthercatException {
        if (size != 1 && size != 2 && size != 4) {
            throw new IllegalArgumentException("an integer SDO download is 1, 2 or 4 bytes, not " + size);
        }
        byte[] data = new byte[4];
        Frame.putU32(data, 0, value);
        download(position, index, subindex, data, size);
    }

    /** Writes {@code data} into object {@code index:subindex}: expedited up to 4 bytes, else normal, as one mailbox holds. */
    public void sdoDownload(int position, int index, int subindex, byte[] data) throws EthercatException {
        download(position, index, subindex, data, data.length);
    }

    private void download(int position, int index, int subindex, byte[] data, int length) throws EthercatException {
        requireMailbox(position, "SDO download to", index, subindex);
        coe.download(position, describe(position), index, subindex, data, length);
    }

    /** Reads object {@code index:subindex} of the slave at bus position {@code position}: its bytes, as the slave gives them. */
    public byte[] sdoUpload(int position, int index, int subindex) throws EthercatException {
        requireMailbox(position, "SDO upload from", index, subindex);
        return coe.upload(position, describe(position), index, subindex);
    }

    /** Reads an integer object of 1, 2 or 4 bytes, zero-extended (a signed one is cast back by its size). */
    public int sdoUploadInt(int position, int index, int subindex) throws EthercatException {
        byte[] b = sdoUpload(position, index, subindex);
        if (b.length != 1 && b.length != 2 && b.length != 4) {
            throw new EthercatException("SDO upload from " + describe(position) + " object " + Coe.object(index, subindex) + " gave " + b.length
                    + " bytes, not an integer of 1, 2 or 4");
        }
        int value = 0;
        for (int i = b.length - 1; i >= 0; i--) {
            value = value << 8 | b[i] & 0xFF;
        }
        return value;
    }

    private void requireMailbox(int position, String transfer, int index, int subindex) throws EthercatException {
        if (position < 0 || position >= slaves.size()) {
            throw new IllegalArgumentException("no slave at position " + position + ": the bus has " + slaves.size());
        }
        if (!slaves.get(position).hasMailbox()) {
            throw new EthercatException(transfer + " " + describe(position) + " object " + Coe.object(index, subindex)
                    + ": the bus description gives the slave no mailbox");
        }
    }

    private void configureProcessData() throws EthercatException {
        int out = 0;
        int in = slaves.stream().mapToInt(SlaveDescription::outputBytes).sum();
        for (int p = 0; p < slaves.size(); p++) {
            SlaveDescription s = slaves.get(p);
            if (!s.drive()) {
                continue;
            }
            writeSm(p, 2, s.outputSm(), s.outputBytes(), SM_OUTPUTS);
            writeSm(p, 3, s.inputSm(), s.inputBytes(), SM_INPUTS);
            writeFmmu(p, 0, out, s.outputBytes(), s.outputSm(), Ec.FMMU_WRITE);
            writeFmmu(p, 1, in, s.inputBytes(), s.inputSm(), Ec.FMMU_READ);
            out += s.outputBytes();
            in += s.inputBytes();
        }
    }

    private void writeSm(int p, int sm, int start, int length, int control) throws EthercatException {
        int at = transactWrite(Ec.FPWR, station(p), Ec.REG_SM + sm * Ec.SM_SIZE, Ec.SM_SIZE);
        putU16(at, start);
        putU16(at + 2, length);
        tx.bytes()[at + 4] = (byte) control;
        tx.bytes()[at + 6] = 1;
        send(1, "configuring SyncManager " + sm + " of " + describe(p));
    }

    private void writeFmmu(int p, int fmmu, int logical, int length, int physical, int type) throws EthercatException {
        byte[] b = tx.bytes();
        int at = transactWrite(Ec.FPWR, station(p), Ec.REG_FMMU + fmmu * Ec.FMMU_SIZE, Ec.FMMU_SIZE);
        Frame.putU32(b, at, logical);
        putU16(at + 4, length);
        b[at + 7] = 7;
        putU16(at + 8, physical);
        b[at + 11] = (byte) type;
        b[at + 12] = 1;
        send(1, "configuring FMMU " + fmmu + " of " + describe(p));
    }

    private void putU16(int at, int value) {
        Frame.putU16(tx.bytes(), at, value);
    }

    /** Starts a frame with one datagram to fill before {@link #send}; returns where its data starts. */
    private int transactWrite(int command, int adp, int ado, int length) {
        tx.start(mac);
        return tx.data(tx.add(command, nextIndex(), Frame.physical(adp, ado), length));
    }

    /** A frame with one read datagram; returns its working counter, -1 if it never came back. */
    private int transact(int command, int adp, int ado, int length) {
        transactWrite(command, adp, ado, length);
        return roundTrip();
    }

    /** The working counter, or what did not answer. */
    private int answered(int wkc, String what) throws EthercatException {
        if (wkc < 0) {
            throw new EthercatException("no answer from the EtherCAT bus on '" + socket.interfaceName() + "' " + what);
        }
        return wkc;
    }

    private void send(int expectedWkc, String what) throws EthercatException {
        require(roundTrip(), expectedWkc, what);
    }

    private void require(int wkc, int expected, String what) throws EthercatException {
        if (answered(wkc, what) != expected) {
            throw new EthercatException("working counter " + wkc + " instead of " + expected + " " + what);
        }
    }

    private int roundTrip() {
        int length = tx.length();
        for (int i = 0; i < ACYCLIC_TRIES; i++) {
            if (socket.send(tx.bytes(), length) && receiveReply(ACYCLIC_TIMEOUT_NANOS)) {
                return rx.wkc(0);
            }
        }
        return -1;
    }

    /** Waits for the frame just sent to come back: same index and command; anything else is skipped. */
    private boolean receiveReply(long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        int command = tx.command(0);
        int idx = tx.index(0);
        while (true) {
            int n = socket.receive(rx.bytes(), Math.max(0, deadline - System.nanoTime()));
            if (n <= 0) {
                return false;
            }
            if (!rx.parse(n)) {
                continue;
            }
            if (rx.datagrams() == tx.datagrams() && rx.index(0) == idx && rx.command(0) == command) {
                return true;
            }
            if (rx.command(0) == Ec.LRW) {
                arrivedLate(rx.index(0));
            }
        }
    }

    private int nextIndex() {
        index = (index + 1) & 0xFF;
        // A frame 256 cycles overdue is lost: its index now names a new frame.
        overdue[index >>> 6] &= ~(1L << (index & 63));
        return index;
    }

    /** The LRW of the whole process image with every drive disabled, while slaves go to OP. */
    private void exchangeImage() {
        tx.start(mac);
        int base = tx.data(tx.add(Ec.LRW, nextIndex(), 0, imageBytes));
        for (int d = 0; d < drivePosition.length; d++) {
            DrivePdo.writeCommand(disabled, slaves.get(drivePosition[d]), tx.bytes(), base + outputOffset[d]);
        }
        int length = tx.length();
        if (socket.send(tx.bytes(), length)) {
            receiveReply(ACYCLIC_TIMEOUT_NANOS);
        }
    }

    /**
     * One bus cycle at once: {@link #send} then {@link #receive}. Returns whether every drive's data is valid; when
     * not, the drives concerned report statusword 0. Never throws.
     */
    public boolean exchange(DriveCommand[] commands, DriveStatus[] statuses) {
        send(commands);
        return receive(statuses);
    }

    /**
     * The first half of a bus cycle: writes {@code commands} (one per drive, bus order) into the process image and
     * sends the frame, with an LRW of the whole image and an FPRD of each slave's AL status, without waiting for it
     * to come back; {@link #receive} reads it. So a loop can send at the end of its cycle and read at the start of
     * the next, while the frame travels. Never throws.
     */
    public void send(DriveCommand[] commands) {
        if (sent) {
            // The frame of the last send was never read: that cycle is missed, its data will be late if it comes.
            missed();
        }
        sentAt = System.nanoTime();
        cycles++;
        tx.start(mac);
        int lrw = tx.add(Ec.LRW, nextIndex(), 0, imageBytes);
        for (int p = 0; p < slaves.size(); p++) {
            tx.add(Ec.FPRD, index, Frame.physical(station(p), Ec.REG_AL_STATUS), 2);
        }
        byte[] out = tx.bytes();
        int base = tx.data(lrw);
        for (int d = 0; d < drivePosition.length; d++) {
            DrivePdo.writeCommand(commands[d], slaves.get(drivePosition[d]), out, base + outputOffset[d]);
        }
        sent = socket.send(out, tx.length());
        if (!sent) {
            missedFrames++;
        }
    }

    /**
     * The second half of a bus cycle: waits up to the cycle timeout for the frame of the last {@link #send} and fills
     * {@code statuses}. Returns whether every drive's data is valid; when not (no frame sent or back in time, a wrong
     * working counter, a slave out of OP), the drives concerned report statusword 0. Never throws.
     */
    public boolean receive(DriveStatus[] statuses) {
        if (!sent) {
            invalidateAll(statuses);
            return false;
        }
        sent = false;
        if (!receiveReply(cycleTimeoutNanos)) {
            missed();
            invalidateAll(statuses);
            return false;
        }
        lastRoundTripNanos = System.nanoTime() - sentAt;
        int lrw = 0;
        int wkc = rx.wkc(lrw);
        lastWkc = wkc;
        if (wkc != expectedLrwWkc) {
            wkcErrors++;
            invalidateAll(statuses);
            return false;
        }
        boolean ok = true;
        byte[] in = rx.bytes();
        int inBase = rx.data(lrw);
        for (int d = 0; d < drivePosition.length; d++) {
            int alDatagram = 1 + drivePosition[d];
            SlaveDescription s = slaves.get(drivePosition[d]);
            DriveStatus status = statuses[d];
            DrivePdo.readStatus(in, inBase + inputOffset[d], s, status);
            if (status.mode == DriveCommand.MODE_HOMING && (status.statusWord & (DriveStatus.HOMING_ATTAINED | STATUSWORD_TARGET_REACHED))
                    == (DriveStatus.HOMING_ATTAINED | STATUSWORD_TARGET_REACHED)) {
                homed[d] = true;
            }
            status.homed = homed[d];
            if (rx.wkc(alDatagram) != 1 || (Frame.u16(in, rx.data(alDatagram)) & (0x0F | Ec.AL_ERROR)) != Ec.AL_OP) {
                status.statusWord = 0;
                ok = false;
            }
        }
        if (!ok) {
            notOperational++;
        }
        return ok;
    }

    private void missed() {
        missedFrames++;
        overdue[index >>> 6] |= 1L << (index & 63);
    }

    private static void invalidateAll(DriveStatus[] statuses) {
        for (DriveStatus s : statuses) {
            s.statusWord = 0;
        }
    }

    /** The drives' names in the order {@link #exchange} takes commands and fills statuses. */
    public List<String> drives() {
        return List.of(names);
    }

    public int slaveCount() {
        return slaves.size();
    }

    public int expectedWkc() {
        return expectedLrwWkc;
    }

    public int lastWkc() {
        return lastWkc;
    }

    public long cycles() {
        return cycles;
    }

    /** Cycles whose frame did not come back within the cycle's timeout (their data is invalid): late and lost ones. */
    public long missedFrames() {
        return missedFrames;
    }

    /** Missed frames that came back after their cycle had given up on them. */
    public long lateFrames() {
        return lateFrames;
    }

    /** Missed frames that never came back (as far as the frames read since tell): missed less late. */
    public long lostFrames() {
        return missedFrames - lateFrames;
    }

    /** An earlier cycle's frame, read while waiting for this one's: late if that cycle missed it. */
    private void arrivedLate(int lrwIndex) {
        long bit = 1L << (lrwIndex & 63);
        if ((overdue[lrwIndex >>> 6] & bit) != 0) {
            overdue[lrwIndex >>> 6] &= ~bit;
            lateFrames++;
        }
    }

    public long wkcErrors() {
        return wkcErrors;
    }

    /** Cycles in which at least one drive's slave was not in OP. */
    public long notOperational() {
        return notOperational;
    }

    /** Send to receive of the last cycle whose frame came back: with a cycle split in two, the time between the halves included. */
    public long lastRoundTripNanos() {
        return lastRoundTripNanos;
    }

    /** Takes every slave back to INIT, best effort, and closes the socket. */
    @Override
    public void close() {
        putU16(transactWrite(Ec.BWR, 0, Ec.REG_AL_CONTROL, 2), Ec.AL_INIT);
        roundTrip();
        socket.close();
    }
}
