package org.embodia.velma.emulator.ethercat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.sim.SimulatedDrive;
import org.embodia.velma.sim.VelmaSimulation;

/**
 * Velma's EtherCAT segment in simulation: an EK1100 coupler and the Elmo drives HeadPan, HeadTilt and
 * TorsoPan, each an {@link Esc}, in cable order. A frame passes every slave in turn, each processing every
 * datagram, and goes back with bit 1 of its source MAC set, as the first ESC marks a processed frame.
 *
 * <p>The drives are the {@link SimulatedDrive}s of a {@link VelmaSimulation}, exchanging the process image in
 * one of two ways. Clocked by the bus ({@link #SimulatedSegment(VelmaSimulation)}, the simulation in manual
 * pace): once a frame that carried process data is on its way back ({@link #afterFrame()}), the drives in OP take
 * their RxPDO, the simulation advances one tick (as drives synchronised to the bus cycle), and every drive in
 * SAFE-OP or OP puts its status into its TxPDO, which the next frame reads. On the simulation's own clock
 * ({@link #onTheSimulationsClock(VelmaSimulation)}): the ESCs answer frames whenever they come, and at each of
 * the simulation's ticks {@link #exchangeWithDrives()} puts the drives' status into the TxPDOs and hands them
 * their RxPDOs, as drives that sample the SyncManager buffers in their own cycle. RxPDO: controlword, mode,
 * target position (i32, 1e-5 rad), target torque (i16, thousandths of rated torque); TxPDO: statusword, mode
 * display, position, velocity (i32), torque (i16). Each drive has a mailbox (SyncManager 0 at 0x1000, 1 at 0x1080,
 * 128 bytes each) and answers SDOs from its {@link ObjectDictionary}, whose PDO assignment the master must set
 * before the drive takes SAFE-OP. Frames and the drives' exchange hold the segment's lock
 * while they touch the ESCs' memory, as an ESC's SyncManager keeps a buffer whole; the fault injections take
 * none.
 */
public final class SimulatedSegment {
    public static final int BECKHOFF = 0x00000002;
    public static final int EK1100 = 0x044C2C52;
    public static final int ELMO = 0x0000009A;
    public static final int ELMO_GOLD = 0x00030924;
    static final int RX_BYTES = 9;
    static final int TX_BYTES = 13;
    static final int OUTPUT_SM = 0x1100;
    static final int INPUT_SM = 0x1180;
    static final int MAILBOX_OUT = 0x1000;
    static final int MAILBOX_IN = 0x1080;
    static final int MAILBOX_BYTES = 128;
    private static final int REVISION = 0x00010000;
    static final double COUNTS_PER_RADIAN = 100_000;

    private final VelmaSimulation simulation;
    private final boolean busClocked;
    private final Esc[] escs;
    /** Per slave: its drive and rated torque, or null and 0 for the coupler. */
    private final SimulatedDrive[] drives;
    private final double[] ratedTorque;
    private final DriveCommand command = new DriveCommand();
    private final DriveStatus status = new DriveStatus();
    private final AtomicInteger framesToDrop = new AtomicInteger();
    private final AtomicInteger wkcsToCorrupt = new AtomicInteger();
    private final AtomicInteger framesToDelay = new AtomicInteger();
    private volatile long delayNanos;
    private final int[] offsets = new int[64];
    private volatile long frames;
    private boolean cyclePending;
    private volatile long ticks;
    private volatile long cyclesBegun;

    /** Velma's bus over {@code simulation}, which must be in manual pace: the segment ticks it. */
    public SimulatedSegment(VelmaSimulation simulation) {
        this(simulation, true);
    }

    /** Velma's bus over {@code simulation} on its own clock, whose ticks call {@link #exchangeWithDrives()}. */
    public static SimulatedSegment onTheSimulationsClock(VelmaSimulation simulation) {
        return new SimulatedSegment(simulation, false);
    }

    private SimulatedSegment(VelmaSimulation simulation, boolean busClocked) {
        this.simulation = simulation;
        this.busClocked = busClocked;
        ratedTorque = new double[] {0, 2, 2, 20};
        escs = new Esc[] {new Esc("EK1100", BECKHOFF, EK1100, 0x00110000, 0, 0, 0, 0), drive(1, "HeadPan"), drive(2, "HeadTilt"),
            drive(3, "TorsoPan")};
        drives = new SimulatedDrive[] {null, simulation.headPan(), simulation.headTilt(), simulation.torso()};
    }

    private Esc drive(int position, String name) {
        int ratedMilliNm = (int) Math.round(ratedTorque[position] * 1000);
        ObjectDictionary dictionary = ObjectDictionary.drive(name, ELMO, ELMO_GOLD, REVISION, position, ratedMilliNm);
        return new Esc(name, ELMO, ELMO_GOLD, REVISION, OUTPUT_SM, RX_BYTES, INPUT_SM, TX_BYTES, MAILBOX_OUT, MAILBOX_IN, MAILBOX_BYTES,
                dictionary);
    }

    /** The slave at {@code position} in cable order: 0 the coupler, 1 HeadPan, 2 HeadTilt, 3 TorsoPan. */
    public Esc slave(int position) {
        return escs[position];
    }

    public List<Esc> slaves() {
        return List.of(escs);
    }

    /** The next {@code count} frames are lost on the wire. Any thread. */
    public void dropFrames(int count) {
        framesToDrop.addAndGet(count);
    }

