package org.embodia.velma.emulator.fri;

import static org.embodia.velma.fri.Fri.JOINTS;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import java.util.Random;

import org.embodia.velma.api.FriState;
import org.embodia.velma.fri.Fri;
import org.embodia.velma.fri.FriCommand;
import org.embodia.velma.fri.FriMeasurement;

/**
 * The KRC side of FRI for one LWR, on loopback UDP, over a {@link PeerArm}: a stand-alone arm model,
 * or an arm of {@code VelmaSimulation} ({@link SimulationArm}) whose FRI state this peer then decides.
 *
 * <p>Each {@link #cycle()} is one FRI cycle of {@value #PERIOD} s, clocked by its caller against
 * absolute deadlines as the KRC's interpolation cycle is: it takes the answers that arrived since
 * the previous cycle, rates the previous measurement as answered in time (an answer reflecting its
 * sequence count) or missed, derives the quality from the last {@value #WINDOW} measurements as the
 * KRC's statistics do, switches MONITOR → COMMAND after {@value #START_AFTER_PERFECT} cycles of
 * PERFECT quality with an answer asking for joint torques (as Velma's KRL script calls friStart),
 * and back to MONITOR when the quality falls below OK or an answer asks for nothing (friStop).
 * Then it moves the arm, applying the commanded additional torques only in COMMAND, and sends the
 * next measurement. A configurable fraction of datagrams is dropped in each direction.
 *
 * <p>All but the counters, {@link #state()}, {@link #quality()} and {@link #dropFraction(double)}
 * belong to the thread that cycles it; a warm cycle allocates nothing.
 */
public final class SimulatedFriPeer implements AutoCloseable {
    public static final double PERIOD = 0.002;
    /** Measurements the quality is rated over, as the KRC's statistics average over the last 100 packets. */
    public static final int WINDOW = 100;
    /** Answers in time within the window for PERFECT, OK and BAD; fewer is UNACCEPTABLE. */
    static final int PERFECT_ANSWERS = 95;
    static final int OK_ANSWERS = 85;
    static final int BAD_ANSWERS = 70;
    public static final int START_AFTER_PERFECT = 50;
    static final int ALL_POWERED = (1 << JOINTS) - 1;
    static final float TEMPERATURE = 35;

    private final DatagramChannel channel;
    private final SocketAddress remote;
    private final ByteBuffer out = ByteBuffer.allocateDirect(Fri.MSR_DATA_SIZE);
    /** One byte more than a command, so that an oversized datagram shows and is refused. */
    private final ByteBuffer in = ByteBuffer.allocateDirect(Fri.CMD_DATA_SIZE + 1);
    private final FriMeasurement msr = new FriMeasurement();
    private final FriCommand cmd = new FriCommand();
    private final PeerArm arm;
    private final float[] applied = new float[JOINTS];
    private final boolean[] window = new boolean[WINDOW];
    private final Random random;
    private int windowIndex;
    private int answeredInWindow;
    private long cycles;
    private boolean outstanding;
    private boolean asksTorque;
    private int perfectStreak;
    private boolean commandSeen;
    private int lastCommandSeq;
    private volatile double dropFraction;
    private volatile int state = Fri.STATE_MON;
    private volatile int quality = Fri.QUALITY_UNACCEPTABLE;
    private volatile long misses;
    private volatile long staleAnswers;
    private volatile long sequenceGaps;
    private volatile long invalidDatagrams;
    private volatile long droppedMeasurements;
    private volatile long droppedCommands;
    private volatile long starts;
    private volatile long stops;

    /**
     * A peer on an ephemeral loopback port sending measurements to {@code remote}, its arm at
     * {@code initial} (rad); {@code seed} makes the dropped datagrams reproducible.
     */
    public SimulatedFriPeer(InetSocketAddress remote, double[] initial, long seed) throws IOException {
        this(remote, new FriArm(initial), seed);
    }

