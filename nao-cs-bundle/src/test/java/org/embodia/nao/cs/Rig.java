package org.embodia.nao.cs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.rapp.api.DynamicAgent;

/**
 * c_core,cs stepped as the scheduler steps it, with the virtual side played by the test through the buffers: each
 * step the effectors' and receptors' statuses go out, cs receives them, its FSM steps, its iteration ends, and the
 * test receives what cs commanded. Apps are "installed" by a stand-in host that hands out the test's agents.
 */
final class Rig implements AutoCloseable {
    static final String FILE = "fsm/nao.cs.yaml";

    final Map<String, DynamicAgent> agents = new ConcurrentHashMap<>();
    final Map<String, Integer> removed = new ConcurrentHashMap<>();
    /** What behaviours threw: a test that expects none checks it is empty. */
    final java.util.List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    /**
     * How long a test waits for cs's worker, an agent's thread or a state: a deadline for a machine under load, not a
     * measure of speed (the store's speech recognition alone takes seconds there).
     */
    static final Duration PATIENCE = Duration.ofSeconds(60);

    final NaoCs cs;
    final FsmExecutor fsm;
    final OutputBuffer<MicStatus> mic = new OutputBuffer<>("mic", MicStatus.class, MicStatus::new);
    final OutputBuffer<LsStatus> ls = new OutputBuffer<>("ls", LsStatus.class, LsStatus::new);
    final OutputBuffer<BodyStatus> body = new OutputBuffer<>("body", BodyStatus.class, BodyStatus::new);
    final InputBuffer<MicCommand> micCommand = new InputBuffer<>("mic_c", MicCommand.class, MicCommand::new);
    final InputBuffer<LsCommand> lsCommand = new InputBuffer<>("ls_c", LsCommand.class, LsCommand::new);
    final InputBuffer<BodyCommand> bodyCommand = new InputBuffer<>("body_c", BodyCommand.class, BodyCommand::new);
    final OutputBuffer<CamStatus> cam = new OutputBuffer<>("cam", CamStatus.class, CamStatus::new);
    final InputBuffer<CamCommand> camCommand = new InputBuffer<>("cam_c", CamCommand.class, CamCommand::new);

    Rig(URI store, Path dir, double callTimeout) throws FsmLoadException {
        this(store, dir, callTimeout, 600, 0.05);
    }

    Rig(URI store, Path dir, double callTimeout, double idleLimit, double storeRetry) throws FsmLoadException {
        this(store, dir, callTimeout, idleLimit, storeRetry, null);
    }

    /**
     * {@code store} null: cs finds the store as the RappStore service's address. {@code host} null: the stand-in host
     * handing out {@link #agents}.
     */
    Rig(URI store, Path dir, double callTimeout, double idleLimit, double storeRetry, AgentHost apps)
            throws FsmLoadException {
        // The store's requests, an app's activation and an agent's answer to its destroy may take PATIENCE on a loaded
        // machine.
        CsSettings settings = new CsSettings(store, List.of(NaoCs.LONG, NaoCs.ABORT), 0.4, 0.5, "English", dir, 400, 1.0, seconds(callTimeout),
                PATIENCE, PATIENCE, PATIENCE, seconds(idleLimit), seconds(storeRetry));
        AgentHost host = apps != null ? apps : (app, jar, timeout) -> {
            DynamicAgent agent = agents.get(app);
            if (agent == null) {
                throw new IllegalStateException("bundle of app '" + app + "' did not resolve: missing requirement");
            }
            return new AgentHost.Installed() {
                @Override
                public DynamicAgent agent() {
                    return agent;
                }

                @Override
                public void remove() {
                    removed.merge(app, 1, Integer::sum);
                }
            };
        };
        cs = new NaoCs(settings, host, null);
        mic.connect(cs.micStatus);
        ls.connect(cs.lsStatus);
        body.connect(cs.bodyStatus);
        cam.connect(cs.camStatus);
        cs.camCommand.connect(camCommand);
        cs.micCommand.connect(micCommand);
        cs.lsCommand.connect(lsCommand);
        cs.bodyCommand.connect(bodyCommand);
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("init", new Init(cs));
        behaviors.put("register", new Register(cs));
        behaviors.put("listen", new Listen(cs));
        behaviors.put("interpret_long", new InterpretLong(cs));
        behaviors.put("interpret_short", new InterpretShort(cs));
        behaviors.put("inform", new Inform(cs));
        behaviors.put("load", new Load(cs));
        behaviors.put("activate", new ActivateDa(cs));
        behaviors.put("wait_cmd", new WaitCmd(cs));
        behaviors.put("execute", new Execute(cs));
        behaviors.put("destroy", new Destroy(cs));
        behaviors.put("unregister", new Unregister(cs));
        behaviors.put("finish", new Finish(cs));
        behaviors.put("record_cmd", new RecordCmd(cs));
        behaviors.replaceAll((name, b) -> new Behavior() {
            @Override
            public void step(int iteration) throws Exception {
                try {
                    b.step(iteration);
                } catch (Exception | Error e) {
                    failures.add(name + ": " + e);
                    throw e;
                }
            }

            @Override
            public void terminate() {
                b.terminate();
            }
        });
        fsm = FsmExecutor.create(definition(), behaviors, cs.predicates());
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos((long) (s * 1e9));
    }

