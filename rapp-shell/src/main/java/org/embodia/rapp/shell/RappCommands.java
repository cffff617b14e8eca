package org.embodia.rapp.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.apache.felix.service.command.Descriptor;
import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.RunningSubsystems;
import org.embodia.scheduler.StateSwitch;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Gogo commands of scope {@code rapp}: the RAPP core agent's dynamic agents as the operator sees them ([RAPP]
 * §3.8). They need c_core,cs running: in nao-sim the operator's console is {@code core/a./cs} until
 * {@code agent:swap org.embodia.nao.shell org.embodia.nao.cs} puts the RAPP control subsystem in its place.
 */
// Immediate: the store rapp:store starts lives as long as the commands; a delayed component would be deactivated, and
// that store stopped, once Gogo has released it after the command.
@Component(service = RappCommands.class, immediate = true, property = {"osgi.command.scope=rapp", "osgi.command.function=apps",
        "osgi.command.function=deploy", "osgi.command.function=run", "osgi.command.function=destroy", "osgi.command.function=status",
        "osgi.command.function=demo", "osgi.command.function=failures", "osgi.command.function=store",
        "osgi.command.function=soak", "osgi.command.function=hear"})
public final class RappCommands {
    static final String CS = "core/a./cs";
    /** rapp:soak's time-out per deploy, s: a trivial app takes well under a second; a loaded machine may take far more. */
    static final double SOAK_DEPLOY_SECONDS = 120;

    private final BundleContext context;
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile RappCore core;
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile NaoSimulator simulator;
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ConfigurationAdmin configurations;
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile RappStore store;
    private final RunningSubsystems running = new RunningSubsystems();
    /** The store rapp:store started on a directory, which cs uses; null while cs uses the framework's. */
    private StoreServers.Running second;

    @Activate
    public RappCommands(BundleContext context) {
        this.context = context;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        running.add(agent);
    }

    void removeAgent(Agent agent) {
        running.remove(agent);
    }

    RappCore core() {
        RappCore c = core;
        if (c == null) {
            throw new IllegalStateException("the RAPP core agent's control subsystem is not running; in nao-sim: "
                    + "agent:swap org.embodia.nao.shell org.embodia.nao.cs");
        }
        return c;
    }

    /** cs as the operator sees it, or null while none is running (DS replaces it when its configuration changes). */
    RappCore boundCore() {
        return core;
    }

    NaoSimulator simulator() {
        NaoSimulator s = simulator;
        if (s == null) {
            throw new IllegalStateException("the rapp demos speak to the simulated NAO, and this profile runs none (nao-sim does)");
        }
        return s;
    }

    ConfigurationAdmin configurations() {
        ConfigurationAdmin c = configurations;
        if (c == null) {
            throw new IllegalStateException("the failures demo repoints cs through Config Admin, and this profile runs none");
        }
        return c;
    }

    /** The store this framework runs, the one cs uses while its store.uri is empty. */
    RappStore store() {
        RappStore s = store;
        if (s == null) {
            throw new IllegalStateException("no RAPP Store runs in this framework (nao-sim starts one on the example apps)");
        }
        return s;
    }

    /** The installed bundles that are apps (they name themselves in RAPP-App-Name), by symbolic name. */
    List<String> appBundles() {
        return Arrays.stream(context.getBundles()).filter(b -> b.getState() != Bundle.UNINSTALLED)
                .filter(b -> b.getHeaders().get(DynamicAgent.APP_NAME_HEADER) != null)
                .map(b -> b.getSymbolicName() + " [" + b.getBundleId() + "]").toList();
    }

    /** The apps of the store: name and keywords. */
    @Descriptor("lists the store's apps with their keywords")
    public String apps() {
        Map<String, List<String>> apps = core().apps();
        if (apps.isEmpty()) {
            return "no apps (yet): " + describe(core().status());
        }
        StringBuilder b = new StringBuilder();
        apps.forEach((name, words) -> b.append(String.format(Locale.ROOT, "%-14s %s%n", name, String.join(", ", words))));
        return b.toString();
    }

    /** Runs an app as if its keyword had been spoken. */
    @Descriptor("runs an app as if its keyword had been spoken")
    public String deploy(@Descriptor("the app's name") String app) {
        core().deploy(app);
        return "deploying " + app + "; rapp:status shows how it goes";
    }

