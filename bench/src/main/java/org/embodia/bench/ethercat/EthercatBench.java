package org.embodia.bench.ethercat;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.embodia.scheduler.Realtime;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.emulator.ethercat.SimulatedBus;
import org.embodia.velma.ethercat.Ec;
import org.embodia.velma.ethercat.EthercatException;
import org.embodia.velma.ethercat.Frame;
import org.embodia.velma.ethercat.Master;
import org.embodia.velma.ethercat.RawSocket;
import org.embodia.velma.ethercat.VelmaBus;

import com.sun.security.auth.module.UnixSystem;

/**
 * {@code ./embodia bench ethercat [--cycles <n>] [--timeout-us <µs>] [--priority <0-99>]}: the EtherCAT master against the simulated
 * segment on a veth pair in a network namespace of its own. Brings the bus to OP, enables the drives, then runs
 * n cyclic exchanges on absolute deadlines every 2 ms, timing each; then, over the same veth pair, a bare echo
 * of a frame of the same size and layout on the same pacing, the floor the wire and the kernel set. Prints a
 * table and, last, one JSON line. The measuring thread runs as the control loop does (SCHED_FIFO 80, timer slack
 * 1 ns): otherwise Linux wakes it on the segment thread's core, behind that thread's simulation tick, and the
 * round trip measures the tick. Needs root; removes the namespace on failure and on Ctrl-C too.
 */
public final class EthercatBench {
    static final long PERIOD_NANOS = 2_000_000L;
    /** Unpaced cycles for the JIT and for the CiA 402 power-up before anything is measured. */
    static final int WARMUP_CYCLES = 5_000;
    static final int DEFAULT_CYCLES = 20_000;
    static final int DEFAULT_TIMEOUT_MICROS = 1000;
    /** The core agent's loop priority (velma-agent-hw). */
    static final int DEFAULT_PRIORITY = 80;

    private final int cycles;
    private final long timeoutNanos;
    private final int priority;
    private String scheduling;
    private final DriveCommand[] commands = {new DriveCommand(), new DriveCommand(), new DriveCommand()};
    private final DriveStatus[] statuses = {new DriveStatus(), new DriveStatus(), new DriveStatus()};
    private volatile SimulatedBus bus;
    private Master master;

    private long lost;
    private long late;
    private long wkcErrors;
    private long notOperational;
    private long missedPeriods;
    private long echoLost;
    private long echoLate;
    /** Echo indexes that timed out: one that comes back later is late, not lost. */
    private final boolean[] echoOverdue = new boolean[256];
    private int frameBytes;
    private long[] rtt;
    private long[] floor;

    EthercatBench(int cycles, long timeoutNanos, int priority) {
        this.cycles = cycles;
        this.timeoutNanos = timeoutNanos;
        this.priority = priority;
    }

    void run() throws Exception {
        scheduling = Realtime.configureCurrentThread(priority, -1).description();
        bus = SimulatedBus.start();
        master = new Master(RawSocket.open(bus.hostInterface()), VelmaBus.slaves(), timeoutNanos);
        master.start();
        for (int i = 0; i < WARMUP_CYCLES; i++) {
            cycle();
        }
        for (int d = 0; d < statuses.length; d++) {
            if (!statuses[d].ok()) {
                throw new EthercatException(master.drives().get(d) + " is not operation enabled after " + WARMUP_CYCLES + " cycles: " + statuses[d]);
            }
        }
        measureCycles();
        master.close();
        master = null;
        bus.echo();
        measureEcho();
    }

    /** The CiA 402 enable sequence from the drives' last status, then one exchange. */
    private boolean cycle() {
        for (int d = 0; d < commands.length; d++) {
            int word = statuses[d].statusWord;
            int state = word & 0x6F;
            DriveCommand c = commands[d];
            c.controlWord = (word & DriveStatus.FAULT) != 0 ? DriveCommand.FAULT_RESET
                    : (word & 0x4F) == 0x40 ? DriveCommand.SHUTDOWN
                    : state == 0x21 ? DriveCommand.SWITCH_ON
                    : state == 0x23 || state == 0x27 ? DriveCommand.ENABLE_OPERATION
                    : DriveCommand.DISABLE_VOLTAGE;
            c.mode = DriveCommand.MODE_CYCLIC_TORQUE;
            c.targetTorque = 0;
        }
        return master.exchange(commands, statuses);
    }

