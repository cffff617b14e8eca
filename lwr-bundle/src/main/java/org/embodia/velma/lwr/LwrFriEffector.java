package org.embodia.velma.lwr;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.embodia.api.agent.CycleTrigger;
import org.embodia.api.agent.Hardware;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemKind;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.fri.Fri;
import org.embodia.velma.fri.FriCommand;
import org.embodia.velma.fri.FriMeasurement;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The real effector of one KUKA LWR 4+: the remote side of FRI 1.x over UDP, with the buffers of the
 * simulated arm, input {@code command} and output {@code status}. One instance per arm, one factory
 * configuration (PID {@value #PID}) each.
 *
 * <p>Its cycle is split as a {@link Hardware}'s: {@link #read()} takes the newest measurement datagram
 * that arrived and publishes it as {@code status}; {@link #write()} answers that measurement with the
 * command ve_body computed from it in the same cycle, in MONITOR and COMMAND alike, so the KRC's quality
 * can reach PERFECT, after which its KRL program calls friStart. The answer asks for joint impedance as
 * Velma's lwr_fri does: the measured position, stiffness zero, damping {@value #DAMPING}, and the
 * command's torques as additional joint torques. A cycle without a new measurement (lost or late)
 * publishes nothing, so readers see no new status, and answers nothing.
 *
 * <p>As a {@link CycleTrigger} the arm's measurements start the loop's cycles, as the arrival of the FRI
 * measurement triggers Velma's ve_body ([VELMA-STRUCT]): the loop's thread polls the socket, parking
 * {@code pollMicros} between polls, until a measurement is there or the cycle's deadline. An arm that does
 * not trigger (the other arm) waits in its read, while the KRC is talking (a measurement within the last
 * {@value #TALKING_STEPS} cycles), up to {@code measurementWaitMicros} for a measurement not yet arrived.
 * Polling from the loop's thread, not a receiver thread: the loop runs SCHED_FIFO, and a receiver at normal
 * priority would wait behind any busy process before it could hand a measurement over.
 *
 * <p>The watchdog: after more than {@code watchdogCycles} writes without a new valid command the
 * answers ask for nothing and carry no torque; the KRC then leaves COMMAND for MONITOR and the
 * status shows it. The loop side allocates nothing, takes no lock of its own and never throws.
 */
@Component(configurationPid = LwrFriEffector.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = Subsystem.class)
public final class LwrFriEffector implements Hardware, CycleTrigger, AutoCloseable {
    public static final String PID = "org.embodia.velma.lwr";
    static final int DEFAULT_WATCHDOG_CYCLES = 10;
    /** The normalized joint damping Velma's lwr_fri commands with stiffness zero. */
    static final float DAMPING = 0.7f;
    static final int DEFAULT_MEASUREMENT_WAIT_MICROS = 500;
    static final int DEFAULT_POLL_MICROS = 50;
    /** Cycles after the last measurement during which a read waits for the next one. */
    static final int TALKING_STEPS = 10;

    /** The configuration of one arm (factory PID {@value #PID}). */
    public @interface Config {
        /** The subsystem's name: {@code core/a.lwr_r/re} or {@code core/a.lwr_l/re}. */
        String name();

        /** The UDP port the KRC sends measurements to. */
        int localPort();

        /** Where answers go; empty: the sender of the last measurement. */
        String remoteHost() default "";

        /** Where answers go; 0: the port the last measurement came from. */
        int remotePort() default 0;

        /** Cycles without a new command after which the answers stop asking for torques. */
        int watchdogCycles() default DEFAULT_WATCHDOG_CYCLES;

        /** How long a read waits for a measurement not yet arrived while the KRC is talking; 0: not at all. */
        int measurementWaitMicros() default DEFAULT_MEASUREMENT_WAIT_MICROS;

        /** How long the loop's thread parks between two polls of the socket while it waits for a measurement. */
        int pollMicros() default DEFAULT_POLL_MICROS;
    }

    private final SubsystemName name;
    private final int watchdogCycles;
    private final long measurementWaitNanos;
    private final long pollNanos;
    private final InetAddress remoteHost;
    private final int remotePort;
    final InputBuffer<LwrCommand> command = new InputBuffer<>("command", LwrCommand.class, LwrCommand::new);
    final OutputBuffer<LwrStatus> status = new OutputBuffer<>("status", LwrStatus.class, LwrStatus::new);
    /** One byte more than a measurement, so that an oversized datagram shows and is refused. */
    private final ByteBuffer rx = ByteBuffer.allocateDirect(Fri.MSR_DATA_SIZE + 1);
    private final ByteBuffer tx = ByteBuffer.allocateDirect(Fri.CMD_DATA_SIZE);
    private final FriCommand answer = new FriCommand();
    private final float[] torque = new float[Fri.JOINTS];
    private final DatagramChannel channel;
    /** What a datagram is decoded into; the newest valid measurement not yet read; the one this cycle read and answers. */
    private FriMeasurement incoming = new FriMeasurement();
    private FriMeasurement newest = new FriMeasurement();
    private FriMeasurement current = new FriMeasurement();
    private boolean newestUnread;
    /** When the last wait last polled and found nothing, or Long.MIN_VALUE if its first poll found a measurement. */
    private long lastLookWithoutData = Long.MIN_VALUE;
    private boolean answerDue;
    private InetSocketAddress target;
    private SocketAddress sender;
    private int cyclesWithoutCommand;
    /** From 0: a new effector expects its KRC to be talking, so its first reads wait for a measurement too. */
    private int stepsWithoutMeasurement;
    private boolean measuredBefore;
    private int previousSeq;
    private float previousTimestamp;
    private volatile long answers;
    private volatile long measurements;
    /** Reads that found no new measurement while the KRC was talking: cycles in which this arm's status was not new. */
    private volatile long missedWhileTalking;
    /** Measurements the KRC sent that never arrived, from the gaps in their sequence counter. */
    private volatile long lostMeasurements;
    /** The KRC's own statistics, from its last measurement: its answer rate and its count of missed answers. */
    private volatile float krcAnswerRate;
    private volatile int krcMissCounter;
    private volatile long malformedDatagrams;
    private volatile long receiveFailures;
    private volatile long sendFailures;
    private volatile long invalidCommands;

    @Activate
    public LwrFriEffector(Config config) {
        this(config.name(), config.localPort(), config.remoteHost(), config.remotePort(), config.watchdogCycles(), config.measurementWaitMicros(),
                config.pollMicros());
    }

    LwrFriEffector(String name, int localPort, String remoteHost, int remotePort, int watchdogCycles, int measurementWaitMicros) {
        this(name, localPort, remoteHost, remotePort, watchdogCycles, measurementWaitMicros, DEFAULT_POLL_MICROS);
    }

    LwrFriEffector(String name, int localPort, String remoteHost, int remotePort, int watchdogCycles, int measurementWaitMicros, int pollMicros) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(PID + ": 'name' is required, e.g. core/a.lwr_r/re");
        }
        this.name = SubsystemName.parse(name);
        if (this.name.kind() != SubsystemKind.REAL_EFFECTOR) {
            throw new IllegalArgumentException(PID + ": '" + name + "' is not a real effector's name, e.g. core/a.lwr_r/re");
        }
        if (localPort < 1 || localPort > 65535) {
            throw new IllegalArgumentException(name + ": localPort must be a UDP port from 1 to 65535, got " + localPort);
        }
        if (remotePort < 0 || remotePort > 65535) {
            throw new IllegalArgumentException(name + ": remotePort must be 0 (the sender's) or a UDP port up to 65535, got " + remotePort);
        }
        if (watchdogCycles < 1) {
            throw new IllegalArgumentException(name + ": watchdogCycles must be at least 1, got " + watchdogCycles);
        }
        if (measurementWaitMicros < 0) {
            throw new IllegalArgumentException(name + ": measurementWaitMicros must be 0 or more, got " + measurementWaitMicros);
        }
        if (pollMicros < 1) {
            throw new IllegalArgumentException(name + ": pollMicros must be at least 1, got " + pollMicros);
        }
        this.watchdogCycles = watchdogCycles;
        this.measurementWaitNanos = measurementWaitMicros * 1000L;
        this.pollNanos = pollMicros * 1000L;
        this.remoteHost = resolve(name, remoteHost);
        this.remotePort = remotePort;
        if (this.remoteHost != null && remotePort > 0) {
            target = new InetSocketAddress(this.remoteHost, remotePort);
        }
        cyclesWithoutCommand = watchdogCycles + 1;
        channel = bind(name, localPort);
    }

    private static InetAddress resolve(String name, String host) {
        if (host == null || host.isBlank()) {
            return null;
        }
        try {
            return InetAddress.getByName(host.trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(name + ": remoteHost '" + host + "' cannot be resolved", e);
        }
    }

    private static DatagramChannel bind(String name, int port) {
        DatagramChannel ch = null;
        try {
            // IPv4: the KRC speaks FRI over IPv4 only.
            ch = DatagramChannel.open(StandardProtocolFamily.INET);
            ch.bind(new InetSocketAddress(port));
            ch.configureBlocking(false);
            return ch;
        } catch (IOException e) {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new IllegalStateException(name + ": cannot receive FRI measurements on UDP port " + port + " (" + e.getMessage()
                    + "): is another process using the port, or is it below 1024 and this process may not bind it?", e);
        }
    }

    @Deactivate
    void deactivate() {
        close();
    }

    /** Closes the socket. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            receiveFailures++;
        }
    }

    /** Reads every datagram waiting on the socket; true if one was a valid measurement, which is then the newest. */
    private boolean drain() {
        boolean got = false;
        while (true) {
            SocketAddress from;
            try {
                rx.clear();
                from = channel.receive(rx);
            } catch (IOException e) {
                receiveFailures++;
                return got;
            }
            if (from == null) {
                return got;
            }
            rx.flip();
            if (!incoming.decode(rx)) {
                malformedDatagrams++;
                continue;
            }
            if (!from.equals(sender)) {
                sender = from;
                InetSocketAddress krc = (InetSocketAddress) from;
                target = new InetSocketAddress(remoteHost != null ? remoteHost : krc.getAddress(), remotePort > 0 ? remotePort : krc.getPort());
            }
            FriMeasurement m = newest;
            newest = incoming;
            incoming = m;
            newestUnread = true;
            got = true;
        }
    }

    @Override
    public SubsystemName name() {
        return name;
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(command);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(status);
    }

    /** Publishes the newest measurement as {@code status}, waiting for it a little while the KRC is talking. */
    @Override
    public void read() {
        drain();
        if (!newestUnread && stepsWithoutMeasurement < TALKING_STEPS && measurementWaitNanos > 0) {
            awaitData(System.nanoTime() + measurementWaitNanos);
        }
        if (!newestUnread) {
            if (stepsWithoutMeasurement < TALKING_STEPS) {
                stepsWithoutMeasurement++;
                missedWhileTalking++;
            }
            return;
        }
        stepsWithoutMeasurement = 0;
        FriMeasurement m = current;
        current = newest;
        newest = m;
        newestUnread = false;
        answerDue = true;
        publish(current);
    }

    /** Takes the command and answers the measurement this cycle read, if it read one. */
    @Override
    public void write() {
        takeCommand();
        if (answerDue) {
            answerDue = false;
            answer(current);
        }
    }

    /**
     * Polls the socket, parking between polls, until a measurement is there to read or the deadline has passed;
     * the time of each poll is taken before it looks, so a measurement it did not find came after that time.
     */
    @Override
    public boolean awaitData(long deadlineNanos) {
        lastLookWithoutData = Long.MIN_VALUE;
        while (true) {
            long look = System.nanoTime();
            if (drain() || newestUnread) {
                return true;
            }
            long left = deadlineNanos - look;
            if (left <= 0) {
                return false;
            }
            lastLookWithoutData = look;
            LockSupport.parkNanos(Math.min(left, pollNanos));
        }
    }

    @Override
    public long lastLookWithoutDataNanos() {
        return lastLookWithoutData;
    }

    /** The KRC's measurements no cycle read: the gaps in their sequence counter, lost or replaced by the next. */
    @Override
    public long dataNotTaken() {
        return lostMeasurements;
    }

    /** A new valid command resets the watchdog; an invalid one is counted and never sent. */
    private void takeCommand() {
        if (command.isNew() && command.get().valid()) {
            double[] t = command.get().torque;
            for (int j = 0; j < Fri.JOINTS; j++) {
                torque[j] = (float) t[j];
            }
            cyclesWithoutCommand = 0;
            return;
        }
        if (command.isNew()) {
            invalidCommands++;
        }
        if (cyclesWithoutCommand <= watchdogCycles) {
            cyclesWithoutCommand++;
        }
    }

    private void publish(FriMeasurement m) {
        LwrStatus s = status.message();
        double dt = 0;
        if (measuredBefore) {
            // The sequence gap counts lost measurements; the float timestamp is too coarse after hours.
            int gap = (m.sendSeqCount - previousSeq) & 0xFFFF;
            dt = m.desiredMsrSampleTime > 0 ? gap * (double) m.desiredMsrSampleTime : m.timestamp - previousTimestamp;
            if (gap > 1) {
                lostMeasurements += gap - 1;
            }
        }
        measurements++;
        krcAnswerRate = m.answerRate;
        krcMissCounter = m.missCounter;
        for (int j = 0; j < Fri.JOINTS; j++) {
            double q = m.msrJntPos[j];
            s.dq[j] = dt > 0 ? (q - s.q[j]) / dt : 0;
            s.q[j] = q;
            s.torque[j] = m.msrJntTrq[j];
        }
        s.power = m.power;
        s.error = m.error != 0;
        s.warning = m.warning != 0;
        s.controlMode = m.control == Fri.CTRL_JNT_IMP ? ControlMode.JOINT_IMPEDANCE
                : m.control == Fri.CTRL_CART_IMP ? ControlMode.CARTESIAN_IMPEDANCE : ControlMode.POSITION;
        s.quality = quality(m.quality);
        s.state = m.state == Fri.STATE_CMD ? FriState.COMMAND : FriState.MONITOR;
        measuredBefore = true;
        previousSeq = m.sendSeqCount;
        previousTimestamp = m.timestamp;
        status.send();
    }

    /** By name: KUKA's OK is Embodia's GOOD; an unknown value is the worst, BAD. */
    static FriQuality quality(int wire) {
        switch (wire) {
            case Fri.QUALITY_PERFECT:
                return FriQuality.PERFECT;
            case Fri.QUALITY_OK:
                return FriQuality.GOOD;
            case Fri.QUALITY_UNACCEPTABLE:
                return FriQuality.UNACCEPTABLE;
            default:
                return FriQuality.BAD;
        }
    }

    private void answer(FriMeasurement m) {
        boolean commanding = cyclesWithoutCommand <= watchdogCycles;
        FriCommand a = answer;
        a.sendSeqCount = (a.sendSeqCount + 1) & 0xFFFF;
        a.reflSeqCount = m.sendSeqCount;
        a.cmdFlags = commanding ? Fri.CMD_JOINT_IMPEDANCE : 0;
        for (int j = 0; j < Fri.JOINTS; j++) {
            a.jntPos[j] = m.msrJntPos[j];
            a.jntStiffness[j] = 0;
            a.jntDamping[j] = DAMPING;
            a.addJntTrq[j] = commanding ? torque[j] : 0;
        }
        a.encode(tx);
        try {
            channel.send(tx, target);
            answers++;
        } catch (IOException e) {
            // The KRC counts the missing answer; the loop goes on.
            sendFailures++;
        }
    }

    /** Whether the watchdog has stopped the torques. */
    boolean watchdogTripped() {
        return cyclesWithoutCommand > watchdogCycles;
    }

    /** What the shell's {@code lwr:fri} prints of this arm. */
    String describe() {
        return String.format(java.util.Locale.ROOT, "%s: %d measurements read, %d lost or skipped (sequence gaps), %d answers sent,"
                + " %d cycles without a measurement while the KRC talked; the KRC's answer rate %.3f, miss counter %d; %d malformed datagrams,"
                + " %d invalid commands, %d receive and %d send failures", name, measurements, lostMeasurements, answers, missedWhileTalking,
                krcAnswerRate, krcMissCounter, malformedDatagrams, invalidCommands, receiveFailures, sendFailures);
    }

    /** Answers sent. */
    long answers() {
        return answers;
    }

    /** Datagrams on the measurement port that were not FRI measurements. */
    long malformedDatagrams() {
        return malformedDatagrams;
    }

    long sendFailures() {
        return sendFailures;
    }

    long receiveFailures() {
        return receiveFailures;
    }

    /** Commands that were not valid (not finite or beyond the torque limits) and were never sent. */
    long invalidCommands() {
        return invalidCommands;
    }
}
