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
import java.util.List;
import java.util.function.BooleanSupplier;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.velma.api.FriState;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.emulator.VelmaPeers;
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
 * The velma-hw profile over its simulated peers, in Felix: the KRCs' FRI measurements trigger the core agent's
 * cycles, Velma leaves safe mode and both KRCs go to command mode; a silent KRC leaves the cycles to their deadline and
 * ve_body waiting in idle, then in safe mode, as a missing status is a fault; then {@code agent:swap} replaces the hardware bundles by the
 * simulation and back, and every cycle across both swaps is checked: each real effector ran once and ve_body's status
 * pass had new status from all of them (it never fell to idle).
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
    void theKrcsClockDrivesTheLoopAndTheSimulationSwapsInAndBackWithoutSkippingACycle() throws Exception {
        int rightPort = freePort();
        int leftPort = freePort();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        bundle(SIMULATION).stop();
        try (VelmaPeers peers = VelmaPeers.start(new InetSocketAddress(loopback, rightPort), new InetSocketAddress(loopback, leftPort))) {
            update(configAdmin.getFactoryConfiguration("org.embodia.velma.lwr", "right", "?"), "localPort", rightPort);
            update(configAdmin.getFactoryConfiguration("org.embodia.velma.lwr", "left", "?"), "localPort", leftPort);
            update(configAdmin.getConfiguration("org.embodia.velma.ethercat", "?"), "interface", peers.hostInterface());
            waitUntil(() -> agent.status() == Agent.Status.RUNNING && isSafeMode(state(VE_BODY)), 60, "the core agent running, ve_body in safe mode");
            assertTrue(activity().clock().contains("trigger=core/a.lwr_r/re,core/a.lwr_l/re"), activity().clock());

            exitSafeMode(peers);
            waitUntil(() -> peers.rightArm().state() == FriState.COMMAND && peers.leftArm().state() == FriState.COMMAND, 60,
                    "both KRCs in FRI command mode");
            waitUntil(() -> "transp".equals(state(VE_BODY)), 60, "ve_body transparent");

            // Silent, the right KRC triggers nothing: each cycle waits for its deadline, and ve_body, without its status, waits in
            // idle; when the status is back it goes to safe mode, which only cs's exit ends.
            long missed = activity().missedTriggers();
            peers.rightArm().dropFraction(1);
            waitUntil(() -> activity().missedTriggers() > missed + 50, 60, "cycles at their deadline while the right KRC is silent");
            waitUntil(() -> "idle".equals(state(VE_BODY)), 60, "ve_body idle without the right arm's status");
            peers.rightArm().dropFraction(0);
            waitUntil(() -> isSafeMode(state(VE_BODY)), 60, "ve_body in safe mode once the status is back");
            // Unanswered, the right KRC fell back to monitor mode; ve_body's safe mode answers it again, and it returns to
            // command mode, which ve_body needs before it leaves safe mode.
            waitUntil(() -> peers.rightArm().state() == FriState.COMMAND, 60, "the right KRC back in command mode");
            exitSafeMode(peers);

            agent.pause();
            CommandSession session = shell.createSession(new ByteArrayInputStream(new byte[0]), System.out, System.err);
            try {
                steps(20, "on the hardware bundles");
                session.execute("agent:swap " + HARDWARE + " " + SIMULATION);
                assertEquals(Bundle.ACTIVE, bundle(SIMULATION).getState());
                assertEquals(Bundle.RESOLVED, bundle("org.embodia.velma.ethercat").getState());
                steps(200, "on the simulation");
                session.execute("agent:swap " + SIMULATION + " " + HARDWARE);
                assertEquals(Bundle.RESOLVED, bundle(SIMULATION).getState());
                steps(200, "back on the hardware bundles");
            } finally {
                session.close();
                agent.resume();
            }
            assertEquals(Agent.Status.RUNNING, agent.status());
            assertTrue(peers.failure() == null, "the peers ran without failing: " + peers.failure());
        }
    }

    private ActivityDiagnostics activity() {
        return agent.activities().get(0);
    }

    /**
     * Steps the paused loop {@code count} cycles, checking each: every real effector ran once, ve_body got new status.
     * On the hardware bundles each stepped cycle begins with the right KRC's next measurement, which comes every 2 ms.
     */
    private void steps(int count, String where) {
        for (int i = 0; i < count; i++) {
            long[] before = iterations();
            agent.step(1);
            long[] after = iterations();
            for (int e = 0; e < EFFECTORS.length; e++) {
                assertEquals(before[e] + 1, after[e], EFFECTORS[e] + " ran once in cycle " + i + " " + where);
            }
            assertNotEquals("idle", state(VE_BODY), "ve_body had new status from every real effector in cycle " + i + " " + where + ": "
                    + agent.subsystems());
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
    private void exitSafeMode(VelmaPeers peers) throws InterruptedException {
        Motion end = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            end = awaitEnd(task.exitSafeMode(), 60);
            if (end.phase() == Motion.Phase.DONE) {
                return;
            }
        }
        List<StateSwitch> switches = agent.switches(VE_BODY);
        fail("ve_body did not leave safe mode: " + end.detail() + "; its last switch: "
                + (switches.isEmpty() ? "none" : switches.get(switches.size() - 1)) + "; KRCs " + peers.rightArm().state() + " (quality "
                + peers.rightArm().quality() + ") and " + peers.leftArm().state() + " (quality " + peers.leftArm().quality() + "); drives ready "
                + task.view().motorsReady() + "; KRC misses " + peers.rightArm().misses() + " / " + peers.leftArm().misses() + ", stale answers "
                + peers.rightArm().staleAnswers() + " / " + peers.leftArm().staleAnswers() + ", sequence gaps " + peers.rightArm().sequenceGaps() + " / "
                + peers.leftArm().sequenceGaps());
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