    /** Sleeps to {@code deadline}, or, when it has passed, to the next one on the 2 ms grid, counting the periods missed. */
    private long waitFor(long deadline) {
        long now = System.nanoTime();
        while (deadline < now) {
            deadline += PERIOD_NANOS;
            missedPeriods++;
        }
        while ((now = System.nanoTime()) < deadline) {
            LockSupport.parkNanos(deadline - now);
        }
        return deadline;
    }

    private void measureCycles() {
        long missed0 = master.missedFrames();
        long late0 = master.lateFrames();
        long wkc0 = master.wkcErrors();
        long notOp0 = master.notOperational();
        long[] samples = new long[cycles];
        int n = 0;
        long deadline = System.nanoTime() + PERIOD_NANOS;
        for (int i = 0; i < cycles; i++) {
            deadline = waitFor(deadline) + PERIOD_NANOS;
            long missedBefore = master.missedFrames();
            long t0 = System.nanoTime();
            cycle();
            long t1 = System.nanoTime();
            // A missed frame has no round trip: it would only add the timeout.
            if (master.missedFrames() == missedBefore) {
                samples[n++] = t1 - t0;
            }
        }
        // One more cycle, unmeasured, reads what the last ones missed if it came back after all.
        waitFor(deadline);
        cycle();
        late = master.lateFrames() - late0;
        lost = master.missedFrames() - missed0 - late;
        wkcErrors = master.wkcErrors() - wkc0;
        notOperational = master.notOperational() - notOp0;
        rtt = Arrays.copyOf(samples, n);
        Arrays.sort(rtt);
    }

    /** The same datagrams as a cycle (an LRW of the process image, an FPRD of each slave's AL status), echoed back untouched. */
    private void measureEcho() throws EthercatException {
        int image = VelmaBus.slaves().stream().mapToInt(s -> s.outputBytes() + s.inputBytes()).sum();
        int slaves = VelmaBus.slaves().size();
        long[] samples = new long[cycles];
        int n = 0;
        try (RawSocket socket = RawSocket.open(bus.hostInterface())) {
            byte[] mac = socket.mac();
            Frame f = new Frame();
            Frame back = new Frame();
            long deadline = System.nanoTime() + PERIOD_NANOS;
            for (int i = 0; i < cycles; i++) {
                // The index tells this frame's echo from a late one of an earlier frame.
                int index = i & 0xFF;
                echoOverdue[index] = false;
                f.start(mac);
                f.add(Ec.LRW, index, 0, image);
                for (int p = 0; p < slaves; p++) {
                    f.add(Ec.FPRD, index, Frame.physical(Master.STATION_BASE + p + 1, Ec.REG_AL_STATUS), 2);
                }
                frameBytes = f.length();
                deadline = waitFor(deadline) + PERIOD_NANOS;
                long t0 = System.nanoTime();
                if (socket.send(f.bytes(), frameBytes) && echoed(socket, back, index, t0 + timeoutNanos)) {
                    samples[n++] = System.nanoTime() - t0;
                } else {
                    echoLost++;
                    echoOverdue[index] = true;
                }
            }
        }
        floor = Arrays.copyOf(samples, n);
        Arrays.sort(floor);
    }

