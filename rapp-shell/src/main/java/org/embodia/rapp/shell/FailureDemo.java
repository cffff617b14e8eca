package org.embodia.rapp.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.embodia.nao.cs.api.RappCore;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.scheduler.StateSwitch;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * c_core,cs's failure cases ([RAPP] §3.8) through the running nao-sim profile, each ending in listen:
 * <ol type="a">
 * <li>someone says a word that is no app's keyword: interpret_short names no app, inform has e_core,ls say "Command was
 * not recognized" (§3.8.7), cs listens again;</li>
 * <li>the store cs uses goes away after cs read its apps: someone says an app's keyword, load fails naming the address
 * nobody listens on, cs informs and listens again;</li>
 * <li>the store's app jars arrive with a byte flipped (a proxy in front of the store): load's SHA-256 check fails,
 * cs informs and listens again;</li>
 * <li>a second store serves an app whose manifest imports a package nobody exports: it is downloaded, activate fails
 * with the resolver's message, the bundle is uninstalled, cs destroys and listens again.</li>
 * </ol>
 * For b to d cs is pointed at another store through Config Admin (its store.uri), which DS answers with a new cs that
 * reads that store's apps; the configuration is restored after each, whatever happened. A watcher prints every state
 * switch of c_core,cs and e_core,ls; the demo fails at the first goal missed.
 */
final class FailureDemo {
    private static final String LS = "core/a.ls/ve";
    /** inform's text (§3.8.7); nao-cs keeps it in its private package, so it is written out here. */
    static final String NOT_RECOGNIZED = "Command was not recognized";
    /**
     * A word that no app claims and that sounds like none of the dictionary's words (the keywords, Long, Abort), so
     * r_core,mic reports it under the threshold, as an empty word. With FreeTTS's kevin16 saying it, nao-sim's
     * KeywordSpotter rates "banana" 0.003 against the example apps' dictionary and the forecaster's ("kitchen" it takes
     * for "picture" at 0.40, over nao-sim's threshold of 0.2).
     */
    static final String UNKNOWN = "banana";
    private static final String APP = "greeter";
    private static final String KEYWORD = "hello";
    /** cs's configuration (nao-cs's NaoCs.PID) and the property DS maps to CsConfig.store_uri(). */
    private static final String CS_PID = "org.embodia.nao.cs";
    static final String STORE_URI = "store.uri";
    private static final double LIMIT = 60;

    /** One scenario's doings while cs is pointed elsewhere. */
    @FunctionalInterface
    private interface Scenario {
        void run() throws Exception;
    }

    private final RappCommands rapp;
    private final DemoTrace trace;

    private FailureDemo(RappCommands rapp, DemoTrace trace) {
        this.rapp = rapp;
        this.trace = trace;
    }

    /** Runs the four scenarios, printing to {@code out}; fails at the first goal missed. */
    static String run(RappCommands rapp, PrintStream out) throws Exception {
        Map<String, String> watched = new LinkedHashMap<>();
        watched.put(RappCommands.CS, "c_core,cs");
        watched.put(LS, "e_core,ls");
        try (DemoTrace trace = DemoTrace.start(rapp, out, watched)) {
            return new FailureDemo(rapp, trace).run();
        }
    }