    /** The next {@code count} frames come back, but {@code nanos} late (a stalled wire or switch). Any thread. */
    public void delayFrames(int count, long nanos) {
        delayNanos = nanos;
        framesToDelay.addAndGet(count);
    }

    /** How long to hold the frame {@link #process} just passed before it goes back: 0, or the delay a test asked for. */
    public long replyDelayNanos() {
        return framesToDelay.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? delayNanos : 0;
    }

    /** The next {@code count} frames come back with their first datagram's working counter one too high. Any thread. */
    public void corruptWkc(int count) {
        wkcsToCorrupt.addAndGet(count);
    }

    /** Frames processed, dropped ones included. */
    public long frames() {
        return frames;
    }

    /** Simulation ticks done: clocked by the bus, one per frame with process data; on the simulation's clock, its ticks. */
    public long ticks() {
        return ticks;
    }

    /**
     * Bus cycles begun: frames with process data passed, each ticking the simulation once it is on its way back.
     * Equal to {@link #ticks()} when no tick is still to run.
     */
    public long cyclesBegun() {
        return cyclesBegun;
    }

    /**
     * Passes the frame of {@code length} bytes in {@code f} through every slave, in place. Returns whether it
     * goes back to the master (false: not an EtherCAT frame, or dropped).
     */
    public synchronized boolean process(byte[] f, int length) {
        frames++;
        if (length < 16 || (f[12] & 0xFF) != 0x88 || (f[13] & 0xFF) != 0xA4) {
            return false;
        }
        int header = Esc.le16(f, 14);
        int end = 16 + (header & 0x07FF);
        if (header >>> 12 != 1 || end > length) {
            return false;
        }
        int count = 0;
        boolean logical = false;
        int at = 16;
        while (count < offsets.length && at + 12 <= end) {
            offsets[count++] = at;
            int command = f[at] & 0xFF;
            logical |= command == Esc.LRD || command == Esc.LWR || command == Esc.LRW;
            int lengthField = Esc.le16(f, at + 6);
            at += 12 + (lengthField & 0x07FF);
            if ((lengthField & 0x8000) == 0) {
                break;
            }
        }
        if (at > end) {
            return false;
        }
        for (Esc esc : escs) {
            esc.beginFrame();
            for (int i = 0; i < count; i++) {
                esc.process(f, offsets[i]);
            }
        }
        if (wkcsToCorrupt.getAndUpdate(n -> Math.max(0, n - 1)) > 0 && count > 0) {
            int wkcAt = offsets[0] + 10 + (Esc.le16(f, offsets[0] + 6) & 0x07FF);
            Esc.put16(f, wkcAt, Esc.le16(f, wkcAt) + 1);
        }
        f[6] |= 0x02;
        if (logical && !cyclePending) {
            cyclesBegun++;
        }
        cyclePending |= logical && busClocked;
        return framesToDrop.getAndUpdate(n -> Math.max(0, n - 1)) == 0;
    }

    /**
     * The drives' side of the bus cycle whose frame {@link #process} just passed: called once the frame is on
     * its way back, as ESCs exchange the process image on the fly and the drives act on it afterwards, synchronised
     * to the cycle. Does nothing after a frame without process data.
     */
    public void afterFrame() {
        if (cyclePending) {
            cyclePending = false;
            cycle();
        }
    }

    /** The drives' side of one bus cycle: outputs to the drives, one simulation tick, status to the inputs. */
    private void cycle() {
        outputsToDrives();
        simulation.advance(1);
        ticks++;
        drivesToInputs();
    }

    /**
     * On the simulation's own clock, within its tick: the drives' status after the tick into their TxPDOs, and the
     * RxPDOs the master wrote last to the drives, which act on them from the next tick.
     */
    public synchronized void exchangeWithDrives() {
        drivesToInputs();
        outputsToDrives();
        ticks++;
    }

    private void outputsToDrives() {
        for (int p = 0; p < escs.length; p++) {
            Esc esc = escs[p];
            if (drives[p] != null && esc.state() == Esc.OP && esc.outputsWritten()) {
                byte[] m = esc.memory();
                int at = esc.outputSm();
                command.controlWord = Esc.le16(m, at);
                command.mode = m[at + 2];
                command.targetPosition = Esc.le32(m, at + 3) / COUNTS_PER_RADIAN;
                command.targetTorque = (short) Esc.le16(m, at + 7) * ratedTorque[p] / 1000;
                drives[p].command(command);
            }
        }
    }

    private void drivesToInputs() {
        for (int p = 0; p < escs.length; p++) {
            Esc esc = escs[p];
            if (drives[p] != null && (esc.state() == Esc.SAFE_OP || esc.state() == Esc.OP)) {
                drives[p].status(status);
                byte[] m = esc.memory();
                int at = esc.inputSm();
                Esc.put16(m, at, status.statusWord);
                m[at + 2] = (byte) status.mode;
                putCounts(m, at + 3, status.position);
                putCounts(m, at + 7, status.velocity);
                Esc.put16(m, at + 11, (int) Math.rint(status.torque * 1000 / ratedTorque[p]));
            }
        }
    }

    private static void putCounts(byte[] m, int at, double radians) {
        int counts = (int) Math.rint(radians * COUNTS_PER_RADIAN);
        Esc.put16(m, at, counts);
        Esc.put16(m, at + 2, counts >>> 16);
    }
}
