package org.embodia.nao.cs;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.ControlSubsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorStatus;
import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.rapp.api.AgentStatus;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * c_core,cs, {@code core/a./cs} ([RAPP] §3.8): the RAPP core agent's control subsystem. Its behaviours (one DS
 * component per state of nao.cs) call the methods named after them here.
 *
 * <p>Buffers, named as nao-sim's configuration wires the operator's console that stands in for cs: {@code
 * body_command}/{@code body_status}, {@code ls_…}, {@code mic_…}, {@code cam_…}, {@code touch_…}, {@code inertial_…},
 * {@code fsr_…}.
 *
 * <p>What blocks (the store, installing a bundle, stopping an agent) runs on one worker thread, in order; the loop
 * hands it work at a behaviour's i0 and polls its {@link WorkerOutcome} without locks. An agent runs on a thread of its
 * own and reaches the loop only through its {@link AgentRapp}'s single call slot; execute relays each call it takes to
 * the virtual side through {@link CallRelay}.
 *
 * <p>It is also the operator's {@link RappCore}: the shell's thread hands deploy's word and destroy's request to the
 * loop through an atomic reference and a volatile flag, and reads what the loop last published in volatile fields,
 * so the operator never takes a lock the loop could wait on.
 */
@Component(service = {Subsystem.class, NaoCs.class, RappCore.class}, configurationPid = NaoCs.PID)
public final class NaoCs extends ControlSubsystem<CsMemory> implements RappCore {
    public static final String NAME = "core/a./cs";
    public static final String PID = "org.embodia.nao.cs";
    /** inform's text (§3.8.7). */
    public static final String NOT_RECOGNIZED = "Command was not recognized";
    /** The words interpret_short treats apart (§3.8.6). */
    public static final String LONG = "Long";
    public static final String ABORT = "Abort";
    /** r_core,mic's sampling period, s (NAOqi's 50 Hz step). */
    static final double SAMPLING_PERIOD = 0.02;
    /** Why a call in progress failed when the operator destroyed its agent. */
    static final String OPERATOR_DESTROY = "the operator destroyed the agent";
    /** The states status() names (nao.cs's). */
    static final String INIT = "init";
    static final String REGISTER = "register";
    static final String LISTEN = "listen";
    static final String FINISH = "finish";

    final OutputBuffer<BodyCommand> bodyCommand = output("body_command", BodyCommand.class, BodyCommand::new);
    final InputBuffer<BodyStatus> bodyStatus = input("body_status", BodyStatus.class, BodyStatus::new);
    final OutputBuffer<LsCommand> lsCommand = output("ls_command", LsCommand.class, LsCommand::new);
    final InputBuffer<LsStatus> lsStatus = input("ls_status", LsStatus.class, LsStatus::new);
    final OutputBuffer<MicCommand> micCommand = output("mic_command", MicCommand.class, MicCommand::new);
    final InputBuffer<MicStatus> micStatus = input("mic_status", MicStatus.class, MicStatus::new);
    final OutputBuffer<CamCommand> camCommand = output("cam_command", CamCommand.class, CamCommand::new);
    final InputBuffer<CamStatus> camStatus = input("cam_status", CamStatus.class, CamStatus::new);

    private final CsSettings settings;
    private final AgentHost host;
    /** A store client for an address; called on the worker only. */
    private final Function<URI, StoreClient> stores;
    private final ExecutorService worker;
    /** The worker's answer to the last job, taken by the behaviour that gave it. */
    private final AtomicReference<WorkerOutcome> outcome = new AtomicReference<>();
    private final AtomicReference<Call> slot = new AtomicReference<>();
    /** execute's side of each RAPP call: the command it becomes, and its completion or rejection. Loop-only. */
    private final CallRelay relay;
    private volatile StoreClient store;
    /** The {@link RappStore} service's address, used when the configuration names none; null while none is bound. */
    private volatile URI serviceStore;
    /** What the operator hands the loop, and what the loop publishes for the operator. */
    private final OperatorConsole console = new OperatorConsole();
    private volatile Agent agent;
    /** Whether the store's apps have been read; while not, listen asks the worker again every store_retry. */
    private volatile boolean appsRead;
    private volatile boolean readingApps;
    /** volatile: a store bound by DS makes the next read due at once. */
    private volatile long nextAppsRead;
    private final Runnable readApps = this::readApps;
    /** When wait_cmd began waiting, for idle_limit. */
    private long waitingSince;
    private Call current;
    private long ls0;
    private long lsReason0;
    private long mic0;
    private long micReason0;
    private long steps;