    /**
     * Runs an app as if its keyword had been spoken and waits until it has been destroyed and cs listens again (at most
     * {@code seconds}, 120 by default); fails with cs's error when the app could not be loaded or ended in one.
     */
    @Descriptor("runs an app as if its keyword had been spoken and waits until it has been destroyed")
    public String run(@Descriptor("the app's name") String app, @Descriptor("[timeout, s (120)]") double... seconds) throws InterruptedException {
        double limit = seconds.length > 0 ? seconds[0] : 120;
        long deadline = System.nanoTime() + (long) (limit * 1e9);
        // Just swapped in, cs reads the store's apps before it listens: wait for that rather than fail.
        awaitCs(this::listening, deadline, "cs is not listening with the store's apps within " + limit + " s");
        RappStatus before = core().status();
        core().deploy(app);
        while (true) {
            RappStatus now = core().status();
            boolean over = now.destroyed() > before.destroyed() || !Objects.equals(now.lastError(), before.lastError());
            if (over && "listen".equals(now.state())) {
                if (!Objects.equals(now.lastError(), before.lastError()) && now.lastError() != null) {
                    throw new IllegalStateException(app + ": " + now.lastError());
                }
                return app + " ran and was destroyed; " + describe(now);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(app + " did not end within " + limit + " s (" + describe(now) + ")");
            }
            Thread.sleep(20);
        }
    }

    /** cs listens, the store's apps read. */
    private boolean listening() {
        return "listen".equals(core().status().state()) && !core().apps().isEmpty();
    }

