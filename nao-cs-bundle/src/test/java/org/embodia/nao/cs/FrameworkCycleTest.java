package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.rapp.api.AgentStatus;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.store.api.StoreServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * The lifecycle in a real framework: Felix with Declarative Services, the three apps of dynamic-agents served by a real
 * store, cs installing them through {@link BundleAgentHost}, stepped by a loop thread of the test that plays the
 * virtual side through the buffers, and the operator's {@link RappCore} called from the test's thread.
 */
class FrameworkCycleTest {
    private static final int CYCLES = 100;
    /**
     * The most threads the HTTP pools may grow by over the cycles: loads are one at a time, so a thread or two taken
     * while the last one is still being returned, whatever CYCLES.
     */
    private static final int HTTP_POOLS = 4;
    /** The framework's bundles DS needs, found on the test class path by a class each holds. */
    private static final List<String> SCR = List.of("org.osgi.util.function.Function", "org.osgi.util.promise.Promise",
            "org.osgi.service.component.ComponentContext", "org.apache.felix.scr.impl.Activator");
    private static final List<String> APPS = List.of("org.embodia.rapp.app.greeter.Greeter",
            "org.embodia.rapp.app.walker.Walker", "org.embodia.rapp.app.photographer.Photographer");
    /** The package the unresolvable app imports. */
    private static final String MISSING = "org.example.missing";

    @TempDir
    Path dir;

    @Test
    void theGreeterRunsThenHundredDeployDestroyCyclesLeaveNothingBehind() throws Exception {
        Path served = Files.createDirectories(dir.resolve("store"));
        for (String app : APPS) {
            Path jar = jarOf(app);
            Files.copy(jar, served.resolve(jar.getFileName()));
        }
        withCs(served, (framework, rig, side) -> {
            RappCore core = rig.cs;
            await("the store's apps are read", () -> core.apps().size() == 3 && "listen".equals(core.status().state()));
            assertEquals(List.of("hello", "greet"), core.apps().get("greeter"));

            core.deploy("greeter");
            await("the greeter ran and cs listens again", () -> core.status().destroyed() == 1
                    && "listen".equals(core.status().state()));
            assertEquals(List.of("Hello! How are you?", "I am glad you are fine."), side.said);
            assertEquals(new RappStatus("listen", null, null, null, 1, 1), core.status());
            rig.awaitWorker();
            assertEquals(List.of(), apps(framework), "the greeter's bundle is gone");

            side.answering = false;
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            int before = threads.getThreadCount();
            long ownBefore = own();
            for (int i = 0; i < CYCLES; i++) {
                core.deploy("greeter");
                await("Working", () -> core.status().agentStatus() == AgentStatus.WORKING);
                core.destroy();
                long destroyed = i + 2;
                await("destroyed and listening", () -> core.status().destroyed() == destroyed
                        && "listen".equals(core.status().state()));
            }
            rig.awaitWorker();
            long own = own();
            // The last agents' threads end on their interrupt, on their own time.
            long settled = System.nanoTime() + Rig.PATIENCE.toNanos();
            while (own > ownBefore && System.nanoTime() - settled < 0) {
                Thread.sleep(20);
                own = own();
            }
            int after = threads.getThreadCount();
            List<Bundle> left = apps(framework);
            BundleContext context = framework.getBundleContext();
            int services = context.getAllServiceReferences(DynamicAgent.class.getName(), null) == null ? 0
                    : context.getAllServiceReferences(DynamicAgent.class.getName(), null).length;
            RappStatus status = core.status();
            System.out.println("FrameworkCycleTest: " + CYCLES + " deploy/destroy cycles: activated " + status.activated()
                    + ", destroyed " + status.destroyed() + ", app bundles installed " + left.size()
                    + ", DynamicAgent services " + services + ", live threads " + before + " before, " + after
                    + " after, of which not HTTP pool threads " + ownBefore + " before, " + own + " after");
            assertEquals(List.of(), left);
            assertEquals(0, services);
            assertEquals(CYCLES + 1, status.activated());
            assertEquals(CYCLES + 1, status.destroyed());
            assertTrue(own <= ownBefore, "live threads " + ownBefore + " before, " + own + " after");
            long poolGrowth = (after - own) - (before - ownBefore);
            assertTrue(poolGrowth <= HTTP_POOLS, "the HTTP pools grew by " + poolGrowth + " threads");
            assertNull(side.fault, () -> "the loop failed: " + side.fault);
            assertTrue(rig.failures.isEmpty(), rig.failures.toString());
            assertNull(rig.fsm.fault());
        });
    }