    @Activate
    public NaoCs(CsConfig config, BundleContext context) {
        this(CsSettings.of(config), new BundleAgentHost(context), null);
    }

    /** {@code stores} null: the real {@link StoreClient} with store_timeout. */
    NaoCs(CsSettings settings, AgentHost host, Function<URI, StoreClient> stores) {
        super(NAME, "nao.cs", CsMemory::new);
        this.settings = settings;
        this.host = host;
        this.stores = stores != null ? stores : uri -> new StoreClient(uri, settings.storeTimeout());
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "nao-cs-worker");
            t.setDaemon(true);
            return t;
        });
        // The sensors' buffers: wired to the virtual receptors, which cs's behaviours do not command yet.
        output("touch_command", SensorCommand.class, SensorCommand::new);
        output("inertial_command", SensorCommand.class, SensorCommand::new);
        output("fsr_command", SensorCommand.class, SensorCommand::new);
        input("touch_status", SensorStatus.class, SensorStatus::new);
        input("inertial_status", SensorStatus.class, SensorStatus::new);
        input("fsr_status", SensorStatus.class, SensorStatus::new);
        relay = new CallRelay(settings, bodyCommand, bodyStatus, lsCommand, lsStatus, micCommand, micStatus, camCommand, camStatus);
    }

    @Override
    protected void predicates(Predicates.Builder predicates) {
        predicates
                // s^i[tm]: a state's first check comes a step after its i0, which wrote tm = FALSE there.
                .add("tm", () -> memory().tm)
                .add("appKnown", () -> !CsMemory.ERROR.equals(getAppName(nextMemory())))
                .add("recogLong", () -> LONG.equals(nextMemory().recogWord))
                .add("recogAbort", () -> ABORT.equals(nextMemory().recogWord))
                .add("loaded", () -> nextMemory().pkg != null)
                .add("working", () -> nextMemory().daStatus == AgentStatus.WORKING)
                .add("callPending", () -> current != null)
                .add("agentDone", () -> current == null && agentDone());
    }

    /**
     * The store registered in this framework, for when store_uri is empty: it may come and go, so the reference is
     * dynamic (DS injects dynamic references by method, not through the constructor). A new address makes listen read
     * the apps again at once.
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindStore(RappStore service, Map<String, Object> properties) {
        Object uri = properties.get(RappStore.URI_PROPERTY);
        if (uri == null) {
            error("the RappStore service has no " + RappStore.URI_PROPERTY + " property; it is not used");
            return;
        }
        try {
            storeFound(URI.create(uri.toString()));
        } catch (IllegalArgumentException e) {
            error("the RappStore service's " + RappStore.URI_PROPERTY + " '" + uri + "' is not a URI; it is not used: "
                    + e.getMessage());
        }
    }

    void unbindStore(RappStore service, Map<String, Object> properties) {
        Object uri = properties.get(RappStore.URI_PROPERTY);
        if (uri != null && uri.toString().equals(String.valueOf(serviceStore))) {
            serviceStore = null;
        }
    }

    /** The service's address: the apps are read again from it at listen's next step (when store_uri is empty). */
    void storeFound(URI uri) {
        serviceStore = uri;
        if (settings.store() == null) {
            appsRead = false;
            nextAppsRead = System.nanoTime();
        }
    }

    /** On the worker: the client of the configured store, else of the service's, else null. */
    private StoreClient client() {
        URI uri = settings.store() != null ? settings.store() : serviceStore;
        if (uri == null) {
            return null;
        }
        StoreClient c = store;
        if (c == null || !c.store().equals(uri)) {
            c = stores.apply(uri);
            store = c;
        }
        return c;
    }

    private String noStore() {
        return "store.uri is empty and no " + RappStore.class.getSimpleName() + " service is registered";
    }

    // RappCore: called on the operator's thread, answered by the console.

    @Override
    public Map<String, List<String>> apps() {
        return console.apps();
    }

    @Override
    public void deploy(String app) {
        console.deploy(app);
    }

    @Override
    public void destroy() {
        console.destroy();
    }

    @Override
    public RappStatus status() {
        return console.status();
    }

    /** The state a behaviour of nao.cs entered, for status(). */
    void entered(String name) {
        console.entered(name);
    }

    private void daStatus(CsMemory next, AgentStatus status) {
        next.daStatus = status;
        console.published(status);
    }

    @Deactivate
    void deactivate() {
        Agent a = agent;
        if (a != null) {
            a.destroy(host, settings);
        }
        worker.shutdownNow();
    }

    @Override
    protected void iterationEnded() {
        steps++;
    }

    /** The last clear error (store, hash, bundle, agent), or null. */
    public String lastError() {
        return console.lastError();
    }

    /** The running agent's status, or null. Not for the loop. */
    AgentStatus agentStatus() {
        Agent a = agent;
        return a == null ? null : a.status;
    }

    private void error(String message) {
        console.error(message);
        System.err.println("nao-cs: " + message);
    }

    private boolean agentDone() {
        Agent a = agent;
        return a == null || a.status != AgentStatus.WORKING || a.rapp.terminated();
    }

    // init (§3.8.2): the configuration into memory, the store's apps into the app map and dictionary.

    void init() {
        entered(INIT);
        CsMemory next = nextMemory();
        next.threshold = settings.threshold();
        next.language = settings.language();
        next.rd = settings.recordings().resolve("command.wav").toString();
        next.say = NOT_RECOGNIZED;
        next.dictionary.clear();
        settings.dictionary().forEach(next.dictionary::add);
        appsRead = false;
        readingApps = true;
        nextAppsRead = System.nanoTime() + settings.storeRetry().toNanos();
        worker.execute(readApps);
        next.tm = false;
    }

    /**
     * init's tm: the worker has read the store's apps, or failed to (the store client's own timeout bounds that).
     * listen's first RECOGNIZE then carries the apps' keywords: r_core,mic takes no new dictionary while it
     * recognizes, so one sent before the apps were read would hold the old one until a word is heard.
     */
    void initDone() {
        if (!readingApps) {
            nextMemory().tm = true;
        }
    }

    /** On the worker: the store's apps into outcome, or a clear error (listen then asks again). */
    private void readApps() {
        try {
            StoreClient client = client();
            if (client == null) {
                error("init: no store known yet, the dictionary has only " + settings.dictionary() + " until one is ("
                        + noStore() + ")");
                return;
            }
            Map<String, String> app = new HashMap<>();
            Map<String, List<String>> byName = new LinkedHashMap<>();
            for (StoreApp a : client.apps()) {
                byName.put(a.name(), List.copyOf(a.keywords()));
                for (String k : a.keywords()) {
                    app.putIfAbsent(k, a.name());
                }
            }
            Map<String, String> map = Map.copyOf(app);
            console.appsRead(Collections.unmodifiableMap(byName), map);
            outcome.set(new WorkerOutcome.AppsRead(map));
            appsRead = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            error("init: the store's apps could not be read, the dictionary has only " + settings.dictionary()
                    + " until they can (tried again every " + settings.storeRetry().toMillis() + " ms): " + e.getMessage());
        } finally {
            readingApps = false;
        }
    }

    // listen (§3.8.4)

    /**
     * Its terminal condition, extended for the operator: a new rw from r_core,mic, or the word deploy handed over
     * (the app's first keyword), taken from the atomic reference without waiting. Deploy's word leaves r_core,mic's
     * RECOGNIZE running: r_core,mic has no way to end a recognition early (its idle rejects ABORT and recog ignores
     * commands until it passes a word), so the next word it hears ends it; cs is then not in listen and takes that rw
     * only when a wordSpotting of the app waits for one.
     */
    void listen(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            // A deploy or destroy that raced with the end of the last app is not carried over to the next one.
            console.newApp();
            entered(LISTEN);
            takeApps(next);
            recognize(next);
            mic0 = micStatus.get().rwSeq;
            next.tm = false;
        } else if (memory().tm) {
            return;
        } else if (micStatus.isNew() && micStatus.get().rwSeq != mic0) {
            next.recogWord = micStatus.get().rw;
            next.recogSentence = null;
            next.tm = true;
        } else if (console.wordWaiting()) {
            next.recogWord = console.takeWord();
            next.recogSentence = null;
            next.tm = true;
        } else {
            // When init could not read the apps, the worker tries again now and then, and the apps it gets are
            // listened for at once. The loop only hands the job over.
            if (takeApps(next)) {
                recognize(next);
            } else if (!appsRead && !readingApps && System.nanoTime() - nextAppsRead >= 0) {
                // Also while no store is known: the worker says so and the next try comes a store_retry later.
                readingApps = true;
                nextAppsRead = System.nanoTime() + settings.storeRetry().toNanos();
                worker.execute(readApps);
            }
        }
    }

    private void recognize(CsMemory next) {
        MicCommand c = micCommand.message();
        c.cmd = MicCommand.Cmd.RECOGNIZE;
        c.dct.copyFrom(next.dictionary);
        c.threshold = memory().threshold;
        micCommand.send();
    }

    /** The app map init read, once the worker has it: the dictionary becomes the configured words and its keywords. */
    private boolean takeApps(CsMemory next) {
        if (outcome.get() instanceof WorkerOutcome.AppsRead read) {
            outcome.set(null);
            next.app = read.appByKeyword();
            next.dictionary.clear();
            settings.dictionary().forEach(next.dictionary::add);
            for (String keyword : next.app.keySet()) {
                if (!settings.dictionary().contains(keyword)) {
                    next.dictionary.add(keyword);
                }
            }
            return true;
        }
        return false;
    }

    // interpret_short (§3.8.6)

    void interpretShort() {
        entered("interpret_short");
        CsMemory next = nextMemory();
        next.appName = getAppName(next);
        console.dealing(CsMemory.ERROR.equals(next.appName) ? null : next.appName);
        next.say = NOT_RECOGNIZED;
    }

    /**
     * getAppName(recog_word): Error for Abort, Empty and words no app claims; for Long, Error until interpret_long has
     * recog_sentence, then the app it found there. appKnown reads it too, as a function of the memory, so the
     * interpret behaviours' transitions do not depend on when the engine samples it.
     */
    private static String getAppName(CsMemory m) {
        String w = m.recogWord;
        if (LONG.equals(w)) {
            // interpret_long set app_name from recog_sentence in the same step: read, not derived again, as the
            // engine samples appKnown every step and a sentence's words are not scanned without allocating.
            return m.recogSentence == null ? CsMemory.ERROR : m.appName;
        }
        return w == null || w.isEmpty() || ABORT.equals(w) ? CsMemory.ERROR : m.app.getOrDefault(w, CsMemory.ERROR);
    }

    /** getAppName(recog_sentence): the app of the sentence's first word that is an app's keyword, in any letter case. */
    private static String appInSentence(CsMemory m) {
        for (String word : m.recogSentence.split(" ")) {
            for (Map.Entry<String, String> keyword : m.app.entrySet()) {
                if (keyword.getKey().equalsIgnoreCase(word)) {
                    return keyword.getValue();
                }
            }
        }
        return CsMemory.ERROR;
    }

    // record_cmd (§3.8.15)

    void recordCmd(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("record_cmd");
            MicCommand c = micCommand.message();
            c.cmd = MicCommand.Cmd.REGISTER;
            c.fp = memory().rd;
            c.enrg = settings.energy();
            c.st = settings.silenceTime();
            c.samplingPeriod = SAMPLING_PERIOD;
            c.params.sampleRate = 16000;
            c.params.channels[MicParams.FRONT] = true;
            micCommand.send();
            mic0 = micStatus.get().recSeq;
            micReason0 = micStatus.get().reasonSeq;
            next.tm = false;
        } else if (!memory().tm && micStatus.isNew()
                && (micStatus.get().recSeq != mic0 || micStatus.get().reasonSeq != micReason0)) {
            next.tm = true;
        }
    }

    // interpret_long (§3.8.5)

    /**
     * Sends rd to the RAPP Platform's speech recognition (the store's POST /speech, on the worker) and ends on the
     * sentence it heard, recog_sentence, with app_name = getAppName(recog_sentence); a store that cannot be asked is an
     * error, and either way a sentence naming no app goes to inform.
     */
    void interpretLong(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("interpret_long");
            next.recogSentence = null;
            next.tm = false;
            outcome.set(null);
            Path rd = Path.of(memory().rd);
            String language = memory().language;
            worker.execute(() -> {
                try {
                    StoreClient client = client();
                    outcome.set(client == null ? new WorkerOutcome.Failed("the long command could not be recognized: " + noStore())
                            : new WorkerOutcome.Heard(client.recognizeSpeech(rd, language)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set(new WorkerOutcome.Failed("the long command could not be recognized: " + e.getMessage()));
                }
            });
        } else if (!memory().tm) {
            WorkerOutcome o = outcome.getAndSet(null);
            if (o instanceof WorkerOutcome.Heard heard) {
                next.recogSentence = heard.sentence();
                next.appName = appInSentence(next);
                console.dealing(CsMemory.ERROR.equals(next.appName) ? null : next.appName);
            } else if (o instanceof WorkerOutcome.Failed failed) {
                error(failed.why());
                next.appName = CsMemory.ERROR;
            } else {
                return;
            }
            next.say = NOT_RECOGNIZED;
            next.tm = true;
        }
    }

    // inform (§3.8.7)

    void inform(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("inform");
            LsCommand c = lsCommand.message();
            c.cmd = LsCommand.Cmd.SAY;
            c.text = memory().say;
            c.params.dl = memory().language;
            lsCommand.send();
            ls0 = lsStatus.get().replySeq;
            lsReason0 = lsStatus.get().reasonSeq;
            next.tm = false;
        } else if (!memory().tm && lsStatus.isNew()
                && (lsStatus.get().replySeq != ls0 || lsStatus.get().reasonSeq != lsReason0)) {
            next.tm = true;
        }
    }

    // load (§3.8.8): downloadDAPackage() on the worker; downloaded is its outcome.

    void load(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("load");
            String app = memory().appName;
            next.pkg = null;
            next.tm = false;
            outcome.set(null);
            Path target = settings.recordings().resolve("apps").resolve(app + ".jar");
            worker.execute(() -> {
                try {
                    StoreClient client = client();
                    if (client == null) {
                        outcome.set(new WorkerOutcome.Failed("app '" + app + "' could not be loaded: " + noStore()));
                        return;
                    }
                    Files.createDirectories(target.getParent());
                    outcome.set(new WorkerOutcome.Downloaded(client.download(app, target)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set(new WorkerOutcome.Failed("app '" + app + "' could not be loaded: " + e.getMessage()));
                }
            });
        } else if (!memory().tm) {
            WorkerOutcome o = outcome.getAndSet(null);
            if (o instanceof WorkerOutcome.Downloaded downloaded) {
                next.pkg = downloaded.jar().toString();
                next.tm = true;
            } else if (o instanceof WorkerOutcome.Failed failed) {
                error(failed.why());
                next.say = "The app " + memory().appName + " could not be loaded";
                next.tm = true;
            }
        }
    }

    // activate (§3.8.9): activateDA(package) on the worker; da_status Working once the agent's thread runs.

    void activate(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("activate");
            String app = memory().appName;
            Path jar = Path.of(memory().pkg);
            daStatus(next, null);
            next.tm = false;
            outcome.set(null);
            slot.set(null);
            current = null;
            AgentRapp rapp = new AgentRapp(app, slot, settings.callTimeout(), settings.recordings());
            worker.execute(() -> {
                try {
                    AgentHost.Installed installed = host.install(app, jar, settings.activateTimeout());
                    Agent a = new Agent(app, installed, rapp);
                    agent = a;
                    a.start();
                    outcome.set(new WorkerOutcome.Started());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set(new WorkerOutcome.Failed("app '" + app + "' could not be activated: " + e));
                }
            });
        } else if (!memory().tm) {
            WorkerOutcome o = outcome.getAndSet(null);
            if (o instanceof WorkerOutcome.Started) {
                daStatus(next, AgentStatus.WORKING);
                console.activated();
                next.tm = true;
            } else if (o instanceof WorkerOutcome.Failed failed) {
                error(failed.why());
                daStatus(next, AgentStatus.ERROR);
                next.tm = true;
            }
        }
    }

    // wait_cmd (§3.8.10): a call of the agent, or its end (ξ = Terminate).

    void waitCmd(int iteration) {
        CsMemory next = nextMemory();
        if (iteration == 0) {
            entered("wait_cmd");
            next.tm = false;
            waitingSince = System.nanoTime();
            return;
        }
        if (memory().tm) {
            return;
        }
        if (console.destroyRequested()) {
            // The operator's destroy: no call is taken, so not callPending leads to destroy.
            console.destroyHonoured();
            next.tm = true;
            return;
        }
        Call c = slot.getAndSet(null);
        if (c != null && c.take()) {
            current = c;
            next.tm = true;
        } else if (agentDone()) {
            Agent a = agent;
            daStatus(next, a == null || a.status == AgentStatus.WORKING ? AgentStatus.FINISHED : a.status);
            next.tm = true;
        } else if (System.nanoTime() - waitingSince >= settings.idleLimit().toNanos()) {
            Agent a = agent;
            error("app '" + (a == null ? memory().appName : a.app) + "' made no RAPP call and did not end for "
                    + settings.idleLimit().toMillis() + " ms (idle.limit): it is destroyed");
            daStatus(next, AgentStatus.ERROR);
            next.tm = true;
        }
    }

    // execute (§3.8.11): one state for every RAPP function, relaying the pending call.

    void execute(int iteration) {
        CsMemory next = nextMemory();
        Call c = current;
        if (iteration == 0) {
            entered("execute");
            next.tm = false;
            relay.start(c, steps);
            return;
        }
        if (memory().tm) {
            return;
        }
        if (c.state.get() != Call.TAKEN) {
            finishCall(next);
        } else if (console.destroyRequested()) {
            // Back to wait_cmd, which honours the request; the request stays set until then.
            c.fail(OPERATOR_DESTROY);
            finishCall(next);
        } else if (relay.completed(c, steps)) {
            c.complete();
            finishCall(next);
        } else if (relay.rejection(c) != null) {
            c.fail(relay.rejection(c));
            finishCall(next);
        } else if (relay.timedOut()) {
            c.fail("no completion reported within " + settings.callTimeout().toMillis() + " ms");
            finishCall(next);
        }
    }

    private void finishCall(CsMemory next) {
        current = null;
        next.tm = true;
    }

    // destroy (§3.8.12): destroyDA() without waiting: revoke and interrupt now, stop and uninstall on the worker.

    void destroyAgent() {
        entered("destroy");
        Agent a = agent;
        agent = null;
        Call c = current;
        current = null;
        if (c != null) {
            c.fail("the agent is being destroyed");
        }
        slot.set(null);
        CsMemory next = nextMemory();
        next.pkg = null;
        daStatus(next, null);
        if (a != null) {
            console.destroyed();
            a.rapp.revoke();
            a.thread.interrupt();
            worker.execute(() -> a.destroy(host, settings));
        }
    }

    // unregister (§3.8.13) and finish (§3.8.14): the core agent ends; nothing of an agent is left.

    void unregister() {
        destroyAgent();
        entered("unregister");
        store = null;
    }

    /**
     * A running dynamic agent: its bundle, its thread and its Rapp. status is written by its thread, read by the
     * loop.
     */
    final class Agent {
        final String app;
        final AgentHost.Installed installed;
        final AgentRapp rapp;
        final Thread thread;
        volatile AgentStatus status = AgentStatus.INIT;

        Agent(String app, AgentHost.Installed installed, AgentRapp rapp) {
            this.app = app;
            this.installed = installed;
            this.rapp = rapp;
            DynamicAgent da = installed.agent();
            this.thread = new Thread(() -> {
                try {
                    da.run(rapp);
                    status = AgentStatus.FINISHED;
                } catch (Throwable e) {
                    status = AgentStatus.ERROR;
                    // Once destroyed, what it throws answers its interrupt: the reason it was destroyed stays the error.
                    if (!rapp.revoked()) {
                        error("app '" + app + "' failed: " + e);
                    }
                }
            }, "rapp-agent-" + app);
            thread.setDaemon(true);
        }

        void start() {
            status = AgentStatus.WORKING;
            thread.start();
        }

        /** Bounded: waits destroy_timeout for the thread, then removes the bundle whatever the thread does. */
        void destroy(AgentHost host, CsSettings settings) {
            rapp.revoke();
            thread.interrupt();
            try {
                thread.join(settings.destroyTimeout().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                error("app '" + app + "' ignored its interrupt for " + settings.destroyTimeout().toMillis()
                        + " ms; its bundle is removed anyway");
            }
            try {
                installed.remove();
            } catch (Exception e) {
                error("app '" + app + "' could not be removed: " + e);
            }
        }
    }

    /** Waits (not on the loop) until the worker has done what was handed to it before; false after {@code millis}. */
    boolean awaitWorker(long millis) throws InterruptedException {
        try {
            worker.submit(() -> { }).get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }
}