    /** Waits until {@code ready}, or fails at the deadline with {@code failure} and cs's status. */
    private void awaitCs(BooleanSupplier ready, long deadline, String failure) throws InterruptedException {
        while (!ready.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(failure + " (" + describe(core().status()) + ")");
            }
            Thread.sleep(20);
        }
    }

    /** rapp:hear's wait for cs to act on what it heard, s. */
    static final double HEAR_SECONDS = 60;

    /**
     * Says words (the simulated NAO's synthesizer) or plays one WAV file into the microphones, as a person in the room
     * would, once cs listens or records a long command, and tells what cs made of it: the app it started, the long
     * command it records, or its inform ("Command was not recognized"), with cs's switches on the way.
     */
    @Descriptor("says words or plays a WAV file to the simulated NAO and tells what cs made of it")
    public String hear(@Descriptor("the words spoken, or one WAV file") String... words)
            throws InterruptedException, IOException {
        if (words.length == 0) {
            throw new IllegalArgumentException("rapp:hear <word>... | <file.wav>");
        }
        long deadline = System.nanoTime() + (long) (HEAR_SECONDS * 1e9);
        awaitCs(() -> listening() || "record_cmd".equals(core().status().state()), deadline,
                "cs neither listens nor records a command within " + HEAR_SECONDS + " s");
        long since = switches(CS).stream().mapToLong(StateSwitch::cycle).max().orElse(-1);
        RappStatus before = core().status();
        if (words.length == 1 && words[0].toLowerCase(Locale.ROOT).endsWith(".wav")) {
            simulator().hear(Path.of(words[0]));
        } else {
            simulator().hear(String.join(" ", words));
        }
        String app = null;
        while (System.nanoTime() <= deadline) {
            RappStatus now = core().status();
            app = now.app() != null ? now.app() : app;
            List<StateSwitch> path = switches(CS).stream().filter(w -> w.cycle() > since).toList();
            String way = path.isEmpty() ? "" : path.get(0).from() + path.stream().map(w -> " -> " + w.to())
                    .collect(Collectors.joining());
            if (now.activated() > before.activated()) {
                return "cs started " + app + ": " + way;
            }
            if (!"record_cmd".equals(before.state()) && "record_cmd".equals(now.state())) {
                return "cs records a long command: " + way;
            }
            if (path.stream().anyMatch(w -> "inform".equals(w.from()) && "listen".equals(w.to()))) {
                return "cs informed and listens again: " + way;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("cs did not act on what it heard within " + HEAR_SECONDS + " s ("
                + describe(core().status()) + ")");
    }

    /**
     * Serves {@code directory}'s app jars as a store of their own and points cs at it (its store.uri, through Config
     * Admin); DS answers with a new cs, which reads that store's apps. Without a directory, cs goes back to the
     * framework's store and the second one stops. Waits (60 s at most) until cs listens with the apps.
     */
    @Descriptor("serves a directory of app jars as a store and points cs at it; without one, back to the framework's store")
    public synchronized String store(@Descriptor("[directory of app jars]") String... directory) throws Exception {
        Configuration configuration = FailureDemo.csConfiguration(configurations());
        Hashtable<String, Object> changed = FailureDemo.copy(configuration.getProperties());
        StoreServers.Running next = directory.length > 0 ? StoreServers.start(Path.of(directory[0]).toAbsolutePath(), 0) : null;
        RappCore before = boundCore();
        changed.put(FailureDemo.STORE_URI, next == null ? "" : next.uri().toString());
        configuration.update(changed);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            RappCore now = boundCore();
            if (now != null && now != before && "listen".equals(now.status().state()) && !now.apps().isEmpty()) {
                break;
            }
            if (System.nanoTime() > deadline) {
                if (next != null) {
                    next.close();
                }
                throw new IllegalStateException("cs did not listen with the store's apps within 60 s (" + csStatus() + ")");
            }
            Thread.sleep(20);
        }
        if (second != null) {
            second.close();
        }
        second = next;
        return "cs uses " + (next == null ? "the framework's store" : next) + "; apps: " + String.join(", ", core().apps().keySet());
    }

    @Deactivate
    synchronized void deactivate() {
        if (second != null) {
            second.close();
        }
    }

    /** Destroys the running app, whatever its state. */
    @Descriptor("destroys the running app, whatever its state")
    public String destroy() {
        core().destroy();
        return "destroying the running app; cs goes back to listen";
    }

    /**
     * Runs an app {@code deploys} times, each as rapp:run does (a generous time-out each), and prints its start's
     * (load to Working) p50/p99/max and the core JVM's threads, heap after a full collection, RSS and app-host JVMs
     * before and after, on one key=value line: the benchmark of the apps' start and of what deploys leave behind.
     */
    @Descriptor("runs an app n times, each until destroyed; prints load-to-Working p50/p99/max and threads, heap, RSS, app JVMs before and after")
    public String soak(@Descriptor("the app's name") String app, @Descriptor("how many deploys") int deploys) throws InterruptedException {
        return new Soak(this::core, a -> run(a, SOAK_DEPLOY_SECONDS), Soak::appJvms, System.out).run(app, deploys);
    }

    @Descriptor("prints cs's state, the running app and its da_status, the apps activated and destroyed, the last error")
    public String status() {
        return describe(core().status());
    }

    /** The voice path once, end to end: someone says an app's keyword, the app runs and is destroyed. */
    @Descriptor("runs the voice path once: a keyword spoken, the app run and destroyed")
    public String demo() throws InterruptedException {
        return new VoiceDemo(this, System.out).run();
    }

    /**
     * cs's failure cases through the running profile: an unknown word, an unreachable store, a hash mismatch and an
     * app that does not resolve, each ending in listen; cs's configuration is restored after each.
     */
    @Descriptor("runs cs's failure cases: an unknown word, an unreachable store, a hash mismatch, an app that does not resolve")
    public String failures() throws Exception {
        return FailureDemo.run(this, System.out);
    }

    static String describe(RappStatus s) {
        return String.format(Locale.ROOT, "cs %s, app %s, da_status %s, activated %d, destroyed %d%s", s.state(),
                s.app() == null ? "-" : s.app(), s.agentStatus() == null ? "-" : s.agentStatus(), s.activated(), s.destroyed(),
                s.lastError() == null ? "" : ", last error: " + s.lastError());
    }

    /** How cs is doing, also while it is not running. */
    String csStatus() {
        RappCore c = core;
        return c == null ? "c_core,cs is not running" : describe(c.status());
    }

    /** The FSM state of a subsystem in whichever agent runs it, or "-". */
    String state(String subsystem) {
        return running.state(subsystem);
    }

    /** The last state switches of a subsystem, oldest first; empty when no agent runs it. */
    List<StateSwitch> switches(String subsystem) {
        return running.switches(subsystem);
    }

    /** The last message of a subsystem's buffer, as text, in whichever agent runs it; "-" when none runs it. */
    String lastMessage(String subsystem, String buffer) {
        try {
            return running.lastMessage(subsystem, buffer);
        } catch (IllegalArgumentException e) {
            // Gone since RunningSubsystems looked (DS replaces cs after a configuration change), or no such buffer:
            // the agent's message says which.
            return "- (" + e.getMessage() + ")";
        }
    }
}
