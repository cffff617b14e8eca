package org.embodia.paxexam;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;
import static org.ops4j.pax.exam.CoreOptions.options;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.function.BooleanSupplier;

import javax.inject.Inject;

import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentSwap;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.options.MavenArtifactProvisionOption;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * In a native Felix started by Pax Exam: while an agent's loop runs, a subsystem bundle is
 * installed from its Maven artifact (the fast ticker, a mvn: URL), takes over, and is uninstalled
 * again; the loop goes on throughout and the original ticker takes over once more. The same through
 * {@link AgentSwap}, which stops what it replaces, and refuses a replacement that does not offer its subsystems.
 */
@RunWith(PaxExam.class)
public class InstallWhileRunningTest {
    private static final String VERSION = System.getProperty("embodia.version", "0.1.0-SNAPSHOT");

    @Inject
    BundleContext context;

    @Inject
    ConfigurationAdmin configAdmin;

    @Inject
    AgentSwap swap;

    private static MavenArtifactProvisionOption bundle(String group, String artifact, String version) {
        return mavenBundle(group, artifact, version);
    }

    @Configuration
    public Option[] config() {
        return options(
                systemProperty("org.ops4j.pax.url.mvn.localRepository").value(System.getProperty("maven.repo.local",
                        System.getProperty("user.home") + "/.m2/repository")),
                // how long @Inject waits for a service (10 s by default): a deadline no loaded machine comes near
                systemProperty("pax.exam.service.timeout").value("60000"),
                junitBundles(),
                bundle("org.apache.felix", "org.apache.felix.scr", "2.2.18"),
                bundle("org.apache.felix", "org.apache.felix.configadmin", "1.9.26"),
                bundle("org.osgi", "org.osgi.service.component", "1.5.1"),
                bundle("org.osgi", "org.osgi.util.promise", "1.3.0"),
                bundle("org.osgi", "org.osgi.util.function", "1.2.0"),
                bundle("org.yaml", "snakeyaml", "2.5"),
                bundle("net.java.dev.jna", "jna", "5.19.1"),
                bundle("org.embodia", "embodia-api", VERSION),
                bundle("org.embodia", "embodia-fsm-engine", VERSION),
                bundle("org.embodia", "embodia-scheduler", VERSION),
                bundle("org.embodia", "embodia-example-agent", VERSION),
                bundle("org.embodia", "embodia-example-ticker", VERSION));
    }

    private static void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }

    private Agent agent() {
        return context.getService(context.getServiceReference(Agent.class));
    }

    private static long cycles(Agent a) {
        return a.activities().stream().mapToLong(d -> d.cycles()).sum();
    }

    private static String count(Agent a) {
        return a.lastMessage("core/a.counter/vr", "count");
    }

    private org.osgi.service.cm.Configuration runAgent() throws Exception {
        org.osgi.service.cm.Configuration c = configAdmin.getFactoryConfiguration(Agent.FACTORY_PID, "paxexam", "?");
        Dictionary<String, Object> p = new Hashtable<>();
        p.put("name", "paxexam");
        p.put("activities", new String[] {"main 200Hz: core/a.ticker/rr, core/a.counter/vr"});
        p.put("connections", new String[] {"core/a.ticker/rr:ticks -> core/a.counter/vr:ticks"});
        p.put("priority", 0);
        c.update(p);
        waitUntil(() -> context.getServiceReference(Agent.class) != null && agent().status() == Agent.Status.RUNNING, "the agent running");
        waitUntil(() -> count(agent()).endsWith("source=1]"), "counting ticks of the first ticker");
        return c;
    }

    private Bundle bundle(String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + symbolicName);
    }

    @Test
    public void aSubsystemBundleInstalledFromItsMavenArtifactTakesOverWhileTheLoopRunsAndLeavesAgain() throws Exception {
        org.osgi.service.cm.Configuration c = runAgent();
        Agent a = agent();

        Bundle fast = context.installBundle("mvn:org.embodia/embodia-example-ticker-fast/" + VERSION);
        fast.start();
        long atInstall = cycles(a);
        waitUntil(() -> count(a).endsWith("source=10]"), "the fast ticker's ticks");
        waitUntil(() -> cycles(a) > atInstall + 20, "the loop going on with the fast ticker");

        fast.uninstall();
        long atUninstall = cycles(a);
        waitUntil(() -> count(a).endsWith("source=1]"), "the first ticker again");
        waitUntil(() -> cycles(a) > atUninstall + 20, "the loop going on");
        assertEquals(Agent.Status.RUNNING, a.status());
        assertEquals(0, a.subsystems().stream().mapToLong(s -> s.failures()).sum());
        c.delete();
    }

    @Test
    public void theSwapServiceReplacesABundleAndStopsItThenSwapsBackByName() throws Exception {
        org.osgi.service.cm.Configuration c = runAgent();
        Agent a = agent();
        Bundle ticker = bundle("org.embodia.examples.ticker");

        AgentSwap.Swap in = swap.install(List.of("org.embodia.examples.ticker"), "mvn:org.embodia/embodia-example-ticker-fast/" + VERSION);
        assertEquals(List.of("org.embodia.examples.ticker"), in.stopped());
        assertEquals(List.of("org.embodia.examples.ticker.fast"), in.started());
        assertEquals(List.of("core/a.ticker/rr"), in.subsystems());
        assertEquals("the replaced bundle is stopped", Bundle.RESOLVED, ticker.getState());
        waitUntil(() -> count(a).endsWith("source=10]"), "the fast ticker's ticks");

        AgentSwap.Swap back = swap.swap(List.of("org.embodia.examples.ticker.fast"), List.of("org.embodia.examples.ticker"));
        assertEquals(List.of("core/a.ticker/rr"), back.subsystems());
        assertEquals(Bundle.ACTIVE, ticker.getState());
        assertEquals(Bundle.RESOLVED, bundle("org.embodia.examples.ticker.fast").getState());
        waitUntil(() -> count(a).endsWith("source=1]"), "the first ticker again");

        // the example agent's bundle offers the counter, not the ticker: refused, and the ticker keeps running
        // (assertThrows is JUnit 4.13's; the container's JUnit bundle may be older)
        try {
            swap.swap(List.of("org.embodia.examples.ticker"), List.of("org.embodia.examples.agent"));
            fail("a replacement without the ticker was taken");
        } catch (IllegalStateException refused) {
            assertTrue(refused.getMessage(), refused.getMessage().contains("do not offer core/a.ticker/rr"));
        }
        assertEquals(Bundle.ACTIVE, ticker.getState());
        try {
            swap.swap(List.of("org.embodia.examples.ticker"), List.of("no.such.bundle"));
            fail("an unknown bundle was taken");
        } catch (IllegalArgumentException unknown) {
            assertEquals("no bundle no.such.bundle", unknown.getMessage());
        }
        long cycles = cycles(a);
        waitUntil(() -> cycles(a) > cycles + 20, "the loop going on");
        assertEquals(Agent.Status.RUNNING, a.status());
        assertEquals(0, a.subsystems().stream().mapToLong(s -> s.failures()).sum());
        c.delete();
    }
}