    private String run() throws Exception {
        ConfigurationAdmin configurations = rapp.configurations();
        URI store = rapp.store().uri();
        trace.step("c_core,cs listens, the store's apps read", () -> listening() && rapp.core().apps().containsKey(APP), LIMIT);
        Map<String, List<String>> apps = rapp.core().apps();
        trace.say("  apps: " + apps + ", from the store at " + store);

        long start = System.nanoTime();
        trace.say("(a) a word that is no app's keyword");
        unknownWord();
        start = done("(a)", start);

        trace.say("(b) the store is unreachable");
        try (StoreProxy proxy = StoreProxy.start(store, StoreProxy.Mode.PASS)) {
            withCsOn(configurations, proxy.uri(), "a proxy in front of the store, about to go away", () -> {
                proxy.close();
                trace.say("> the store at " + proxy.uri() + " goes away: nobody listens there now");
                String host = proxy.uri().getHost() + ":" + proxy.uri().getPort();
                loadFails("load fails: the store is unreachable, and the error names " + host,
                        e -> e.contains(host) && e.contains("unreachable"));
            });
        }
        start = done("(b)", start);

        trace.say("(c) the app's bytes are not those the store's index describes");
        try (StoreProxy proxy = StoreProxy.start(store, StoreProxy.Mode.CORRUPT_BUNDLES)) {
            withCsOn(configurations, proxy.uri(), "a proxy in front of the store that flips a byte of every app jar", () -> {
                loadFails("load fails: the SHA-256 of the bytes received is not the index's (hash mismatch)",
                        e -> e.contains("SHA-256 mismatch") && proxy.corrupted() > 0);
                trace.say("  the proxy flipped " + proxy.lastCorrupted());
            });
        }
        start = done("(c)", start);

        trace.say("(d) an app whose bundle does not resolve");
        Path directory = Files.createTempDirectory("rapp-failures-store");
        try {
            BrokenApp.write(directory);
            try (StoreServers.Running second = StoreServers.start(directory, 0)) {
                withCsOn(configurations, second.uri(), "a second store, serving only the " + BrokenApp.NAME + ", which imports "
                        + BrokenApp.MISSING_PACKAGE, this::activateFails);
            }
        } finally {
            delete(directory);
        }
        done("(d)", start);

        trace.step("no app bundle is left installed, c_core,cs listens with the store's apps",
                () -> rapp.appBundles().isEmpty() && listening() && rapp.core().apps().equals(apps), LIMIT);
        trace.say("  " + rapp.csStatus());
        return "failures demo: an unknown word, an unreachable store, a hash mismatch and an app that does not resolve each"
                + " ended with cs listening";
    }

    /** (a): a word of no app, "not recognized", listen. */
    private void unknownWord() throws InterruptedException {
        long cs0 = trace.last(RappCommands.CS);
        Set<String> said0 = sayFiles();
        hear(UNKNOWN, "no app's keyword");
        StateSwitch informed = step("c_core,cs takes the word (listen -> interpret_short), names no app and informs "
                + "(interpret_short -> inform)", () -> {
                    StateSwitch heard = trace.switched(RappCommands.CS, cs0, "listen", "interpret_short");
                    if (heard == null) {
                        return null;
                    }
                    StateSwitch next = firstFrom(RappCommands.CS, heard.cycle(), "interpret_short");
                    if (next != null && !"inform".equals(next.to())) {
                        throw new DemoTrace.Missed("interpret_short went to " + next.to() + ", not inform: the word was "
                                + "taken for an app, Long or Abort (" + predicates(next) + ")");
                    }
                    return next;
                });
        trace.say("  " + predicates(informed));
        trace.step("e_core,ls says \"" + NOT_RECOGNIZED + "\" (idle -> say -> idle, a new say-NNNN.wav)", () -> {
            StateSwitch says = trace.switched(LS, informed.cycle() - 1, "idle", "say");
            return says != null && trace.switched(LS, says.cycle(), "say", "idle") != null && NOT_RECOGNIZED.equals(lsText())
                    && !newSayFiles(said0).isEmpty();
        }, LIMIT);
        trace.say("  e_core,ls said \"" + lsText() + "\" into " + newSayFiles(said0));
        trace.step("c_core,cs listens again (inform -> listen)",
                () -> trace.switched(RappCommands.CS, informed.cycle(), "inform", "listen") != null && listening(), LIMIT);
    }