    @Test
    void anAppBundleThatDoesNotResolveIsAClearErrorItIsUninstalledAndCsListensAgain() throws Exception {
        Path served = Files.createDirectories(dir.resolve("store"));
        // Nothing in the framework exports the package, so Felix cannot resolve the bundle when cs starts it.
        Rig.app(served, "broken", "broken", Map.of(Constants.IMPORT_PACKAGE, MISSING));
        withCs(served, (framework, rig, side) -> {
            RappCore core = rig.cs;
            await("the store's app is read", () -> core.apps().size() == 1 && "listen".equals(core.status().state()));
            assertNull(core.status().lastError());

            core.deploy("broken");
            await("the activation failed and cs listens again", () -> core.status().lastError() != null
                    && "listen".equals(core.status().state()));
            RappStatus status = core.status();
            System.out.println("FrameworkCycleTest: an unresolvable app: " + status.lastError());
            assertTrue(status.lastError().contains("app 'broken'"), status.lastError());
            assertTrue(status.lastError().contains(MISSING), status.lastError());
            assertEquals(new RappStatus("listen", null, null, status.lastError(), 0, 0), status);
            assertEquals(status.lastError(), rig.cs.lastError());
            rig.awaitWorker();
            assertEquals(List.of(), apps(framework), "the broken app's bundle is uninstalled");
            assertNull(side.fault, () -> "the loop failed: " + side.fault);
            assertTrue(rig.failures.isEmpty(), rig.failures.toString());
            assertNull(rig.fsm.fault());
        });
    }

    /** What a test does with cs running: the framework it installs apps in, its rig, and the loop stepping it. */
    @FunctionalInterface
    private interface WithCs {
        void run(Framework framework, Rig rig, VirtualSide side) throws Exception;
    }

    /**
     * Runs {@code test} against cs on a fresh Felix with the real {@link BundleAgentHost}, finding a store that serves
     * {@code served}, stepped by the loop until {@code test} returns; then the loop, cs, the store and Felix stop.
     */
    private void withCs(Path served, WithCs test) throws Exception {
        Framework framework = framework();
        try (StoreServers.Running store = StoreServers.start(served, 0);
                Rig rig = new Rig(null, dir.resolve("cs"), 5, 600, 0.05, new BundleAgentHost(framework.getBundleContext()))) {
            // As the store's bundle would register it: cs's store_uri is empty.
            rig.cs.storeFound(store.uri());
            VirtualSide side = new VirtualSide(rig);
            side.start();
            try {
                test.run(framework, rig, side);
            } finally {
                side.stop();
            }
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }

    /**
     * The scheduler's part and e_core,ls's and r_core,mic's: one thread steps cs every millisecond; while answering,
     * it reports every SAY done and answers the greeter's wordSpotting (a dictionary with "fine") with "fine".
     */
    private static final class VirtualSide implements Runnable {
        final List<String> said = new CopyOnWriteArrayList<>();
        private final Rig rig;
        private final Thread thread = new Thread(this, "cs-loop");
        volatile boolean answering = true;
        volatile Throwable fault;
        private volatile boolean running = true;

        VirtualSide(Rig rig) {
            this.rig = rig;
        }

        void start() {
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(10_000);
        }

        @Override
        public void run() {
            try {
                while (running) {
                    rig.step();
                    if (answering && rig.lsCommand.isNew() && rig.lsCommand.get().cmd == LsCommand.Cmd.SAY) {
                        said.add(rig.lsCommand.get().text);
                        rig.replyLs();
                    }
                    MicCommand m = rig.micCommand.get();
                    if (answering && rig.micCommand.isNew() && m.cmd == MicCommand.Cmd.RECOGNIZE
                            && Arrays.asList(m.dct.words).subList(0, m.dct.count).contains("fine")) {
                        rig.hear("fine");
                    }
                    Thread.sleep(1);
                }
            } catch (Throwable e) {
                fault = e;
            }
        }
    }

    private Framework framework() throws Exception {
        Map<String, String> configuration = Map.of(
                Constants.FRAMEWORK_STORAGE, dir.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                Constants.FRAMEWORK_BOOTDELEGATION, "sun.*,com.sun.*",
                // The apps' DynamicAgent is the class this test (cs) sees: the RAPP API comes from the class path.
                Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "org.embodia.rapp.api;version=2.0.0");
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow()
                .newFramework(configuration);
        framework.start();
        for (String className : SCR) {
            framework.getBundleContext().installBundle(jarOf(className).toUri().toString()).start();
        }
        return framework;
    }

    /** The installed bundles that are apps (they name themselves in RAPP-App-Name). */
    private static List<Bundle> apps(Framework framework) {
        return Arrays.stream(framework.getBundleContext().getBundles())
                .filter(b -> b.getHeaders().get(DynamicAgent.APP_NAME_HEADER) != null).toList();
    }

    /**
     * The live threads but the HTTP pools' (the JDK client's in StoreClient, the store server's): those are cached
     * pools that keep an idle thread for a minute, so their size moves with timing, not with what cs leaves behind.
     * Their growth is asserted bounded apart (other tests of this JVM leave theirs idling too).
     */
    private static long own() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> !n.startsWith("HttpClient-") && !n.startsWith("rapp-store-http-")).count();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Rig.PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("not within " + Rig.PATIENCE.toSeconds() + " s: " + what);
            }
            Thread.sleep(2);
        }
    }

    /** The jar on the class path holding the class, found without loading it. */
    private static Path jarOf(String className) throws Exception {
        URL url = ClassLoader.getSystemResource(className.replace('.', '/') + ".class");
        if (url == null || !"jar".equals(url.getProtocol())) {
            throw new IllegalStateException(className + " is not in a jar on the class path: " + url);
        }
        String spec = url.toURI().getSchemeSpecificPart();
        return Path.of(URI.create(spec.substring(0, spec.indexOf("!/"))));
    }
}