    /** A peer on an ephemeral loopback port sending {@code arm}'s measurements to {@code remote}. */
    public SimulatedFriPeer(InetSocketAddress remote, PeerArm arm, long seed) throws IOException {
        this.remote = remote;
        this.arm = arm;
        this.random = new Random(seed);
        channel = DatagramChannel.open();
        try {
            channel.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            channel.configureBlocking(false);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        for (int j = 0; j < JOINTS; j++) {
            msr.massMatrix[j * JOINTS + j] = (float) arm.inertia(j);
        }
        msr.desiredMsrSampleTime = (float) PERIOD;
        msr.desiredCmdSampleTime = (float) PERIOD;
        msr.control = Fri.CTRL_JNT_IMP;
    }

    /** The UDP port the answers are to go to. */
    public int port() throws IOException {
        return ((InetSocketAddress) channel.getLocalAddress()).getPort();
    }

    /** The fraction of datagrams lost in each direction, from 0 to 1. Any thread. */
    public void dropFraction(double fraction) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("drop fraction must be within [0, 1], got " + fraction);
        }
        dropFraction = fraction;
    }

    /** One FRI cycle. */
    public void cycle() throws IOException {
        boolean inTime = takeAnswers();
        if (outstanding) {
            rate(inTime);
        }
        quality = answeredInWindow >= PERFECT_ANSWERS ? Fri.QUALITY_PERFECT
                : answeredInWindow >= OK_ANSWERS ? Fri.QUALITY_OK
                        : answeredInWindow >= BAD_ANSWERS ? Fri.QUALITY_BAD : Fri.QUALITY_UNACCEPTABLE;
        switchState(inTime);
        arm.drive(state == Fri.STATE_CMD, applied);
        sendMeasurement();
        cycles++;
    }

    /** Reads every datagram that arrived; true when one answered the last measurement. */
    private boolean takeAnswers() throws IOException {
        boolean inTime = false;
        while (true) {
            in.clear();
            if (channel.receive(in) == null) {
                return inTime;
            }
            in.flip();
            if (random.nextDouble() < dropFraction) {
                droppedCommands++;
                continue;
            }
            if (!cmd.decode(in)) {
                invalidDatagrams++;
                continue;
            }
            if (commandSeen && ((cmd.sendSeqCount - lastCommandSeq) & 0xFFFF) != 1) {
                sequenceGaps++;
            }
            commandSeen = true;
            lastCommandSeq = cmd.sendSeqCount;
            if (!outstanding || cmd.reflSeqCount != msr.sendSeqCount) {
                // An answer to an older measurement came after the next was sent: too late to use.
                staleAnswers++;
                continue;
            }
            inTime = true;
            asksTorque = (cmd.cmdFlags & Fri.CMD_JNTTRQ) != 0;
            for (int j = 0; j < JOINTS; j++) {
                applied[j] = asksTorque ? cmd.addJntTrq[j] : 0;
            }
        }
    }

    private void rate(boolean inTime) {
        if (window[windowIndex]) {
            answeredInWindow--;
        }
        window[windowIndex] = inTime;
        if (inTime) {
            answeredInWindow++;
        } else {
            misses++;
        }
        windowIndex = (windowIndex + 1) % WINDOW;
    }

    private void switchState(boolean inTime) {
        if (state == Fri.STATE_MON) {
            perfectStreak = quality == Fri.QUALITY_PERFECT ? perfectStreak + 1 : 0;
            if (perfectStreak >= START_AFTER_PERFECT && inTime && asksTorque) {
                state = Fri.STATE_CMD;
                starts++;
            }
        } else if (quality < Fri.QUALITY_OK || (inTime && !asksTorque)) {
            state = Fri.STATE_MON;
            perfectStreak = 0;
            Arrays.fill(applied, 0);
            stops++;
        }
    }

    private void sendMeasurement() throws IOException {
        boolean command = state == Fri.STATE_CMD;
        msr.sendSeqCount = (msr.sendSeqCount + 1) & 0xFFFF;
        msr.reflSeqCount = lastCommandSeq;
        msr.timestamp = (float) (cycles * PERIOD);
        msr.state = state;
        msr.quality = quality;
        msr.answerRate = answeredInWindow / (float) WINDOW;
        msr.missRate = 1 - msr.answerRate;
        msr.missCounter = (int) misses;
        msr.power = command ? ALL_POWERED : 0;
        for (int j = 0; j < JOINTS; j++) {
            msr.temperature[j] = TEMPERATURE;
            msr.msrJntPos[j] = (float) arm.position(j);
            msr.cmdJntPos[j] = (float) arm.position(j);
            msr.msrJntTrq[j] = (float) arm.torque(j);
        }
        msr.encode(out);
        outstanding = true;
        if (random.nextDouble() < dropFraction) {
            droppedMeasurements++;
            return;
        }
        channel.send(out, remote);
    }

    public FriState state() {
        return state == Fri.STATE_CMD ? FriState.COMMAND : FriState.MONITOR;
    }

    /** The FRI_QUALITY of the last cycle, as {@link Fri} numbers it. */
    public int quality() {
        return quality;
    }

    /** The arm's joint position (rad); on the cycling thread. */
    public double position(int joint) {
        return arm.position(joint);
    }

    /** The additional torque the arm applies (N·m); on the cycling thread. */
    public double appliedTorque(int joint) {
        return arm.torque(joint);
    }

    /** Measurements not answered within their cycle. */
    public long misses() {
        return misses;
    }

    /** Answers that came after the next measurement had gone out. */
    public long staleAnswers() {
        return staleAnswers;
    }

    /** Answers whose sendSeqCount did not follow the previous answer's (a lost or reordered command). */
    public long sequenceGaps() {
        return sequenceGaps;
    }

    /** Datagrams that were not FRI commands. */
    public long invalidDatagrams() {
        return invalidDatagrams;
    }

    public long droppedMeasurements() {
        return droppedMeasurements;
    }

    public long droppedCommands() {
        return droppedCommands;
    }

    /** Switches to COMMAND (friStart) and back to MONITOR. */
    public long starts() {
        return starts;
    }

    public long stops() {
        return stops;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
