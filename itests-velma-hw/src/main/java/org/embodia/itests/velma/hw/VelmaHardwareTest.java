package org.embodia.itests.velma.hw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Dictionary;
import java.util.function.BooleanSupplier;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.velma.api.FriState;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.sim.peer.VelmaPeers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The velma-hw profile over its simulated peers, in Felix: the core agent's periodic loop drives the real
 * FRI and EtherCAT bundles, Velma leaves safe mode and both KRCs go to command mode, then {@code agent:swap}
 * replaces the hardware bundles by the simulation and back, and every cycle across both swaps is checked:
 * each real effector stepped once and ve_body's status pass had new status from all of them (it never
 * fell to idle).
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class VelmaHardwareTest {
    private static final String VE_BODY = "core/a.body/ve";
    private static final String[] EFFECTORS = {"core/a.lwr_r/re", "core/a.lwr_l/re", "core/a.ethercat/re"};
    private static final String HARDWARE = "org.embodia.velma.lwr,org.embodia.velma.ethercat";
    private static final String SIMULATION = "org.embodia.velma.sim";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 60_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 60_000)
    Agent agent;

    @InjectService(timeout = 60_000)
    VelmaTaskInterface task;

    @InjectService(timeout = 60_000)
    CommandProcessor shell;

    @Test
    void velmaHwRunsOverItsPeersAndSwapsToTheSimulationAndBackWithoutSkippingACycle() throws Exception {
        int rightPort = freePort();
        int leftPort = freePort();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        bundle(SIMULATION).stop();
        try (VelmaPeers peers = VelmaPeers.start(new InetSocketAddress(loopback, rightPort), new InetSocketAddress(loopback, leftPort))) {
            // Stepped by hand there is no period: a step waits as long as it takes the peers' measurement to come.
            update(configAdmin.getFactoryConfiguration("org.embodia.velma.lwr", "right", "?"), "localPort", rightPort, "measurementWaitMicros", 50_000);
            update(configAdmin.getFactoryConfiguration("org.embodia.velma.lwr", "left", "?"), "localPort", leftPort, "measurementWaitMicros", 50_000);
            update(configAdmin.getConfiguration("org.embodia.velma.ethercat", "?"), "interface", peers.hostInterface());
            waitUntil(() -> agent.status() == Agent.Status.RUNNING && isSafeMode(state(VE_BODY)), 60, "the core agent running, ve_body in safe mode");

            exitSafeMode();
            waitUntil(() -> peers.rightArm().state() == FriState.COMMAND && peers.leftArm().state() == FriState.COMMAND, 60,
                    "both KRCs in FRI command mode");
            assertTrue(peers.ticks() > 0, "the bus clocked the peers");

            agent.pause();
            // A cycle already under way when pause came still ends, before the one a step asks for: from then on
            // the loop runs only the cycles the test steps.
            long peerTicks = peers.ticks();
            agent.step(1);
            waitUntil(() -> peers.ticks() > peerTicks, 60, "the peers ticked by the first stepped cycle's frame");
            CommandSession session = shell.createSession(new ByteArrayInputStream(new byte[0]), System.out, System.err);
            try {
                steps(20, "on the hardware bundles", peers);
                long hardwareTicks = peers.ticks();
                session.execute("agent:swap " + HARDWARE + " " + SIMULATION);
                assertEquals(Bundle.ACTIVE, bundle(SIMULATION).getState());
                assertEquals(Bundle.RESOLVED, bundle("org.embodia.velma.ethercat").getState());
                steps(200, "on the simulation", null);
                assertEquals(hardwareTicks, peers.ticks(), "with the master gone, no frame clocked the peers");
                session.execute("agent:swap " + SIMULATION + " " + HARDWARE);
                assertEquals(Bundle.RESOLVED, bundle(SIMULATION).getState());
                steps(200, "back on the hardware bundles", peers);
                assertTrue(peers.ticks() > hardwareTicks + 200, "the master clocks the peers again");
            } finally {
                session.close();
                agent.resume();
            }
            assertEquals(Agent.Status.RUNNING, agent.status());
            assertTrue(peers.failure() == null, "the peers ran without failing: " + peers.failure());
        }
    }

    /**
     * Steps the paused loop {@code count} cycles, checking each: every real effector stepped once, ve_body got new
     * status. On the hardware bundles each cycle's frame ticks the {@code peers}, which then send the next
     * measurements; the next cycle begins once that tick is over, as the next period would.
     */
    private void steps(int count, String where, VelmaPeers peers) throws InterruptedException {
        for (int i = 0; i < count; i++) {
            long[] before = iterations();
            long peerTicks = peers != null ? peers.ticks() : 0;
            agent.step(1);
            long[] after = iterations();
            for (int e = 0; e < EFFECTORS.length; e++) {
                assertEquals(before[e] + 1, after[e], EFFECTORS[e] + " stepped once in cycle " + i + " " + where);
            }
            assertNotEquals("idle", state(VE_BODY), "ve_body had new status from every real effector in cycle " + i + " " + where + ": " + agent.subsystems()
                    + (peers != null ? ", right KRC misses " + peers.rightArm().misses() + ", left " + peers.leftArm().misses() : ""));
            if (peers != null) {
                waitUntil(() -> peers.ticks() > peerTicks, 60, "the peers ticked by cycle " + i + "'s frame " + where);
            }
        }
    }

    private long[] iterations() {
        long[] n = new long[EFFECTORS.length];
        for (SubsystemDiagnostics d : agent.subsystems()) {
            for (int e = 0; e < EFFECTORS.length; e++) {
                if (d.name().equals(EFFECTORS[e])) {
                    n[e] = d.iterations();
                }
            }
        }
        return n;
    }

    /** ve_body leaves safe mode after 500 uninterrupted safe iterations; a late datagram on this VM interrupts them, so up to three tries. */
    private void exitSafeMode() throws InterruptedException {
        Motion end = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            end = awaitEnd(task.exitSafeMode(), 60);
            if (end.phase() == Motion.Phase.DONE) {
                return;
            }
        }
        fail("ve_body did not leave safe mode: " + end.detail());
    }

    private Motion awaitEnd(Motion m, double seconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        Motion now = task.motion(m.id());
        while (now.phase() == Motion.Phase.PENDING || now.phase() == Motion.Phase.ACTIVE) {
            if (System.nanoTime() > deadline) {
                fail(m.kind() + " #" + m.id() + " did not end within " + seconds + " s");
            }
            Thread.sleep(5);
            now = task.motion(m.id());
        }
        return now;
    }

    private String state(String subsystem) {
        // A subsystem just wired has no state yet: null, not an empty Optional's NullPointerException.
        return agent.subsystems().stream().filter(d -> d.name().equals(subsystem)).findFirst().map(SubsystemDiagnostics::state).orElse(null);
    }

    private static boolean isSafeMode(String state) {
        return state != null && state.startsWith("safe");
    }

    private Bundle bundle(String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + symbolicName);
    }

    /** Sets {@code keyValues}, key after value, in the configuration velma-agent-hw made. */
    private static void update(Configuration c, Object... keyValues) throws Exception {
        Dictionary<String, Object> p = c.getProperties();
        assertTrue(p != null, c.getPid() + " comes from velma-agent-hw");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        c.update(p);
    }

    private static int freePort() throws Exception {
        try (DatagramSocket probe = new DatagramSocket(0)) {
            return probe.getLocalPort();
        }
    }

    private static void waitUntil(BooleanSupplier condition, double seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(what + ": not within " + seconds + " s");
            }
            Thread.sleep(10);
        }
    }
}
