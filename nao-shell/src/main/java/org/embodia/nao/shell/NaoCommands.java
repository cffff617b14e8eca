package org.embodia.nao.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.apache.felix.service.command.Descriptor;
import org.embodia.api.buffer.Message;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.RunningSubsystems;
import org.embodia.scheduler.StateSwitch;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Gogo commands of scope {@code nao}: one per behaviour of the NAO core agent's virtual effectors and
 * receptors ([RAPP] §3.1–3.7). Each sends cs's command through {@link NaoConsole}, waits until the
 * subsystem's FSM has run the behaviour and returned to idle, and answers with what came back to cs;
 * a rejected command answers with the subsystem's reason and leaves it in idle.
 */
@Component(service = NaoCommands.class, property = {"osgi.command.scope=nao", "osgi.command.function=status", "osgi.command.function=move",
        "osgi.command.function=halt", "osgi.command.function=moveto", "osgi.command.function=posture", "osgi.command.function=inter",
        "osgi.command.function=stiffness", "osgi.command.function=get", "osgi.command.function=say", "osgi.command.function=play",
        "osgi.command.function=stop", "osgi.command.function=voice", "osgi.command.function=record", "osgi.command.function=register",
        "osgi.command.function=recog", "osgi.command.function=image", "osgi.command.function=camparam", "osgi.command.function=touch",
        "osgi.command.function=inertial", "osgi.command.function=fsr", "osgi.command.function=hear", "osgi.command.function=press",
        "osgi.command.function=demo"})
public final class NaoCommands {
    /** The step of NAO's subsystems, s ([RAPP]: 20 ms). */
    static final double STEP = 0.02;
    /** NAOqi's defaults for what cs leaves to the operator: English, full volume, centre panorama, the 16 kHz front microphone. */
    static final String LANGUAGE = "English";
    static final String VOICE = "kevin16";
    static final int SAMPLE_RATE = 16_000;

    private final NaoConsole console;
    private final RunningSubsystems running = new RunningSubsystems();
    /** The simulated NAO, when the profile runs one: the world the demo and hear/press act on. */
    private volatile NaoSimulator simulator;
    /** Voice, language, volume and panorama for say and play, as the last {@code nao:voice} set them. */
    private volatile String voice = VOICE;
    private volatile String language = LANGUAGE;
    private volatile double volume = 1;
    private volatile double panorama;

    @Activate
    public NaoCommands(@Reference NaoConsole console) {
        this.console = console;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        running.add(agent);
    }

