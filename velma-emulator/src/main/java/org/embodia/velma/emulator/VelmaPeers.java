package org.embodia.velma.emulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

import org.embodia.scheduler.Realtime;
import org.embodia.velma.emulator.ethercat.NetNamespace;
import org.embodia.velma.emulator.ethercat.SegmentServer;
import org.embodia.velma.emulator.ethercat.SimulatedSegment;
import org.embodia.velma.emulator.fri.SimulatedFriPeer;
import org.embodia.velma.emulator.fri.SimulationArm;
import org.embodia.velma.model.Arm;
import org.embodia.velma.sim.VelmaSimulation;

/**
 * Velma's hardware as the hardware bundles meet it, over one simulation: the EtherCAT segment on the far
 * end of a veth pair inside a network namespace, and the KRC's FRI for both arms on loopback UDP. The KRC's
 * 2 ms interpolation cycle is the robot's clock, whatever the controller does: the simulation ticks on a thread of
 * its own against absolute deadlines, and each tick ends with the drives' exchange with their ESCs and one FRI
 * cycle per arm (answers taken, the next measurement sent, right arm first). The ESCs answer the master's frames
 * whenever they come, from the image of the last tick. Both threads run SCHED_FIFO at {@value #PRIORITY}, above
 * the control loop's default, as hardware does not wait for the machine's other work, and the JVM's threads they wait
 * for at safepoints (the VM thread, the collector's) at half that; the rest of the JVM, its JIT compilers above all,
 * stays at normal priority. The two threads may be pinned to the CPU
 * the loop is pinned to: a stall of that CPU (a VM's vCPU taken by its host) then stops the hardware and the loop
 * together, and when it ends the hardware, above the loop, has sent before the loop looks. Apart, a stall of the
 * hardware's CPU alone would make the loop see a KRC or the bus late, which real hardware, on machines of its own,
 * never is.
 */
public final class VelmaPeers implements AutoCloseable {
    static final int PRIORITY = 90;
    /** A gap between the KRC's ticks past which a loop with a 5 ms deadline may begin a cycle without its measurement. */
    static final long LONG_GAP_NANOS = 3_000_000;
    private final NetNamespace namespace;
    private final VelmaSimulation simulation;
    private final SimulatedFriPeer right;
    private final SimulatedFriPeer left;
    private final SegmentServer server;
    private volatile Throwable friFailure;
    /** Set on the clock's first tick, on its thread: whether it asked for SCHED_FIFO yet, and what was refused. */
    private boolean clockRealtime;
    private volatile String refused;
    /** The KRC clock's ticks as the tick's thread saw them: the last one's start, the longest gap and the gaps over 3 ms. */
    private long lastTick;
    private volatile long maxGapNanos;
    private volatile long longGaps;