    /** (b) and (c): someone says the greeter's keyword; load fails with an error {@code error} accepts; inform, listen. */
    private void loadFails(String what, Predicate<String> error) throws InterruptedException {
        String error0 = rapp.core().status().lastError();
        long cs0 = trace.last(RappCommands.CS);
        hear(KEYWORD, "the " + APP + "'s keyword");
        trace.step(what, () -> {
            notRecognized(cs0);
            String e = rapp.core().status().lastError();
            return e != null && !e.equals(error0) && error.test(e);
        }, LIMIT);
        trace.say("  cs's error: " + rapp.core().status().lastError());
        informsAndListens(cs0, "load");
    }

    /** (d): someone says the broken app's keyword; it is downloaded, does not resolve, is uninstalled; destroy, listen. */
    private void activateFails() throws InterruptedException {
        String error0 = rapp.core().status().lastError();
        long cs0 = trace.last(RappCommands.CS);
        hear(BrokenApp.KEYWORD, "the " + BrokenApp.NAME + "'s keyword");
        trace.step("the " + BrokenApp.NAME + " is downloaded (load -> activate); activate fails with the resolver's message",
                () -> {
                    notRecognized(cs0);
                    String e = rapp.core().status().lastError();
                    return trace.switched(RappCommands.CS, cs0, "load", "activate") != null && e != null && !e.equals(error0)
                            && e.contains("'" + BrokenApp.NAME + "'") && e.contains(BrokenApp.MISSING_PACKAGE);
                }, LIMIT);
        trace.say("  cs's error: " + rapp.core().status().lastError());
        trace.step("c_core,cs destroys (activate -> destroy) and listens again (destroy -> listen)", () -> {
            StateSwitch destroyed = trace.switched(RappCommands.CS, cs0, "activate", "destroy");
            return destroyed != null && trace.switched(RappCommands.CS, destroyed.cycle(), "destroy", "listen") != null
                    && listening();
        }, LIMIT);
        trace.step("the " + BrokenApp.NAME + "'s bundle is uninstalled", () -> rapp.appBundles().isEmpty(), LIMIT);
    }

    /** Fails the step at once when cs took the word for no app: the keyword was not heard as such. */
    private void notRecognized(long cs0) {
        StateSwitch s = trace.switched(RappCommands.CS, cs0, "interpret_short", "inform");
        if (s != null) {
            throw new DemoTrace.Missed("the keyword was not heard as one (interpret_short -> inform, " + predicates(s) + ")");
        }
    }

    private void informsAndListens(long cs0, String from) throws InterruptedException {
        trace.step("c_core,cs informs (" + from + " -> inform) and listens again (inform -> listen)", () -> {
            StateSwitch informed = trace.switched(RappCommands.CS, cs0, from, "inform");
            return informed != null && trace.switched(RappCommands.CS, informed.cycle(), "inform", "listen") != null
                    && listening();
        }, LIMIT);
        trace.say("  e_core,ls said \"" + lsText() + "\"");
    }

    /**
     * Points cs at {@code store} through Config Admin, waits for the new cs to listen with that store's apps, runs
     * {@code scenario}, and restores the configuration whatever happened.
     */
    private void withCsOn(ConfigurationAdmin configurations, URI store, String what, Scenario scenario) throws Exception {
        Configuration configuration = csConfiguration(configurations);
        Dictionary<String, Object> original = configuration.getProperties();
        Hashtable<String, Object> changed = copy(original);
        changed.put(STORE_URI, store.toString());
        Map<String, List<String>> apps0 = rapp.core().apps();
        RappCore before = rapp.core();
        trace.say("> cs's configuration " + CS_PID + ": " + STORE_URI + " = " + store + " (" + what + ")");
        configuration.update(changed);
        try {
            trace.say("  apps: " + restarted(before, "c_core,cs starts again on it and listens with its apps", null));
            scenario.run();
        } catch (Exception | Error e) {
            try {
                restore(configuration, original, apps0);
            } catch (Exception | Error r) {
                e.addSuppressed(r);
            }
            throw e;
        }
        restore(configuration, original, apps0);
    }