    private boolean echoed(RawSocket socket, Frame back, int index, long deadline) {
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            int length = socket.receive(back.bytes(), left);
            if (length <= 0) {
                return false;
            }
            if (length == frameBytes && back.parse(length)) {
                if (back.index(0) == index) {
                    return true;
                }
                if (echoOverdue[back.index(0)]) {
                    echoOverdue[back.index(0)] = false;
                    echoLost--;
                    echoLate++;
                }
            }
        }
    }

    /** Everything this run set up, in reverse; the bus closes once, as the shutdown hook may race this. */
    void close() {
        if (master != null) {
            master.close();
        }
        removeBus();
    }

    /** Removes the simulated bus and its namespace; what Ctrl-C must not leave behind. */
    void removeBus() {
        SimulatedBus b = bus;
        if (b != null) {
            b.close();
        }
    }

    static double percentileMicros(long[] sorted, double fraction) {
        return sorted.length == 0 ? Double.NaN : sorted[Math.min(sorted.length - 1, (int) (sorted.length * fraction))] / 1e3;
    }

    void report() {
        System.out.printf(Locale.ROOT, "EtherCAT over a veth pair, simulated segment of %d slaves: %d cycles every %d ms, %d-byte frames,"
                + " timeout %d µs; %s%n", VelmaBus.slaves().size(), cycles, PERIOD_NANOS / 1_000_000, frameBytes, timeoutNanos / 1000, scheduling);
        System.out.printf(Locale.ROOT, "%-28s %10s %10s %10s %8s %8s%n", "", "p50 µs", "p99 µs", "max µs", "late", "lost");
        row("cycle (LRW + AL status)", rtt, late, lost);
        row("bare echo (floor)", floor, echoLate, echoLost);
        System.out.printf(Locale.ROOT, "WKC errors %d, cycles with a slave out of OP %d, missed 2 ms periods %d%n", wkcErrors, notOperational,
                missedPeriods);
        System.out.printf(Locale.ROOT, "{\"cycles\": %d, \"lost\": %d, \"late\": %d, \"wkc_errors\": %d, \"rtt_p50_us\": %.1f, \"rtt_p99_us\": %.1f,"
                + " \"floor_p50_us\": %.1f, \"floor_p99_us\": %.1f}%n", cycles, lost, late, wkcErrors, percentileMicros(rtt, 0.5),
                percentileMicros(rtt, 0.99), percentileMicros(floor, 0.5), percentileMicros(floor, 0.99));
    }

    private static void row(String what, long[] sorted, long lateFrames, long lostFrames) {
        System.out.printf(Locale.ROOT, "%-28s %10.1f %10.1f %10.1f %8d %8d%n", what, percentileMicros(sorted, 0.5), percentileMicros(sorted, 0.99),
                percentileMicros(sorted, 1), lateFrames, lostFrames);
    }

    public static void main(String[] args) {
        int cycles = DEFAULT_CYCLES;
        int timeoutMicros = DEFAULT_TIMEOUT_MICROS;
        int priority = DEFAULT_PRIORITY;
        for (int i = 0; i < args.length; i++) {
            boolean hasValue = i + 1 < args.length;
            if (args[i].equals("--cycles") && hasValue) {
                cycles = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--timeout-us") && hasValue) {
                timeoutMicros = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--priority") && hasValue) {
                priority = Integer.parseInt(args[++i]);
            } else {
                System.err.println("embodia bench ethercat: unknown argument '" + args[i] + "'; usage: bench ethercat [--cycles <n>] [--timeout-us <µs>]"
                        + " [--priority <0-99>]");
                System.exit(2);
            }
        }
        if (cycles < 1 || timeoutMicros < 1 || priority < 0 || priority > 99) {
            System.err.println("embodia bench ethercat: --cycles and --timeout-us must be at least 1, --priority from 0 (SCHED_OTHER) to 99");
            System.exit(2);
        }
        if (new UnixSystem().getUid() != 0) {
            System.err.println("embodia bench ethercat: needs root, to create a network namespace and a veth pair and to open raw sockets;"
                    + " run it with sudo");
            System.exit(2);
        }
        EthercatBench bench = new EthercatBench(cycles, timeoutMicros * 1000L, priority);
        // Ctrl-C: the bus and its namespace; the master's socket is in this namespace and goes with the JVM.
        Thread hook = new Thread(bench::removeBus, "ethercat bench clean-up");
        Runtime.getRuntime().addShutdownHook(hook);
        int exit = 0;
        try {
            bench.run();
            bench.report();
        } catch (Exception e) {
            System.err.println("embodia bench ethercat: " + e.getMessage());
            exit = 1;
        } finally {
            bench.close();
        }
        System.exit(exit);
    }
}
