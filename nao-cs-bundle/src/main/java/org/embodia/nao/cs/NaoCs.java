package org.embodia.nao.cs;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
import org.embodia.nao.cs.api.RappCall;
import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.rapp.api.AgentStatus;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.transport.MessageTransport;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * c_core,cs, {@code core/a./cs} ([RAPP] §3.8): the RAPP core agent's control subsystem. It declares what nao.cs's
 * behaviours share, and its behaviours (one DS component per state) hold their transition functions: each reads s^i
 * with {@link #memory()} and writes s^(i+1) with {@link #nextMemory()}, and keeps to itself what only it uses.
 *
 * <p>Buffers, named as nao-sim's configuration wires the operator's console that stands in for cs: {@code
 * body_command}/{@code body_status}, {@code ls_…}, {@code mic_…}, {@code cam_…}, {@code touch_…}, {@code inertial_…},
 * {@code fsr_…}. Memory: {@link CsMemory}. Predicates: those nao.cs names.
 *
 * <p>Infrastructure the behaviours reach through package-private fields and methods: the settings; the
 * {@link StoreWorker}, which runs what blocks off the loop and hands back a {@link WorkerOutcome}; the running
 * {@link Agent} and the {@link AgentHost} it was installed by; the single call slot an agent's {@link AgentRapp} hands
 * its calls through, which wait_cmd empties; the {@link CallRelay} execute relays each call with; the
 * {@link OperatorConsole}; the loop's step count.
 *
 * <p>It is also the operator's {@link RappCore}: the shell's thread hands deploy's word and destroy's request to the
 * loop through the console, and reads what the loop last published there, so the operator never takes a lock the
 * loop could wait on.
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

    final CsSettings settings;
    /** What the operator hands the loop, and what the loop publishes for the operator. */
    final OperatorConsole console = new OperatorConsole();
    final StoreWorker worker;
    /** Where activate installs an app; the agent's destroy removes it there. */
    final AgentHost host;
    /** The running agent's calls, one at a time: its {@link AgentRapp} puts each here and wait_cmd takes it. */
    final AtomicReference<Call> slot = new AtomicReference<>();
    /** The apps' last RAPP calls. */
    final CallLog calls = new CallLog();
    /** execute's side of each RAPP call: the command it becomes, and its completion or rejection. Loop-only. */
    final CallRelay relay;
    /** Written by the worker when activate's agent starts, cleared by destroy. */
    private volatile Agent agent;
    private long steps;
    /** System.nanoTime() when load last ran its i0: where an app's start, lastStart, is timed from. Loop-only. */
    long loadEntered;

    /**
     * {@code transport}: what links cs to the apps' processes; needed when app.isolation is process. Greedy: the
     * transport registered after cs gives a new cs that has it.
     */
    @Activate
    public NaoCs(CsConfig config, BundleContext context,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL, policyOption = ReferencePolicyOption.GREEDY) MessageTransport transport) {
        this(CsSettings.of(config), config, context, transport);
    }

    private NaoCs(CsSettings settings, CsConfig config, BundleContext context, MessageTransport transport) {
        this(settings, host(settings, config, context, transport), null);
    }

    private static AgentHost host(CsSettings settings, CsConfig config, BundleContext context, MessageTransport transport) {
        if (!AppProcessSettings.inProcess(config)) {
            return new BundleAgentHost(context);
        }
        if (transport == null) {
            throw new IllegalStateException("app.isolation is " + AppProcessSettings.PROCESS + " and no "
                    + MessageTransport.class.getName() + " service is registered: configure the Aeron transport (PID"
                    + " org.embodia.transport.aeron), or set app.isolation to " + AppProcessSettings.FRAMEWORK);
        }
        return new ProcessAgentHost(transport, AppProcessSettings.of(config, settings.recordings()), settings.destroyTimeout());
    }

    /** {@code stores} null: the real {@link StoreClient} with store_timeout. */
    NaoCs(CsSettings settings, AgentHost host, Function<URI, StoreClient> stores) {
        super(NAME, "nao.cs", CsMemory::new);
        this.settings = settings;
        this.host = host;
        this.worker = new StoreWorker(settings,
                stores != null ? stores : uri -> new StoreClient(uri, settings.storeTimeout()), console, this::error);
        // The sensors' buffers: wired to the virtual receptors, which cs's behaviours do not command yet.
        output("touch_command", SensorCommand.class, SensorCommand::new);
        output("inertial_command", SensorCommand.class, SensorCommand::new);
        output("fsr_command", SensorCommand.class, SensorCommand::new);
        input("touch_status", SensorStatus.class, SensorStatus::new);
        input("inertial_status", SensorStatus.class, SensorStatus::new);
        input("fsr_status", SensorStatus.class, SensorStatus::new);
        relay = new CallRelay(settings, bodyCommand, bodyStatus, lsCommand, lsStatus, micCommand, micStatus, camCommand, camStatus);
        worker.submit(host::prepare);
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
                .add("callPending", () -> nextMemory().call != null)
                .add("agentDone", () -> nextMemory().call == null && agentDone());
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
        if (uri != null) {
            worker.storeLost(uri.toString());
        }
    }

    /** The service's address: the apps are read again from it at listen's next step (when store_uri is empty). */
    void storeFound(URI uri) {
        worker.storeFound(uri);
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

    @Override
    public Duration lastStart() {
        return console.lastStart();
    }

    @Override
    public List<RappCall> calls() {
        return calls.snapshot();
    }

    /** The last clear error (store, hash, bundle, agent), or null. */
    public String lastError() {
        return console.lastError();
    }

    @Deactivate
    void deactivate() {
        Agent a = agent;
        if (a != null) {
            a.destroy();
        }
        worker.shutdown();
        host.close();
    }

    @Override
    protected void iterationEnded() {
        steps++;
    }

    // What the behaviours share.

    /** The loop's iterations so far: execute's clock for the virtual side's replies. */
    long steps() {
        return steps;
    }

    /** The state a behaviour of nao.cs entered, for status(). */
    void entered(String name) {
        console.entered(name);
    }

    /** A clear error, for the operator and the log. */
    void error(String message) {
        console.error(message);
        System.err.println("nao-cs: " + message);
    }

    /** da_status into s^(i+1), published for the operator. */
    void daStatus(CsMemory next, AgentStatus status) {
        next.daStatus = status;
        console.published(status);
    }

    /**
     * getAppName(recog_word): Error for Abort, Empty and words no app claims; for Long, Error until interpret_long has
     * recog_sentence, then the app it found there. appKnown reads it too, as a function of the memory, so the
     * interpret behaviours' transitions do not depend on when the engine samples it.
     */
    static String getAppName(CsMemory m) {
        String w = m.recogWord;
        if (LONG.equals(w)) {
            // interpret_long set app_name from recog_sentence in the same step: read, not derived again, as the
            // engine samples appKnown every step and a sentence's words are not scanned without allocating.
            return m.recogSentence == null ? CsMemory.ERROR : m.appName;
        }
        return w == null || w.isEmpty() || ABORT.equals(w) ? CsMemory.ERROR : m.app.getOrDefault(w, CsMemory.ERROR);
    }

    /** The running agent, or null. */
    Agent agent() {
        return agent;
    }

    /**
     * ABORT to r_core,mic (ours): ends a word spotting it runs, whose dictionary would otherwise answer the next thing
     * said; a no-op when it runs none. It takes a command only in idle, so a RECOGNIZE goes in a later step.
     */
    static void abortSpotting(OutputBuffer<MicCommand> micCommand) {
        micCommand.message().cmd = MicCommand.Cmd.ABORT;
        micCommand.send();
    }

    /**
     * REGISTER to r_core,mic: record the front microphone at 16 kHz into {@code file} until silence ({@code energy},
     * {@code silenceTime}), as record_cmd and the RAPP calls that record a voice ask it.
     */
    static void register(MicCommand m, String file, double energy, double silenceTime) {
        m.cmd = MicCommand.Cmd.REGISTER;
        m.fp = file;
        m.enrg = energy;
        m.st = silenceTime;
        m.samplingPeriod = SAMPLING_PERIOD;
        m.params.sampleRate = 16000;
        m.params.channels[MicParams.FRONT] = true;
    }

    /** destroy: the running agent, which is no longer cs's; null when there is none. */
    Agent takeAgent() {
        Agent a = agent;
        agent = null;
        return a;
    }

    /** The running agent's status, or null. Not for the loop. */
    AgentStatus agentStatus() {
        Agent a = agent;
        return a == null ? null : a.status;
    }

    /** ξ = Terminate: no agent runs, or it returned, threw or called terminate. */
    boolean agentDone() {
        Agent a = agent;
        return a == null || a.status != AgentStatus.WORKING || a.rapp.terminated();
    }

    /** On the worker: {@code installed}'s agent becomes the running one and its thread starts. */
    void start(String app, AgentHost.Installed installed, AgentRapp rapp) {
        Agent a = new Agent(app, installed, rapp);
        agent = a;
        a.start();
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

        /**
         * Off the loop, bounded: waits destroy_timeout for the thread, then removes the bundle from the host whatever
         * the thread does.
         */
        void destroy() {
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
}
