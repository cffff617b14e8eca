package org.embodia.nao.cs;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.Image;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.Pose;
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
 * hands it work at a behaviour's i0 and polls its outcome without locks. An agent runs on a thread of its own and
 * reaches the loop only through its {@link AgentRapp}'s single call slot.
 *
 * <p>It is also the operator's {@link RappCore}: the shell's thread hands deploy's word and destroy's request to the
 * loop through an atomic reference and a volatile flag, and reads what the loop last published in volatile fields,
 * so the operator never takes a lock the loop could wait on.
 */
@Component(service = {Subsystem.class, NaoCs.class, RappCore.class}, configurationPid = NaoCs.PID)
public final class NaoCs implements Subsystem, RappCore {
    public static final String NAME = "core/a./cs";
    public static final String PID = "org.embodia.nao.cs";
    /** inform's text (§3.8.7). */
    public static final String NOT_RECOGNIZED = "Command was not recognized";
    /** The words interpret_short treats apart (§3.8.6). */
    public static final String LONG = "Long";
    public static final String ABORT = "Abort";
    /** r_core,mic's sampling period, s (NAOqi's 50 Hz step). */
    static final double SAMPLING_PERIOD = 0.02;
    private static final long STEPS_TO_REJECT = 3;
    /**
     * getTransform's pause between one angle read and the GET of the next, steps: e_core,body takes a command only in
     * idle, and its get returns there one step after passing the value, so a GET sent at once would be lost.
     */
    static final long GET_GAP = 3;
    /** getTransform sends a GET again when e_core,body has not answered it for this many steps (a GET it missed). */
    static final long GET_RESEND = 25;
    /** Why a call in progress failed when the operator destroyed its agent. */
    static final String OPERATOR_DESTROY = "the operator destroyed the agent";
    /** rest's speed to Crouch, a fraction of the maximum: our choice, NAOqi's rest() gives none. */
    static final double REST_SPEED = 0.5;
    /** rest's posture, the safe one to switch the stiffness off in (§3.8.17). */
    static final String REST_POSTURE = "Crouch";
    /** The states status() names (nao.cs's). */
    static final String INIT = "init";
    static final String REGISTER = "register";
    static final String LISTEN = "listen";
    static final String FINISH = "finish";

    final OutputBuffer<BodyCommand> bodyCommand = new OutputBuffer<>("body_command", BodyCommand.class, BodyCommand::new);
    final InputBuffer<BodyStatus> bodyStatus = new InputBuffer<>("body_status", BodyStatus.class, BodyStatus::new);
    final OutputBuffer<LsCommand> lsCommand = new OutputBuffer<>("ls_command", LsCommand.class, LsCommand::new);
    final InputBuffer<LsStatus> lsStatus = new InputBuffer<>("ls_status", LsStatus.class, LsStatus::new);
    final OutputBuffer<MicCommand> micCommand = new OutputBuffer<>("mic_command", MicCommand.class, MicCommand::new);
    final InputBuffer<MicStatus> micStatus = new InputBuffer<>("mic_status", MicStatus.class, MicStatus::new);
    final OutputBuffer<CamCommand> camCommand = new OutputBuffer<>("cam_command", CamCommand.class, CamCommand::new);
    final InputBuffer<CamStatus> camStatus = new InputBuffer<>("cam_status", CamStatus.class, CamStatus::new);
    private final List<OutputBuffer<?>> outputs;
    private final List<InputBuffer<?>> inputs;