    void removeAgent(Agent agent) {
        running.remove(agent);
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void setSimulator(NaoSimulator s) {
        simulator = s;
    }

    void unsetSimulator(NaoSimulator s) {
        if (simulator == s) {
            simulator = null;
        }
    }

    private NaoSimulator simulator(String what) {
        NaoSimulator s = simulator;
        if (s == null) {
            throw new IllegalStateException(what + " acts on the simulated NAO, and this profile runs none (nao-sim does)");
        }
        return s;
    }

    /**
     * Someone near the (simulated) robot says {@code words}: synthesized speech reaches its four
     * microphones; or, given one argument ending in .wav, that recording does.
     */
    @Descriptor("someone near the simulated robot speaks: synthesized speech, or a recording, reaches its microphones")
    public String hear(@Descriptor("the words spoken, or one WAV file") String... words) throws IOException {
        if (words.length == 1 && words[0].endsWith(".wav")) {
            double seconds = simulator("hear").hear(Path.of(words[0]));
            return String.format(Locale.ROOT, "hear: %s, %.2f s of sound at the microphones", words[0], seconds);
        }
        String text = String.join(" ", words);
        double seconds = simulator("hear").hear(text);
        return String.format(Locale.ROOT, "hear: \"%s\", %.2f s of speech at the microphones", text, seconds);
    }

    /** A hand on (or off) one of the simulated robot's touch sensors, by NAOqi name or ALMemory key. */
    @Descriptor("puts a hand on (true) or takes it off (false) a touch sensor of the simulated robot")
    public String press(@Descriptor("the sensor's NAOqi name or ALMemory key") String sensor, @Descriptor("true to touch, false to let go") boolean touched) {
        simulator("press").touch(sensor, touched);
        return "press: " + sensor + (touched ? " touched" : " released");
    }

    /** Every behaviour once, each checked against its goal; fails at the first goal missed. */
    @Descriptor("drives every behaviour once, each checked against its goal")
    public String demo() throws InterruptedException, IOException {
        return new Demo(this, console, simulator("demo"), System.out).run();
    }

    @Descriptor("prints every subsystem's state and the EKF pose")
    public String status() {
        StringBuilder b = new StringBuilder();
        BodyStatus body = console.body.latest();
        for (Channel<?, ?> c : List.of(console.body, console.ls, console.mic, console.cam, console.touch, console.inertial, console.fsr)) {
            b.append(String.format(Locale.ROOT, "%-19s %s%n", c.target(), state(c.target())));
        }
        b.append(String.format(Locale.ROOT, "pose (EKF)          x %.3f m, y %.3f m, θ %.3f rad%n", body.pose.x, body.pose.y, body.pose.theta));
        return b.toString();
    }

    // --- e_core,body (§3.1) ---

    /** move: walk at (vx, vy, ω) in m/s, m/s, rad/s; with {@code seconds}, STOP after that long. */
    @Descriptor("move: walks at (vx, vy, omega); with a duration, STOP after it (else nao:halt stops it)")
    public String move(@Descriptor("vx, m/s") double vx, @Descriptor("vy, m/s") double vy, @Descriptor("omega, rad/s") double omega,
            @Descriptor("[duration, s]") double... seconds) throws InterruptedException {
        if (seconds.length == 0) {
            begin(console.body, c -> {
                c.cmd = BodyCommand.Cmd.MOVE;
                c.velocity.set(vx, vy, omega);
            }, (BodyStatus st) -> st.reasonSeq, s -> s.reason, "move", 2);
            return "move: walking at " + vx + ", " + vy + ", " + omega + "; nao:halt stops";
        }
        if (!(seconds[0] > 0 && seconds[0] <= 600)) {
            throw new IllegalArgumentException("move: seconds must be in (0, 600], got " + seconds[0]);
        }
        Run<BodyStatus> run = begin(console.body, c -> {
            c.cmd = BodyCommand.Cmd.MOVE;
            c.velocity.set(vx, vy, omega);
        }, (BodyStatus st) -> st.reasonSeq, s -> s.reason, "move", 2);
        Thread.sleep((long) (seconds[0] * 1000));
        console.body.post(c -> c.cmd = BodyCommand.Cmd.STOP);
        run.awaitIdle(5);
        return "move: stopped after " + seconds[0] + " s; " + pose();
    }

    /** STOP to body: ends move, moveto, posture or inter. */
    @Descriptor("STOP to body: ends move, moveto, posture or inter")
    public String halt() throws InterruptedException {
        console.body.post(c -> c.cmd = BodyCommand.Cmd.STOP);
        // STOP ends move, moveto, posture and inter through tm; in idle it does nothing.
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!"idle".equals(state(console.body.target())) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return "body: " + state(console.body.target()) + "; " + pose();
    }

    /** moveto: walk to (x, y, θ) relative to the robot, m, m, rad. */
    @Descriptor("moveto: walks to a pose relative to the robot")
    public String moveto(@Descriptor("x, m") double x, @Descriptor("y, m") double y, @Descriptor("theta, rad") double theta) throws InterruptedException {
        double seconds = 10 + 30 * Math.hypot(x, y) + 10 * Math.abs(theta);
        run(console.body, c -> {
            c.cmd = BodyCommand.Cmd.MOVE_TO;
            c.dpose.set(x, y, theta);
        }, (BodyStatus st) -> st.reasonSeq, s -> s.reason, "moveto", seconds);
        return "moveto: done; " + pose();
    }

    /** posture: go to a predefined posture (Stand, StandInit, Crouch, ...) at a fraction of the maximum speed. */
    @Descriptor("posture: goes to a predefined posture")
    public String posture(@Descriptor("Stand, StandInit, StandZero, Crouch, Sit, SitRelax, LyingBelly or LyingBack") String name,
            @Descriptor("[fraction of the maximum speed (0.8)]") double... speed) throws InterruptedException {
        double fraction = speed.length > 0 ? speed[0] : 0.8;
        BodyStatus s = run(console.body, c -> {
            c.cmd = BodyCommand.Cmd.POSTURE;
            c.dpost.set(name, fraction);
        }, (BodyStatus st) -> st.reasonSeq, st -> st.reason, "posture", 30);
        return "posture " + name + ": attained " + s.attained;
    }

    /** inter: joint angles (rad) at a fraction of the maximum speed, e.g. {@code nao:inter 0.2 HeadYaw 0.5 HeadPitch -0.1}. */
    @Descriptor("inter: moves joints to angles at a fraction of the maximum speed")
    public String inter(@Descriptor("fraction of the maximum speed") double fractionMaxSpeed,
            @Descriptor("joint names each followed by its angle, rad") String... jointsAndAngles) throws InterruptedException {
        if (jointsAndAngles.length == 0 || jointsAndAngles.length % 2 != 0) {
            throw new IllegalArgumentException("inter: give joint names and angles in pairs, e.g. nao:inter 0.2 HeadYaw 0.5");
        }
        double[] angles = new double[jointsAndAngles.length / 2];
        for (int k = 0; k < angles.length; k++) {
            angles[k] = number(jointsAndAngles[2 * k + 1], "the angle of " + jointsAndAngles[2 * k]);
        }
        BodyStatus s = run(console.body, c -> {
            c.cmd = BodyCommand.Cmd.INTERPOLATION;
            c.dja.clear();
            for (int k = 0; k < angles.length; k++) {
                c.dja.add(jointsAndAngles[2 * k], angles[k]);
            }
            c.dja.fractionMaxSpeed = fractionMaxSpeed;
        }, (BodyStatus st) -> st.reasonSeq, st -> st.reason, "inter", 30);
        return "inter: attained " + s.attained;
    }

    /** set_stiffness: a stiffness in [0, 1] for joints, chains or Body (the default). */
    @Descriptor("set_stiffness: sets the stiffness of joints, chains or the whole body")
    public String stiffness(@Descriptor("stiffness in [0, 1]") double value, @Descriptor("[joints or chains (Body)]") String... names) throws InterruptedException {
        String[] targets = names.length == 0 ? new String[] {"Body"} : names;
        run(console.body, c -> {
            c.cmd = BodyCommand.Cmd.STIFFNESS;
            c.stiffness.clear();
            for (String n : targets) {
                c.stiffness.add(n, value);
            }
        }, (BodyStatus st) -> st.reasonSeq, st -> st.reason, "set_stiffness", 10);
        return "set_stiffness: " + String.join(", ", targets) + " at " + value;
    }

    /** get from body, ls, mic or cam: the value named {@code dataName}, e.g. {@code nao:get body Device/SubDeviceList/HeadYaw/Position/Sensor/Value}. */
    @Descriptor("get: reads a value through the body, ls, mic or cam subsystem")
    public String get(@Descriptor("body, ls, mic or cam") String subsystem, @Descriptor("the ALMemory key") String dataName) throws InterruptedException {
        return switch (subsystem) {
            case "body" -> "body " + run(console.body, c -> {
                c.cmd = BodyCommand.Cmd.GET;
                c.dataName = dataName;
            }, (BodyStatus st) -> st.reasonSeq, s -> s.reason, "get", 5).value;
            case "ls" -> "ls " + run(console.ls, c -> {
                c.cmd = LsCommand.Cmd.GET;
                c.dataName = dataName;
            }, (LsStatus st) -> st.reasonSeq, s -> s.reason, "get", 5).value;
            case "mic" -> "mic " + run(console.mic, c -> {
                c.cmd = MicCommand.Cmd.GET;
                c.dataName = dataName;
            }, (MicStatus st) -> st.reasonSeq, s -> s.reason, "get", 5).value;
            case "cam" -> "cam " + run(console.cam, c -> {
                c.cmd = CamCommand.Cmd.GET;
                c.dataName = dataName;
            }, (CamStatus st) -> st.reasonSeq, s -> s.reason, "get", 5).value;
            default -> throw new IllegalArgumentException("get: the subsystem is body, ls, mic or cam, not '" + subsystem + "'");
        };
    }

    // --- e_core,ls (§3.2) ---

    /** say: speak {@code text} in the voice and language of {@code nao:voice}. */
    @Descriptor("say: speaks in the voice and language of nao:voice")
    public String say(@Descriptor("the words to say") String... words) throws InterruptedException {
        String text = String.join(" ", words);
        LsStatus s = run(console.ls, c -> {
            c.cmd = LsCommand.Cmd.SAY;
            c.text = text;
            fillVoice(c);
        }, (LsStatus st) -> st.reasonSeq, st -> st.reason, "say", 30 + text.length() * 0.2);
        return "say \"" + text + "\": reply " + s.reply;
    }

    /**
     * play: an audio file; {@code from} a position in seconds, or {@code loop} to play it over and
     * over until {@code nao:stop}.
     */
    @Descriptor("play: plays an audio file")
    public String play(@Descriptor("the audio file") String file, @Descriptor("[position to start from, s | loop]") String... fromOrLoop)
            throws InterruptedException {
        boolean loop = fromOrLoop.length > 0 && fromOrLoop[0].equals("loop");
        double from = fromOrLoop.length > 0 && !loop ? number(fromOrLoop[0], "the position to play from") : 0;
        Consumer<LsCommand> fill = c -> {
            c.cmd = LsCommand.Cmd.PLAY;
            c.fp = file;
            c.playLoop = loop;
            c.beginPosition = from;
            fillVoice(c);
        };
        if (loop) {
            begin(console.ls, fill, (LsStatus st) -> st.reasonSeq, s -> s.reason, "play", 5);
            return "play: " + file + " in a loop; nao:stop ends it";
        }
        run(console.ls, fill, (LsStatus st) -> st.reasonSeq, s -> s.reason, "play", 600);
        return "play: " + file + " played from " + from + " s";
    }

    /** stop: ends what the loudspeaker plays or says. */
    @Descriptor("stop: ends what the loudspeaker plays or says")
    public String stop() throws InterruptedException {
        run(console.ls, c -> c.cmd = LsCommand.Cmd.STOP, (LsStatus st) -> st.reasonSeq, s -> s.reason, "stop", 5);
        return "stop: the loudspeaker is silent";
    }

    /** set_params: voice, language, volume in [0, 1] and stereo panorama in [-1, 1] of the loudspeaker. */
    @Descriptor("set_params: the loudspeaker's voice, language, volume and panorama")
    public String voice(@Descriptor("the voice, e.g. kevin16") String voiceName, @Descriptor("the language, e.g. English") String lang,
            @Descriptor("volume in [0, 1]") double vol, @Descriptor("stereo panorama in [-1, 1]") double pan) throws InterruptedException {
        run(console.ls, c -> {
            c.cmd = LsCommand.Cmd.SET_PARAMS;
            c.params.dvt = voiceName;
            c.params.dl = lang;
            c.params.dv = vol;
            c.params.spr = pan;
        }, (LsStatus st) -> st.reasonSeq, s -> s.reason, "set_params", 5);
        voice = voiceName;
        language = lang;
        volume = vol;
        panorama = pan;
        return String.format(Locale.ROOT, "set_params: voice %s, language %s, volume %.2f, panorama %.2f", voiceName, lang, vol, pan);
    }

    private void fillVoice(LsCommand c) {
        c.params.dvt = voice;
        c.params.dl = language;
        c.params.dv = volume;
        c.params.spr = panorama;
        c.volume = volume;
        c.spr = panorama;
    }

    // --- r_core,mic (§3.3) ---

    /** record: {@code seconds} of the front microphone into a WAV file. */
    @Descriptor("record: records the front microphone into a WAV file")
    public String record(@Descriptor("the WAV file") String file, @Descriptor("duration, s") double seconds) throws InterruptedException {
        MicStatus s = run(console.mic, c -> {
            micCommand(c, MicCommand.Cmd.RECORD);
            c.fp = file;
            c.time = seconds;
        }, (MicStatus st) -> st.reasonSeq, st -> st.reason, "record", seconds + 10);
        return "record: " + file + ", rec " + s.rec;
    }

    /** register: record into a WAV file until the energy stays under {@code energy} for {@code silence} seconds. */
    @Descriptor("register: records into a WAV file until the energy stays under a threshold for a while")
    public String register(@Descriptor("the WAV file") String file, @Descriptor("the energy threshold") double energy, @Descriptor("the silence that ends it, s") double silence,
            @Descriptor("[timeout, s (60)]") double... timeout) throws InterruptedException {
        double limit = timeout.length > 0 ? timeout[0] : 60;
        MicStatus s = run(console.mic, c -> {
            micCommand(c, MicCommand.Cmd.REGISTER);
            c.fp = file;
            c.enrg = energy;
            c.st = silence;
        }, (MicStatus st) -> st.reasonSeq, st -> st.reason, "register", limit);
        return "register: " + file + ", rec " + s.rec;
    }

    /** recog: word spotting over the comma-separated dictionary with a probability threshold in [0, 1]. */
    @Descriptor("recog: word spotting; the word heard, or Empty under the threshold")
    public String recog(@Descriptor("the words to spot, comma-separated") String dictionary, @Descriptor("probability threshold in [0, 1]") double threshold,
            @Descriptor("[timeout, s (60)]") double... timeout) throws InterruptedException {
        String[] words = dictionary.split(",");
        MicStatus s = run(console.mic, c -> {
            micCommand(c, MicCommand.Cmd.RECOGNIZE);
            c.dct.clear();
            for (String w : words) {
                c.dct.add(w.trim());
            }
            c.threshold = threshold;
        }, (MicStatus st) -> st.reasonSeq, st -> st.reason, "recog", timeout.length > 0 ? timeout[0] : 60);
        return "recog: " + (s.rw == null || s.rw.isEmpty() ? "Empty" : s.rw);
    }

    static void micCommand(MicCommand c, MicCommand.Cmd cmd) {
        c.cmd = cmd;
        c.samplingPeriod = STEP;
        c.params.sampleRate = SAMPLE_RATE;
        for (int k = 0; k < MicParams.MICROPHONES; k++) {
            c.params.channels[k] = k == MicParams.FRONT;
        }
    }

    // --- r_core,cam (§3.7) ---

    /** image: one image from camera {@code cid} (0 top, 1 bottom) at NAOqi resolution {@code res} (e.g. 2 = kVGA); answers its size. */
    @Descriptor("image: one image from a head camera; answers its size")
    public String image(@Descriptor("camera: 0 top, 1 bottom") int cid, @Descriptor("NAOqi resolution, e.g. 2 = kVGA") int res) throws InterruptedException {
        CamStatus s = run(console.cam, c -> {
            c.cmd = CamCommand.Cmd.IMAGE;
            c.params.cid = cid;
            c.params.res = res;
            c.params.cs = CamParams.kBGRColorSpace;
            c.params.fr = CamParams.maxCameraFPS;
        }, (CamStatus st) -> st.reasonSeq, st -> st.reason, "image", 20);
        return String.format(Locale.ROOT, "image: %d×%d, %s, %d bytes", s.image.width, s.image.height, s.image.encoding, s.image.length);
    }

    /** set_params: a camera parameter of camera {@code cid} by NAOqi's id (e.g. 11 = kCameraAutoExpositionID). */
    @Descriptor("set_params: sets a camera parameter")
    public String camparam(@Descriptor("camera: 0 top, 1 bottom") int cid, @Descriptor("NAOqi's parameter id, e.g. 11 = kCameraAutoExpositionID") int parameterId,
            @Descriptor("the value") int value) throws InterruptedException {
        run(console.cam, c -> {
            c.cmd = CamCommand.Cmd.SET_PARAMETERS;
            c.params.cid = cid;
            c.dataName = Integer.toString(parameterId);
            c.value = value;
        }, (CamStatus st) -> st.reasonSeq, s -> s.reason, "set_params", 5);
        return "set_params: camera " + cid + ", parameter " + parameterId + " = " + value;
    }

    // --- r_core,touch, r_core,inertial, r_core,fsr (§3.4–3.6) ---

    @Descriptor("get: reads a touch sensor through r_core,touch")
    public String touch(@Descriptor("the sensor's ALMemory key") String key) throws InterruptedException {
        return "touch " + sensorGet(console.touch, key).value;
    }

    @Descriptor("get: reads an inertial sensor through r_core,inertial")
    public String inertial(@Descriptor("the sensor's ALMemory key") String key) throws InterruptedException {
        return "inertial " + sensorGet(console.inertial, key).value;
    }

    @Descriptor("get: reads a force sensitive resistor through r_core,fsr")
    public String fsr(@Descriptor("the sensor's ALMemory key") String key) throws InterruptedException {
        return "fsr " + sensorGet(console.fsr, key).value;
    }

    SensorStatus sensorGet(Channel<SensorCommand, SensorStatus> channel, String key) throws InterruptedException {
        return run(channel, c -> {
            c.cmd = SensorCommand.Cmd.GET;
            c.dataName = key;
        }, (SensorStatus st) -> st.reasonSeq, s -> s.reason, "get", 5);
    }

    // --- running a behaviour ---

    String pose() {
        BodyStatus s = console.body.latest();
        return String.format(Locale.ROOT, "pose (EKF) x %.3f m, y %.3f m, θ %.3f rad", s.pose.x, s.pose.y, s.pose.theta);
    }

    /** The FSM state of a subsystem in whichever agent runs it, or "-". */
    String state(String subsystem) {
        return running.state(subsystem);
    }

    List<StateSwitch> switches(String subsystem) {
        if ("-".equals(running.state(subsystem))) {
            throw new IllegalStateException(subsystem + " is not running in any agent (is the nao-sim agent up? try agent:list)");
        }
        return running.switches(subsystem);
    }

    private static double number(String text, String what) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a number: '" + text + "'");
        }
    }

    private static long lastCycle(List<StateSwitch> switches) {
        long last = -1;
        for (StateSwitch s : switches) {
            last = Math.max(last, s.cycle());
        }
        return last;
    }

    /** Sends a command and waits for the behaviour it selects to end in idle; the status cs got then. */
    <C extends Message<C>, S extends Message<S>> S run(Channel<C, S> channel, Consumer<C> fill, ToLongFunction<S> reasonSeq,
            Function<S, String> reason, String behavior, double seconds) throws InterruptedException {
        Run<S> run = begin(channel, fill, reasonSeq, reason, behavior, seconds);
        run.awaitIdle(seconds);
        return channel.latest();
    }

    <C extends Message<C>, S extends Message<S>> Run<S> begin(Channel<C, S> channel, Consumer<C> fill, ToLongFunction<S> reasonSeq,
            Function<S, String> reason, String behavior, double seconds) throws InterruptedException {
        String target = channel.target();
        long since = lastCycle(switches(target));
        long reasons = reasonSeq.applyAsLong(channel.latest());
        channel.post(fill);
        Run<S> run = new Run<>(channel, behavior, since, reasons, reasonSeq, reason);
        run.awaitEntered(Math.min(seconds, 5));
        return run;
    }

    /** One command's course: entering its behaviour, then idle again, or its rejection. */
    final class Run<S extends Message<S>> {
        private final Channel<?, S> channel;
        private final String target;
        private final String behavior;
        private final long since;
        private final long reasons;
        private final ToLongFunction<S> reasonSeq;
        private final Function<S, String> reason;
        private long entered = -1;

        Run(Channel<?, S> channel, String behavior, long since, long reasons, ToLongFunction<S> reasonSeq, Function<S, String> reason) {
            this.channel = channel;
            this.target = channel.target();
            this.behavior = behavior;
            this.since = since;
            this.reasons = reasons;
            this.reasonSeq = reasonSeq;
            this.reason = reason;
        }

        void awaitEntered(double seconds) throws InterruptedException {
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            long seenStatuses = -1;
            while (true) {
                for (StateSwitch s : switches(target)) {
                    if (s.cycle() > since && behavior.equals(s.to())) {
                        entered = s.cycle();
                        return;
                    }
                }
                if (channel.statuses() != seenStatuses) {
                    seenStatuses = channel.statuses();
                    S status = channel.latest();
                    if (reasonSeq.applyAsLong(status) > reasons) {
                        throw new IllegalArgumentException(target + " rejected the command: " + reason.apply(status));
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(target + " did not start " + behavior + " within " + seconds + " s (state "
                            + state(target) + ")");
                }
                Thread.sleep(5);
            }
        }

        void awaitIdle(double seconds) throws InterruptedException {
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            while (true) {
                for (StateSwitch s : switches(target)) {
                    if (s.cycle() >= entered && behavior.equals(s.from())) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(target + " did not finish " + behavior + " within " + seconds + " s (state " + state(target) + ")");
                }
                Thread.sleep(5);
            }
        }
    }
}