    static FsmDefinition definition() throws FsmLoadException {
        try (InputStream in = NaoCs.class.getClassLoader().getResourceAsStream(FILE)) {
            return FsmLoader.load(FILE, in, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One step: cs receives the statuses, its FSM checks the current state and runs the state that is current then
     * (one just selected runs its i0), its iteration ends, and the test receives what cs sent. Returns the state that
     * ran.
     */
    String step() {
        cs.micStatus.receive();
        cs.lsStatus.receive();
        cs.bodyStatus.receive();
        cs.camStatus.receive();
        fsm.step();
        cs.endIteration();
        micCommand.receive();
        lsCommand.receive();
        bodyCommand.receive();
        camCommand.receive();
        return fsm.currentState();
    }

    /**
     * Steps until {@code state} is the current one, so it has run (a state just selected has run its i0), sleeping a
     * little between steps for the worker and the agents; fails after {@link #PATIENCE}.
     */
    void stepUntil(String state) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!fsm.currentState().equals(state)) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("never reached " + state + " within " + PATIENCE.toSeconds() + " s; in "
                        + fsm.currentState() + ", " + fsm.predicateValues() + ", " + failures + ", " + cs.memory()
                        + ", last error: " + cs.lastError());
            }
            step();
            if (fsm.fault() != null) {
                throw new AssertionError("FSM fault: " + fsm.fault());
            }
            Thread.sleep(2);
        }
    }

    /** Steps until {@code done} holds, sleeping a little between steps; fails after {@link #PATIENCE}. */
    void stepUntil(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("not within " + PATIENCE.toSeconds() + " s: " + what + "; in "
                        + fsm.currentState() + ", " + failures + ", " + cs.memory() + ", last error: " + cs.lastError());
            }
            step();
            Thread.sleep(2);
        }
    }

    /**
     * Steps listen while the worker's read of the store waits on {@code silent}: until it took the worker's connection,
     * then {@code steps} more. A step that waited for the store would take the store's timeout, PATIENCE; each must
     * take less than half of it.
     */
    void listenWhileTheStoreIsSilent(SilentStore silent, int steps) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        int after = 0;
        while (after < steps) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("the worker did not ask the store within " + PATIENCE.toSeconds() + " s");
            }
            long t0 = System.nanoTime();
            step();
            if (System.nanoTime() - t0 >= PATIENCE.toNanos() / 2) {
                throw new AssertionError("listen waited for the store");
            }
            if (!"listen".equals(fsm.currentState())) {
                throw new AssertionError("left listen for " + fsm.currentState());
            }
            if (silent.taken() > 0) {
                after++;
            }
            Thread.sleep(2);
        }
    }

    /** Waits until the worker has done what was handed to it; fails after {@link #PATIENCE}. */
    void awaitWorker() throws InterruptedException {
        if (!cs.worker.awaitIdle(PATIENCE.toMillis())) {
            throw new AssertionError("the worker was busy for " + PATIENCE.toSeconds() + " s");
        }
    }

    /**
     * From the start to listen: init's i0 hands the worker the store's apps; once it is done, steps until listen has
     * run its i0, which sent r_core,mic the RECOGNIZE.
     */
    Rig listening() throws InterruptedException {
        if (!"init".equals(step())) {
            throw new AssertionError("the first step ran " + fsm.currentState() + ", not init");
        }
        awaitWorker();
        stepUntil("listen");
        return this;
    }

    /** r_core,mic heard {@code word}. */
    void hear(String word) {
        MicStatus s = mic.message();
        s.rw = word;
        s.rwSeq++;
        mic.send();
    }

    /** e_core,ls said what it was told. */
    void replyLs() {
        LsStatus s = ls.message();
        s.reply = true;
        s.replySeq++;
        ls.send();
    }

    /** e_core,body attained (or not) what it was told. */
    void attain(boolean attained) {
        BodyStatus s = body.message();
        s.attained = attained;
        s.attainedSeq++;
        body.send();
    }

    /** e_core,body answered a GET of {@code key} with {@code number}. */
    void value(String key, double number) {
        BodyStatus s = body.message();
        s.value.setNumber(key, number);
        s.valueSeq++;
        body.send();
    }

    /** e_core,body answered a GET of {@code key} that ALMemory does not hold. */
    void noValue(String key) {
        BodyStatus s = body.message();
        s.value.setNone(key);
        s.valueSeq++;
        body.send();
    }

    /** e_core,body's EKF pose. */
    void pose(double x, double y, double theta) {
        body.message().pose.set(x, y, theta);
        body.send();
    }

    /** e_core,body rejected cs's command. */
    void rejectBody(String reason) {
        BodyStatus s = body.message();
        s.reason = reason;
        s.reasonSeq++;
        body.send();
    }

    /** r_core,cam rejected cs's command. */
    void rejectCam(String reason) {
        CamStatus s = cam.message();
        s.reason = reason;
        s.reasonSeq++;
        cam.send();
    }

    /** r_core,cam took a BGR image of width × height with these pixels. */
    void image(int width, int height, byte[] pixels) {
        CamStatus s = cam.message();
        s.image.width = width;
        s.image.height = height;
        s.image.layers = 3;
        s.image.encoding = "bgr8";
        System.arraycopy(pixels, 0, s.image.data, 0, pixels.length);
        s.image.length = pixels.length;
        s.imageSeq++;
        cam.send();
    }

    /** An app jar with the store's RAPP headers. */
    static Path app(Path dir, String name, String keywords) throws IOException {
        return app(dir, name, keywords, Map.of());
    }

    /** An app jar with the store's RAPP headers and {@code headers} (an Import-Package, say) in its manifest. */
    static Path app(Path dir, String name, String keywords, Map<String, String> headers) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "test." + name);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("RAPP-App-Name", name);
        a.putValue("RAPP-App-Keywords", keywords);
        headers.forEach(a::putValue);
        Path file = dir.resolve(name + ".jar");
        try (OutputStream o = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(o, m)) {
            out.putNextEntry(new JarEntry("content.txt"));
            out.write(name.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return file;
    }

    @Override
    public void close() throws InterruptedException {
        cs.deactivate();
    }
}