    private final CsSettings settings;
    private final AgentHost host;
    /** A store client for an address; called on the worker only. */
    private final Function<URI, StoreClient> stores;
    private final Memory<CsMemory> memory = new Memory<>(CsMemory::new);
    private final ExecutorService worker;
    /** The worker's answer to the last job: a String error, a Path download, an Agent, a Map of apps or a Heard sentence. */
    private final AtomicReference<Object> outcome = new AtomicReference<>();
    private final AtomicReference<Call> slot = new AtomicReference<>();
    private final Predicates predicates;
    private volatile StoreClient store;
    /** The {@link RappStore} service's address, used when the configuration names none; null while none is bound. */
    private volatile URI serviceStore;
    /** The word deploy hands listen: taken (and cleared) by the loop alone. */
    private final AtomicReference<String> operatorWord = new AtomicReference<>();
    /** The operator asked for the running agent to be destroyed; the loop honours it in wait_cmd and execute. */
    private volatile boolean destroyRequested;
    /** What status() reports, published by the loop: its state, the app it deals with, da_status and the counts. */
    private volatile String state = INIT;
    private volatile String dealing;
    private volatile AgentStatus published;
    private volatile long activated;
    private volatile long destroyed;
    /** The store's apps as the worker last read them: name → keywords, in the store's order. */
    private volatile Map<String, List<String>> apps = Map.of();
    /** keyword → app, the map init puts in memory, for deploy's keyword. */
    private volatile Map<String, String> keywordMap = Map.of();
    private volatile Agent agent;
    private volatile String lastError;
    /** Whether the store's apps have been read; while not, listen asks the worker again every store_retry. */
    private volatile boolean appsRead;
    private volatile boolean readingApps;
    /** volatile: a store bound by DS makes the next read due at once. */
    private volatile long nextAppsRead;
    private final Runnable readApps = this::readApps;
    /** When wait_cmd began waiting, for idle_limit. */
    private long waitingSince;
    private Call current;
    private long sentAt;
    private long ls0;
    private long lsReason0;
    private long mic0;
    private long micReason0;
    private long body0;
    private long bodyReason0;
    /** getTransform: e_core,body's value count when the last angle was read, and the step its next GET is due. */
    private long value0;
    private long nextGet;
    private long cam0;
    private long camReason0;
    /** rest's and moveAlongPath's progress: the phase or segment under way. */
    private int phase;
    /**
     * The world frame's origin in the EKF's frame (x, y, θ): globalLocalization moves it, getRobotPosition and
     * moveAlongPath go through it. Loop-only.
     */
    private double originX;
    private double originY;
    private double originTheta;
    private long steps;
    /** When the call being executed fails on the loop's side: call_timeout after it was relayed. */
    private long deadline;

    @Activate
    public NaoCs(CsConfig config, BundleContext context) {
        this(CsSettings.of(config), new BundleAgentHost(context), null);
    }

