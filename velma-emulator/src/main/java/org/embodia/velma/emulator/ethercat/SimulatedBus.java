package org.embodia.velma.emulator.ethercat;

import java.io.IOException;

import org.embodia.velma.sim.VelmaSimulation;

/**
 * Velma's simulated EtherCAT bus ready for a master: a network namespace of its own with a veth
 * pair, the segment's server on the far end, the simulation at manual pace behind the drives. The
 * master opens {@link #hostInterface()}. For tests and benchmarks; closing removes everything, once.
 */
public final class SimulatedBus implements AutoCloseable {
    private final NetNamespace namespace;
    private final VelmaSimulation simulation;
    private final SimulatedSegment segment;
    private SegmentServer server;
    private boolean closed;

    private SimulatedBus(NetNamespace namespace) throws IOException {
        this.namespace = namespace;
        this.simulation = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
        this.segment = new SimulatedSegment(simulation);
        this.server = SegmentServer.start(namespace.name(), namespace.segmentInterface(), segment);
    }

    /** Creates the namespace and starts the segment; on failure removes what it made. */
    public static SimulatedBus start() throws IOException {
        NetNamespace ns = NetNamespace.create();
        try {
            return new SimulatedBus(ns);
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
    }

    /** The interface, in this process's namespace, that reaches the segment. */
    public String hostInterface() {
        return namespace.hostInterface();
    }

    public SimulatedSegment segment() {
        return segment;
    }

    public VelmaSimulation simulation() {
        return simulation;
    }

    /** Replaces the segment by a bare echo on the same veth pair: the round-trip floor to compare with. */
    public synchronized void echo() throws IOException {
        server.close();
        server = SegmentServer.echo(namespace.name(), namespace.segmentInterface());
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.close();
        simulation.close();
        namespace.close();
    }
}