    private void restore(Configuration configuration, Dictionary<String, Object> original, Map<String, List<String>> apps)
            throws Exception {
        RappCore before = rapp.boundCore();
        trace.say("> cs's configuration back: " + STORE_URI + " = \"" + original.get(STORE_URI) + "\"");
        configuration.update(original);
        restarted(before, "c_core,cs starts again on it and listens with the store's apps", apps);
    }

    /** Waits for a cs other than {@code before} to listen with apps ({@code expected} ones, unless null). */
    private Map<String, List<String>> restarted(RappCore before, String what, Map<String, List<String>> expected)
            throws InterruptedException {
        trace.step(what, () -> {
            RappCore now = rapp.boundCore();
            return now != null && now != before && listening() && !now.apps().isEmpty()
                    && (expected == null || expected.equals(now.apps()));
        }, LIMIT);
        return rapp.core().apps();
    }

    static Configuration csConfiguration(ConfigurationAdmin configurations) throws IOException, InvalidSyntaxException {
        Configuration[] found = configurations.listConfigurations("(" + Constants.SERVICE_PID + "=" + CS_PID + ")");
        if (found == null || found.length == 0) {
            throw new IllegalStateException("cs has no configuration " + CS_PID + " to point at another store (nao-sim's "
                    + "configurator gives it one)");
        }
        return found[0];
    }

    static Hashtable<String, Object> copy(Dictionary<String, Object> d) {
        Hashtable<String, Object> copy = new Hashtable<>();
        for (Enumeration<String> keys = d.keys(); keys.hasMoreElements();) {
            String key = keys.nextElement();
            copy.put(key, d.get(key));
        }
        return copy;
    }

    private void hear(String word, String what) {
        double seconds = rapp.simulator().hear(word);
        trace.say(String.format(Locale.ROOT, "> someone says \"%s\", %s (%.2f s of speech)", word, what, seconds));
    }

    /** cs listens: its FSM in the engine and the state it reports. */
    private boolean listening() {
        return "listen".equals(rapp.state(RappCommands.CS)) && "listen".equals(rapp.core().status().state());
    }

    /** A step whose goal yields a switch (null: not yet); returns it. */
    private StateSwitch step(String what, Supplier<StateSwitch> goal) throws InterruptedException {
        StateSwitch[] found = new StateSwitch[1];
        trace.step(what, () -> (found[0] = goal.get()) != null, LIMIT);
        return found[0];
    }

    /** The first switch of {@code subsystem} out of {@code from} after cycle {@code after}, or null. */
    private StateSwitch firstFrom(String subsystem, long after, String from) {
        return rapp.switches(subsystem).stream().filter(s -> s.cycle() > after && s.from().equals(from))
                .min(Comparator.comparingLong(StateSwitch::cycle)).orElse(null);
    }

    /** What interpret_short decided on: its transitions' predicates. */
    private static String predicates(StateSwitch s) {
        Map<String, Boolean> p = s.predicates();
        return "appKnown " + p.get("appKnown") + ", recogLong " + p.get("recogLong") + ", recogAbort " + p.get("recogAbort");
    }

    /** The text of the latest command e_core,ls received from cs. */
    private String lsText() {
        String m = rapp.lastMessage(LS, "command");
        int at = m.indexOf("text=\"");
        int end = at < 0 ? -1 : m.indexOf('"', at + 6);
        return end < 0 ? m : m.substring(at + 6, end);
    }

    /** The loudspeakers' synthesized speech files (say-NNNN.wav in the simulator's output directory). */
    private Set<String> sayFiles() {
        try (Stream<Path> files = Files.list(rapp.simulator().outputDirectory())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("say-") && n.endsWith(".wav"))
                    .collect(TreeSet::new, Set::add, Set::addAll);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Collection<String> newSayFiles(Set<String> before) {
        Set<String> now = sayFiles();
        now.removeAll(before);
        return now;
    }

    private long done(String scenario, long since) {
        long now = System.nanoTime();
        trace.say(String.format(Locale.ROOT, "  %s done in %.2f s", scenario, (now - since) / 1e9));
        return now;
    }

    private static void delete(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