    private VelmaPeers(NetNamespace namespace, InetSocketAddress rightRemote, InetSocketAddress leftRemote, int cpu) throws IOException {
        this.namespace = namespace;
        // A real KRC's clock never stalls. One that did here does not race through the ticks it missed: above the loop on
        // its CPU it would send them back to back, the loop unable to answer, and count each as missed (FRI quality
        // below OK after 15 of them, command mode left). The emulated robot's time stands still instead.
        simulation = new VelmaSimulation(VelmaSimulation.Pace.REALTIME, 0);
        SimulatedFriPeer r = null;
        SimulatedFriPeer l = null;
        try {
            r = new SimulatedFriPeer(rightRemote, new SimulationArm(simulation.lwr(Arm.RIGHT)), 1);
            l = new SimulatedFriPeer(leftRemote, new SimulationArm(simulation.lwr(Arm.LEFT)), 2);
            SimulatedFriPeer rightPeer = r;
            SimulatedFriPeer leftPeer = l;
            SimulatedSegment segment = SimulatedSegment.onTheSimulationsClock(simulation);
            server = SegmentServer.start(namespace.name(), namespace.segmentInterface(), segment, PRIORITY, cpu);
            simulation.attach(() -> {
                if (!clockRealtime) {
                    clockRealtime = true;
                    Realtime.Grant grant = Realtime.configureCurrentThread(PRIORITY, cpu);
                    Realtime.Grant jvm = Realtime.configureJvmThreads(PRIORITY / 2);
                    refused = grant.refused() || jvm.refused() ? grant.description() + "; " + jvm.description() : null;
                }
                long now = System.nanoTime();
                if (lastTick != 0) {
                    long gap = now - lastTick;
                    if (gap > maxGapNanos) {
                        maxGapNanos = gap;
                    }
                    if (gap > LONG_GAP_NANOS) {
                        longGaps++;
                    }
                }
                lastTick = now;
                segment.exchangeWithDrives();
                try {
                    rightPeer.cycle();
                    leftPeer.cycle();
                } catch (IOException e) {
                    friFailure = e;
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | RuntimeException e) {
            closeQuietly(r);
            closeQuietly(l);
            simulation.close();
            throw e;
        }
        right = r;
        left = l;
    }

    /**
     * Creates the namespace {@code namespaceName} with the veth pair {@code hostInterface} – {@code segmentInterface}
     * and starts the peers, their threads on CPU {@code cpu} (any if below 0); FRI measurements go to
     * {@code rightRemote} and {@code leftRemote}. On failure removes what it made.
     */
    public static VelmaPeers start(String namespaceName, String hostInterface, String segmentInterface, InetSocketAddress rightRemote,
            InetSocketAddress leftRemote, int cpu) throws IOException {
        return start(NetNamespace.create(namespaceName, hostInterface, segmentInterface), rightRemote, leftRemote, cpu);
    }

    /** The same in a namespace with unique names, on any CPU, for tests. */
    public static VelmaPeers start(InetSocketAddress rightRemote, InetSocketAddress leftRemote) throws IOException {
        return start(NetNamespace.create(), rightRemote, leftRemote, -1);
    }

    private static VelmaPeers start(NetNamespace ns, InetSocketAddress rightRemote, InetSocketAddress leftRemote, int cpu) throws IOException {
        try {
            return new VelmaPeers(ns, rightRemote, leftRemote, cpu);
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
    }

    private static void closeQuietly(SimulatedFriPeer peer) {
        if (peer != null) {
            try {
                peer.close();
            } catch (IOException e) {
                // Closing a datagram channel that never sent anything; nothing to report.
            }
        }
    }

    /** Where the EtherCAT master is to open its raw socket. */
    public String hostInterface() {
        return namespace.hostInterface();
    }

    public SimulatedFriPeer rightArm() {
        return right;
    }

    public SimulatedFriPeer leftArm() {
        return left;
    }

    /** Simulation ticks so far, one per 2 ms of the KRC's clock. */
    public long ticks() {
        return simulation.ticks();
    }

    /** What stopped a peer, or null while they run well. */
    public Throwable failure() {
        return friFailure != null ? friFailure : server.failure();
    }

    /** The longest time between two of the KRC clock's ticks so far (2 ms when it keeps time). */
    public long maxGapNanos() {
        return maxGapNanos;
    }

    /** Stalls of the KRC's clock of more than one period, after which it resumed its pace without the ticks it missed. */
    public long stallsSatOut() {
        return simulation.rebases();
    }

    /** Gaps between the KRC clock's ticks longer than 3 ms: a late KRC, as a loop waiting for its measurement sees it. */
    public long longGaps() {
        return longGaps;
    }

    /** What the clock's thread was refused when it asked for SCHED_FIFO (not root) or its CPU, or null. */
    public String clockRefused() {
        return refused;
    }

    @Override
    public void close() {
        server.close();
        closeQuietly(right);
        closeQuietly(left);
        simulation.close();
        namespace.close();
    }
}