    /** {@code stores} null: the real {@link StoreClient} with store_timeout. */
    NaoCs(CsSettings settings, AgentHost host, Function<URI, StoreClient> stores) {
        this.settings = settings;
        this.host = host;
        this.stores = stores != null ? stores : uri -> new StoreClient(uri, settings.storeTimeout());
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "nao-cs-worker");
            t.setDaemon(true);
            return t;
        });
        OutputBuffer<SensorCommand> touch = new OutputBuffer<>("touch_command", SensorCommand.class, SensorCommand::new);
        OutputBuffer<SensorCommand> inertial = new OutputBuffer<>("inertial_command", SensorCommand.class, SensorCommand::new);
        OutputBuffer<SensorCommand> fsr = new OutputBuffer<>("fsr_command", SensorCommand.class, SensorCommand::new);
        outputs = List.of(bodyCommand, lsCommand, micCommand, camCommand, touch, inertial, fsr);
        inputs = List.of(bodyStatus, lsStatus, micStatus, camStatus,
                new InputBuffer<>("touch_status", SensorStatus.class, SensorStatus::new),
                new InputBuffer<>("inertial_status", SensorStatus.class, SensorStatus::new),
                new InputBuffer<>("fsr_status", SensorStatus.class, SensorStatus::new));
        predicates = Predicates.builder()
                // s^i[tm]: a state's first check comes a step after its i0, which wrote tm = FALSE there.
                .add("tm", () -> memory.current().tm)
                .add("appKnown", () -> !CsMemory.ERROR.equals(getAppName(memory.next())))
                .add("recogLong", () -> LONG.equals(memory.next().recogWord))
                .add("recogAbort", () -> ABORT.equals(memory.next().recogWord))
                .add("loaded", () -> memory.next().pkg != null)
                .add("working", () -> memory.next().daStatus == AgentStatus.WORKING)
                .add("callPending", () -> current != null)
                .add("agentDone", () -> current == null && agentDone())
                .build();
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

    // RappCore: called on the operator's thread.

    @Override
    public Map<String, List<String>> apps() {
        return apps;
    }

    @Override
    public void deploy(String app) {
        List<String> keywords = app == null ? null : apps.get(app);
        if (keywords == null) {
            throw new IllegalArgumentException("the store has no app '" + app + "'; it has " + apps.keySet());
        }
        // The first keyword the keyword map gives to this app: an earlier app may have claimed a shared one.
        String word = null;
        Map<String, String> byKeyword = keywordMap;
        for (String k : keywords) {
            if (app.equals(byKeyword.get(k))) {
                word = k;
                break;
            }
        }
        if (word == null) {
            throw new IllegalArgumentException("app '" + app + "' has no keyword of its own: " + keywords
                    + " are all claimed by other apps");
        }
        String now = state;
        if (!LISTEN.equals(now)) {
            throw new IllegalStateException("cs is in " + now + ", not listen: " + (dealing != null
                    ? "app '" + dealing + "' is under way; destroy it first" : "it takes an app only while it listens"));
        }
        if (!operatorWord.compareAndSet(null, word)) {
            throw new IllegalStateException("a deploy of '" + operatorWord.get() + "' is already waiting for listen");
        }
    }

    @Override
    public void destroy() {
        String now = state;
        if (dealing != null && !LISTEN.equals(now)) {
            destroyRequested = true;
        }
    }

    @Override
    public RappStatus status() {
        return new RappStatus(state, dealing, published, lastError, activated, destroyed);
    }

    /** The state a behaviour of nao.cs entered, for status(); a volatile write of a constant, nothing allocated. */
    void entered(String name) {
        state = name;
    }

    private void daStatus(CsMemory next, AgentStatus status) {
        next.daStatus = status;
        published = status;
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
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return inputs;
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return outputs;
    }

    @Override
    public String fsm() {
        return "nao.cs";
    }

    @Override
    public Predicates predicates() {
        return predicates;
    }

    @Override
    public void endIteration() {
        memory.commit();
        steps++;
    }

    /** s^i. */
    public CsMemory memory() {
        return memory.current();
    }

    /** The last clear error (store, hash, bundle, agent), or null. */
    public String lastError() {
        return lastError;
    }

    /** The running agent's status, or null. Not for the loop. */
    AgentStatus agentStatus() {
        Agent a = agent;
        return a == null ? null : a.status;
    }

    private void error(String message) {
        lastError = message;
        System.err.println("nao-cs: " + message);
    }

    private boolean agentDone() {
        Agent a = agent;
        return a == null || a.status != AgentStatus.WORKING || a.rapp.terminated();
    }

    // init (§3.8.2): the configuration into memory, the store's apps into the app map and dictionary.

    void init() {
        entered(INIT);
        CsMemory next = memory.next();
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
            memory.next().tm = true;
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
            keywordMap = map;
            apps = Collections.unmodifiableMap(byName);
            outcome.set(map);
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
        CsMemory next = memory.next();
        if (iteration == 0) {
            // A deploy or destroy that raced with the end of the last app is not carried over to the next one.
            operatorWord.set(null);
            destroyRequested = false;
            dealing = null;
            published = null;
            entered(LISTEN);
            takeApps(next);
            recognize(next);
            mic0 = micStatus.get().rwSeq;
            next.tm = false;
        } else if (memory.current().tm) {
            return;
        } else if (micStatus.isNew() && micStatus.get().rwSeq != mic0) {
            next.recogWord = micStatus.get().rw;
            next.recogSentence = null;
            next.tm = true;
        } else if (operatorWord.get() != null) {
            next.recogWord = operatorWord.getAndSet(null);
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
        c.threshold = memory.current().threshold;
        micCommand.send();
    }

    /** The app map init read, once the worker has it: the dictionary becomes the configured words and its keywords. */
    @SuppressWarnings("unchecked")
    private boolean takeApps(CsMemory next) {
        if (outcome.get() instanceof Map<?, ?> apps) {
            outcome.set(null);
            next.app = (Map<String, String>) apps;
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
        CsMemory next = memory.next();
        next.appName = getAppName(next);
        dealing = CsMemory.ERROR.equals(next.appName) ? null : next.appName;
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
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("record_cmd");
            MicCommand c = micCommand.message();
            c.cmd = MicCommand.Cmd.REGISTER;
            c.fp = memory.current().rd;
            c.enrg = settings.energy();
            c.st = settings.silenceTime();
            c.samplingPeriod = SAMPLING_PERIOD;
            c.params.sampleRate = 16000;
            c.params.channels[MicParams.FRONT] = true;
            micCommand.send();
            mic0 = micStatus.get().recSeq;
            micReason0 = micStatus.get().reasonSeq;
            next.tm = false;
        } else if (!memory.current().tm && micStatus.isNew()
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
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("interpret_long");
            next.recogSentence = null;
            next.tm = false;
            outcome.set(null);
            Path rd = Path.of(memory.current().rd);
            String language = memory.current().language;
            worker.execute(() -> {
                try {
                    StoreClient client = client();
                    outcome.set(client == null ? "the long command could not be recognized: " + noStore()
                            : new Heard(client.recognizeSpeech(rd, language)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set("the long command could not be recognized: " + e.getMessage());
                }
            });
        } else if (!memory.current().tm) {
            Object o = outcome.getAndSet(null);
            if (o instanceof Heard heard) {
                next.recogSentence = heard.sentence();
                next.appName = appInSentence(next);
                dealing = CsMemory.ERROR.equals(next.appName) ? null : next.appName;
            } else if (o instanceof String why) {
                error(why);
                next.appName = CsMemory.ERROR;
            } else {
                return;
            }
            next.say = NOT_RECOGNIZED;
            next.tm = true;
        }
    }

    /** The worker's answer to interpret_long: the sentence the RAPP Platform heard. */
    private record Heard(String sentence) {
    }

    // inform (§3.8.7)

    void inform(int iteration) {
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("inform");
            LsCommand c = lsCommand.message();
            c.cmd = LsCommand.Cmd.SAY;
            c.text = memory.current().say;
            c.params.dl = memory.current().language;
            lsCommand.send();
            ls0 = lsStatus.get().replySeq;
            lsReason0 = lsStatus.get().reasonSeq;
            next.tm = false;
        } else if (!memory.current().tm && lsStatus.isNew()
                && (lsStatus.get().replySeq != ls0 || lsStatus.get().reasonSeq != lsReason0)) {
            next.tm = true;
        }
    }

    // load (§3.8.8): downloadDAPackage() on the worker; downloaded is its outcome.

    void load(int iteration) {
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("load");
            String app = memory.current().appName;
            next.pkg = null;
            next.tm = false;
            outcome.set(null);
            Path target = settings.recordings().resolve("apps").resolve(app + ".jar");
            worker.execute(() -> {
                try {
                    StoreClient client = client();
                    if (client == null) {
                        outcome.set("app '" + app + "' could not be loaded: " + noStore());
                        return;
                    }
                    Files.createDirectories(target.getParent());
                    outcome.set(client.download(app, target));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set("app '" + app + "' could not be loaded: " + e.getMessage());
                }
            });
        } else if (!memory.current().tm) {
            Object o = outcome.getAndSet(null);
            if (o instanceof Path jar) {
                next.pkg = jar.toString();
                next.tm = true;
            } else if (o instanceof String why) {
                error(why);
                next.say = "The app " + memory.current().appName + " could not be loaded";
                next.tm = true;
            }
        }
    }

    // activate (§3.8.9): activateDA(package) on the worker; da_status Working once the agent's thread runs.

    void activate(int iteration) {
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("activate");
            String app = memory.current().appName;
            Path jar = Path.of(memory.current().pkg);
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
                    outcome.set(a);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    outcome.set("app '" + app + "' could not be activated: " + e);
                }
            });
        } else if (!memory.current().tm) {
            Object o = outcome.getAndSet(null);
            if (o instanceof Agent) {
                daStatus(next, AgentStatus.WORKING);
                activated++;
                next.tm = true;
            } else if (o instanceof String why) {
                error(why);
                daStatus(next, AgentStatus.ERROR);
                next.tm = true;
            }
        }
    }

    // wait_cmd (§3.8.10): a call of the agent, or its end (ξ = Terminate).

    void waitCmd(int iteration) {
        CsMemory next = memory.next();
        if (iteration == 0) {
            entered("wait_cmd");
            next.tm = false;
            waitingSince = System.nanoTime();
            return;
        }
        if (memory.current().tm) {
            return;
        }
        if (destroyRequested) {
            // The operator's destroy: no call is taken, so not callPending leads to destroy.
            destroyRequested = false;
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
            error("app '" + (a == null ? memory.current().appName : a.app) + "' made no RAPP call and did not end for "
                    + settings.idleLimit().toMillis() + " ms (idle.limit): it is destroyed");
            daStatus(next, AgentStatus.ERROR);
            next.tm = true;
        }
    }

    // execute (§3.8.11): one state for every RAPP function, relaying the pending call.

    void execute(int iteration) {
        CsMemory next = memory.next();
        Call c = current;
        if (iteration == 0) {
            entered("execute");
            next.tm = false;
            sentAt = steps;
            relay(c);
            return;
        }
        if (memory.current().tm) {
            return;
        }
        if (c.state.get() != Call.TAKEN) {
            finishCall(next);
        } else if (destroyRequested) {
            // Back to wait_cmd, which honours the request; the request stays set until then.
            c.fail(OPERATOR_DESTROY);
            finishCall(next);
        } else if (completed(c)) {
            c.complete();
            finishCall(next);
        } else if (rejection(c) != null) {
            c.fail(rejection(c));
            finishCall(next);
        } else if (System.nanoTime() - deadline >= 0) {
            c.fail("no completion reported within " + settings.callTimeout().toMillis() + " ms");
            finishCall(next);
        }
    }

    private void finishCall(CsMemory next) {
        current = null;
        next.tm = true;
    }

    private void relay(Call c) {
        deadline = System.nanoTime() + settings.callTimeout().toNanos();
        ls0 = lsStatus.get().replySeq;
        lsReason0 = lsStatus.get().reasonSeq;
        mic0 = c.fn == Call.Fn.WORD_SPOTTING ? micStatus.get().rwSeq : micStatus.get().recSeq;
        micReason0 = micStatus.get().reasonSeq;
        body0 = bodyStatus.get().attainedSeq;
        bodyReason0 = bodyStatus.get().reasonSeq;
        value0 = bodyStatus.get().valueSeq;
        nextGet = steps;
        cam0 = camStatus.get().imageSeq;
        camReason0 = camStatus.get().reasonSeq;
        phase = 0;
        switch (c.fn) {
            case TEXT_TO_SPEECH -> {
                LsCommand l = lsCommand.message();
                l.cmd = LsCommand.Cmd.SAY;
                l.text = c.text;
                l.params.dl = c.language;
                lsCommand.send();
            }
            case PLAY_AUDIO -> {
                LsCommand l = lsCommand.message();
                l.cmd = LsCommand.Cmd.PLAY;
                l.fp = c.file;
                l.beginPosition = c.a;
                l.playLoop = c.flag;
                l.volume = c.b;
                lsCommand.send();
            }
            case WORD_SPOTTING -> {
                MicCommand m = micCommand.message();
                m.cmd = MicCommand.Cmd.RECOGNIZE;
                m.dct.clear();
                for (String w : c.words) {
                    m.dct.add(w);
                }
                m.threshold = c.a;
                micCommand.send();
            }
            case CAPTURE_AUDIO -> {
                MicCommand m = micCommand.message();
                m.cmd = MicCommand.Cmd.RECORD;
                m.fp = c.file;
                m.time = c.a;
                m.samplingPeriod = SAMPLING_PERIOD;
                micCommand.send();
            }
            case CAPTURE_AUDIO_SILENCE, VOICE_RECORD -> {
                MicCommand m = micCommand.message();
                m.cmd = MicCommand.Cmd.REGISTER;
                m.fp = c.file;
                m.enrg = c.fn == Call.Fn.VOICE_RECORD ? settings.energy() : c.a;
                m.st = c.b;
                m.samplingPeriod = SAMPLING_PERIOD;
                m.params.sampleRate = 16000;
                m.params.channels[MicParams.FRONT] = true;
                micCommand.send();
            }
            case MOVE_TO -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.MOVE_TO;
                b.dpose.set(c.a, c.b, c.c);
                bodyCommand.send();
            }
            case MOVE_VEL -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.MOVE;
                b.velocity.set(c.a, c.b, c.c);
                bodyCommand.send();
            }
            case MOVE_STOP -> {
                bodyCommand.message().cmd = BodyCommand.Cmd.STOP;
                bodyCommand.send();
            }
            case TAKE_PREDEFINED_POSTURE -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.POSTURE;
                b.dpost.set(c.text, c.a);
                bodyCommand.send();
            }
            case MOVE_JOINT, LOOK_AT_POINT -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.INTERPOLATION;
                b.dja.clear();
                for (int k = 0; k < c.joints.length; k++) {
                    b.dja.add(c.joints[k], c.values[k]);
                }
                b.dja.fractionMaxSpeed = c.a;
                bodyCommand.send();
            }
            case REST -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.POSTURE;
                b.dpost.set(REST_POSTURE, REST_SPEED);
                bodyCommand.send();
            }
            case MOVE_ALONG_PATH -> moveToSegment(c);
            case CAPTURE_IMAGE -> {
                CamCommand m = camCommand.message();
                m.cmd = CamCommand.Cmd.IMAGE;
                m.params.cid = (int) c.a;
                m.params.res = (int) c.b;
                m.params.cs = CamParams.kBGRColorSpace;
                m.params.fr = CamParams.maxCameraFPS;
                camCommand.send();
            }
            case SET_CAMERA_PARAMS -> {
                CamCommand m = camCommand.message();
                m.cmd = CamCommand.Cmd.SET_PARAMETERS;
                m.dataName = c.text;
                m.value = (int) c.b;
                m.params.cid = (int) c.a;
                camCommand.send();
            }
            case GET_ROBOT_POSITION, GLOBAL_LOCALIZATION -> {
                // The body effector reports its EKF pose every step: these are answered from it, no command.
            }
            // The angles are read one GET at a time (transformDone); Torso, which has none, is done at the next step.
            case GET_TRANSFORM -> transformDone(c);
        }
    }

    /**
     * moveAlongPath's segment {@link #phase}: a MOVE_TO from where the robot is now (the EKF pose, through the world
     * frame's origin) to the path's next pose, in the robot frame, so each segment starts where the last one ended.
     */
    private void moveToSegment(Call c) {
        Pose p = bodyStatus.get().pose;
        double cos = Math.cos(originTheta);
        double sin = Math.sin(originTheta);
        double wx = originX + cos * p.x - sin * p.y;
        double wy = originY + sin * p.x + cos * p.y;
        double wt = originTheta + p.theta;
        double dx = c.xs[phase] - wx;
        double dy = c.ys[phase] - wy;
        BodyCommand b = bodyCommand.message();
        b.cmd = BodyCommand.Cmd.MOVE_TO;
        b.dpose.set(Math.cos(wt) * dx + Math.sin(wt) * dy, -Math.sin(wt) * dx + Math.cos(wt) * dy,
                Math.IEEEremainder(c.thetas[phase] - wt, 2 * Math.PI));
        bodyCommand.send();
        body0 = bodyStatus.get().attainedSeq;
    }

    /** Whether the virtual side reported the call's completion (its …Seq counter moved). */
    private boolean completed(Call c) {
        return switch (c.fn) {
            case TEXT_TO_SPEECH, PLAY_AUDIO -> lsStatus.get().replySeq != ls0;
            case WORD_SPOTTING -> {
                boolean done = micStatus.get().rwSeq != mic0;
                if (done) {
                    c.word = micStatus.get().rw;
                }
                yield done;
            }
            case CAPTURE_AUDIO, CAPTURE_AUDIO_SILENCE, VOICE_RECORD -> micStatus.get().recSeq != mic0;
            case MOVE_TO, TAKE_PREDEFINED_POSTURE, MOVE_JOINT, LOOK_AT_POINT -> bodyStatus.get().attainedSeq != body0;
            // moveVel and moveStop return at once: done once the effector had the steps to reject them and did not.
            case MOVE_VEL, MOVE_STOP -> steps - sentAt >= STEPS_TO_REJECT && bodyStatus.get().reasonSeq == bodyReason0;
            // setCameraParams is one step of the camera's (§3.7.4): done once it had the steps to reject it and did not.
            case SET_CAMERA_PARAMS -> steps - sentAt >= STEPS_TO_REJECT && camStatus.get().reasonSeq == camReason0;
            case REST -> restDone(c);
            case MOVE_ALONG_PATH -> pathDone(c);
            case GET_TRANSFORM -> transformDone(c);
            case CAPTURE_IMAGE -> camStatus.get().imageSeq != cam0 && copyImage(c);
            case GET_ROBOT_POSITION -> {
                Pose p = bodyStatus.get().pose;
                double cos = Math.cos(originTheta);
                double sin = Math.sin(originTheta);
                c.x = originX + cos * p.x - sin * p.y;
                c.y = originY + sin * p.x + cos * p.y;
                c.theta = Math.IEEEremainder(originTheta + p.theta, 2 * Math.PI);
                yield true;
            }
            case GLOBAL_LOCALIZATION -> {
                // The origin that makes origin ∘ EKF pose = the given pose.
                Pose p = bodyStatus.get().pose;
                originTheta = c.c - p.theta;
                double cos = Math.cos(originTheta);
                double sin = Math.sin(originTheta);
                originX = c.a - (cos * p.x - sin * p.y);
                originY = c.b - (sin * p.x + cos * p.y);
                yield true;
            }
        };
    }

    /** rest: Crouch attained → the stiffness of the Body chain to 0; done once the effector did not reject that. */
    private boolean restDone(Call c) {
        if (phase == 0) {
            if (bodyStatus.get().attainedSeq != body0) {
                if (!bodyStatus.get().attained) {
                    c.fail(REST_POSTURE + " was not attained; the stiffness stays on");
                    return true;
                }
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.STIFFNESS;
                b.stiffness.clear();
                b.stiffness.add("Body", 0.0);
                bodyCommand.send();
                phase = 1;
                sentAt = steps;
            }
            return false;
        }
        return steps - sentAt >= STEPS_TO_REJECT && bodyStatus.get().reasonSeq == bodyReason0;
    }

    /** moveAlongPath: each attained segment starts the next; done when the last is attained. */
    private boolean pathDone(Call c) {
        if (bodyStatus.get().attainedSeq == body0) {
            return false;
        }
        if (!bodyStatus.get().attained) {
            c.fail("segment " + phase + " of the path was not attained");
            return true;
        }
        if (++phase == c.xs.length) {
            return true;
        }
        moveToSegment(c);
        return false;
    }

    /**
     * getTransform: the measured angle of each joint of the frame in turn, read from e_core,body with a GET of its
     * ALMemory key ({@link #phase} is the joint being read); the frame's transform once all are in. A GET e_core,body
     * did not take (it was busy) is sent again after {@link #GET_RESEND} steps. Allocates nothing.
     */
    private boolean transformDone(Call c) {
        BodyStatus s = bodyStatus.get();
        if (phase < c.keys.length && s.valueSeq != value0) {
            value0 = s.valueSeq;
            // A late answer to an earlier GET names another key and is passed over.
            if (c.keys[phase].equals(s.value.dataName)) {
                if (s.value.kind != DataValue.Kind.NUMBER || !Double.isFinite(s.value.number)) {
                    c.fail("e_core,body read no angle for " + c.frame.joint(phase).naoqiName() + ": " + s.value);
                    return true;
                }
                c.values[phase++] = s.value.number;
                nextGet = steps + GET_GAP;
            }
        }
        if (phase == c.keys.length) {
            c.frame.transform(c.values, c.transform);
            return true;
        }
        if (steps - nextGet >= 0) {
            BodyCommand b = bodyCommand.message();
            b.cmd = BodyCommand.Cmd.GET;
            b.dataName = c.keys[phase];
            bodyCommand.send();
            nextGet = steps + GET_RESEND;
        }
        return false;
    }

    /** captureImage: the camera's image into the room the agent's thread made for it, in its ROS layout. */
    private boolean copyImage(Call c) {
        Image image = camStatus.get().image;
        if (image.length > c.pixels.length) {
            c.fail("the camera sent " + image.length + " bytes for a " + image.width + "×" + image.height
                    + " image; the resolution asked for holds " + c.pixels.length);
            return true;
        }
        System.arraycopy(image.data, 0, c.pixels, 0, image.length);
        c.width = image.width;
        c.height = image.height;
        c.layers = image.layers;
        c.encoding = image.encoding;
        c.length = image.length;
        return true;
    }

    /** The virtual side's rejection reason for the call, or null. */
    private String rejection(Call c) {
        return switch (c.fn) {
            case TEXT_TO_SPEECH, PLAY_AUDIO -> lsStatus.get().reasonSeq != lsReason0 ? lsStatus.get().reason : null;
            case WORD_SPOTTING, CAPTURE_AUDIO, CAPTURE_AUDIO_SILENCE, VOICE_RECORD ->
                    micStatus.get().reasonSeq != micReason0 ? micStatus.get().reason : null;
            case CAPTURE_IMAGE, SET_CAMERA_PARAMS -> camStatus.get().reasonSeq != camReason0 ? camStatus.get().reason : null;
            default -> bodyStatus.get().reasonSeq != bodyReason0 ? bodyStatus.get().reason : null;
        };
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
        CsMemory next = memory.next();
        next.pkg = null;
        daStatus(next, null);
        if (a != null) {
            destroyed++;
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
