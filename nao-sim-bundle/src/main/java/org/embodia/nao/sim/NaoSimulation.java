package org.embodia.nao.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.body.SimulatedBody;
import org.embodia.nao.sim.memory.AlMemory;
import org.embodia.nao.sim.memory.SensorFeed;
import org.embodia.nao.sim.speech.SimulatedMicrophones;
import org.embodia.scheduler.ActivityClock;
import org.embodia.scheduler.SimulationClock;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The simulated NAO in NAOqi's place: the body, ALMemory, the microphones, the loudspeakers and the cameras behind the
 * real effectors and receptors of the RAPP core agent, and the clock {@value NaoSimulator#CLOCK} that steps them at
 * NAOqi's 50 Hz.
 *
 * <p>One tick: (a) every device carries out the command its subsystem handed over last; the body steps 20 ms;
 * ALMemory's sensor keys and the microphones' frame are updated, and every device takes what its workers finished and
 * brings its status up to date; (b) every real effector and receptor sends its status; (c) the attached cycles run, in
 * the order they were attached, a cycle that throws being counted while the clock ticks on. All on one thread, so each
 * status buffer keeps its single writer and the devices need no locks. With pace {@code realtime} (the default) a
 * thread of its own ticks every 20 ms against absolute deadlines; with {@code manual}, {@link #advance(int)} ticks on
 * the caller's thread. The scheduler's {@link SimulationClock} keeps that pace, the cycles and the publishers; this
 * class does the tick's work in the order above.
 *
 * <p>What is slow or does I/O happens on workers, handed over through lock-free rings of slots made once: speech
 * synthesis and sound files (loudspeaker), recording into files and word spotting (microphones), rendering
 * (cameras). Their results are taken up in a later tick. A tick allocates nothing, takes no lock and does no I/O
 * while the body walks, the microphones listen and record, and GET_DATA is answered every tick (TickCostTest measures
 * it). Some other commands allocate in the tick that carries them out: a motion (SimulatedBody's NAOqi-like methods
 * take lists), SAY (its sentence goes into ALMemory, a map put that may lock a bin briefly), START_RECORDING (the file's
 * path), a camera's GET_DATA (the name's spelling); so do a word recognized (into ALMemory) and an error's report. At
 * pace manual a recording makes the tick wait for its writer rather than lose frames.
 */
@Component(configurationPid = NaoSimulation.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {ActivityClock.class, NaoSimulation.class, NaoSimulator.class},
        property = ActivityClock.NAME_PROPERTY + "=" + NaoSimulator.CLOCK)
public final class NaoSimulation implements ActivityClock, NaoSimulator, AutoCloseable {
    public static final String PID = "org.embodia.nao.sim";
    /** NAOqi's control period. */
    static final long PERIOD_NANOS = Math.round(SimulatedBody.STEP * 1e9);
    /** Behind by more than this (a stalled machine), the clock resumes its pace from now instead of racing to catch up. */
    static final long MAX_LAG_NANOS = 200_000_000;

    /** How ticks are paced. */
    public enum Pace {
        /** A thread of its own ticks at 50 Hz. */
        REALTIME,
        /** {@link #advance(int)} ticks on the caller's thread. */
        MANUAL;

        public static Pace parse(String text) {
            for (Pace p : values()) {
                if (p.name().equalsIgnoreCase(text.trim())) {
                    return p;
                }
            }
            throw new IllegalArgumentException(CLOCK + ": pace must be 'realtime' or 'manual', got '" + text + "'");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The configuration (PID {@value #PID}); every property is optional. */
    public @interface Config {
        /** {@code realtime} or {@code manual}; empty: the framework property {@value NaoSimulator#PACE_PROPERTY}, else realtime. */
        String pace() default "";

        /** Where sound files go; empty: a new directory under java.io.tmpdir. */
        String outputDirectory() default "";

        /** Seed of the odometry's and the IMU's noise. */
        long seed() default 1;
    }

    private final Pace pace;
    private final Path outputDirectory;
    /** A directory of its own under java.io.tmpdir, which it removes again if nothing was written into it. */
    private final boolean temporaryOutput;
    private final SimulatedBody body;
    private final AlMemory memory = new AlMemory();
    private final SensorFeed feed;
    private final SimulatedMicrophones microphones = new SimulatedMicrophones();
    private final SpeechSynthesizer synthesizer = new SpeechSynthesizer();
    private final BodyDevice bodyDevice;
    private final LoudspeakerDevice loudspeaker;
    private final MicrophoneDevice microphone;
    private final CameraDevice camera;
    private final SensorDevice touch;
    private final SensorDevice inertial;
    private final SensorDevice fsr;
    private final Device[] devices;
    private final OutputBuffer<SimulationState> stateOut = new OutputBuffer<>("state", SimulationState.class, SimulationState::new);
    private final InputBuffer<SimulationState> stateIn = new InputBuffer<>("state", SimulationState.class, SimulationState::new);
    private final SimulationClock clock = new SimulationClock(CLOCK, this::tick);
    private final AtomicLong commandErrors = new AtomicLong();
    private volatile String lastCommandError;

    @Activate
    public NaoSimulation(Config config, BundleContext context) {
        this(Pace.parse(!config.pace().isEmpty() ? config.pace()
                : context != null && context.getProperty(PACE_PROPERTY) != null ? context.getProperty(PACE_PROPERTY) : "realtime"),
                config.outputDirectory().isEmpty() ? null : Path.of(config.outputDirectory()), config.seed());
    }

    /**
     * @param outputDirectory where sound files go, created if need be; null: a new directory under java.io.tmpdir
     * @param seed of the odometry's and the IMU's noise
     */
    public NaoSimulation(Pace pace, Path outputDirectory, long seed) {
        this.pace = pace;
        temporaryOutput = outputDirectory == null;
        try {
            this.outputDirectory = outputDirectory == null ? Files.createTempDirectory("nao-sim")
                    : Files.createDirectories(outputDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("nao.sim: cannot create the output directory " + outputDirectory, e);
        }
        body = new SimulatedBody(seed);
        feed = new SensorFeed(memory, body);
        bodyDevice = new BodyDevice(this, body, memory);
        loudspeaker = new LoudspeakerDevice(this, synthesizer, microphones, memory, this.outputDirectory);
        microphone = new MicrophoneDevice(this, microphones, memory, this.outputDirectory);
        camera = new CameraDevice(this, body, memory);
        touch = new SensorDevice(this, TouchReceptor.NAME, memory);
        inertial = new SensorDevice(this, InertialReceptor.NAME, memory);
        fsr = new SensorDevice(this, FsrReceptor.NAME, memory);
        // The body first, so that a command to the others acts on this tick's pose; then the loudspeakers before the
        // microphones, which hear them
        devices = new Device[] {bodyDevice, loudspeaker, microphone, camera, touch, inertial, fsr};
        stateOut.connect(stateIn);
        record();
        if (pace == Pace.REALTIME) {
            clock.start(PERIOD_NANOS, MAX_LAG_NANOS);
        }
    }

    /** Stops the clock thread, if any, then the devices' workers (finishing the files they write). */
    @Override
    @Deactivate
    public void close() {
        if (!clock.close()) {
            return;
        }
        for (Device device : devices) {
            device.close();
        }
        synthesizer.close();
        if (temporaryOutput) {
            try {
                Files.deleteIfExists(outputDirectory);
            } catch (IOException e) {
                // Not empty: the sound files stay for whoever wants them.
            }
        }
    }

    @Override
    public void advance(int count) {
        if (pace != Pace.MANUAL) {
            throw new IllegalStateException(CLOCK + " ticks on its own thread (pace " + pace + "); advance(...) needs pace=manual");
        }
        clock.advance(count);
    }

    /** The tick's work, on the clock's thread. */
    private void tick() {
        long start = clock.ticks();
        long end = start + 1;
        for (Device device : devices) {
            device.actuate(start);
        }
        body.step();
        feed.update();
        microphones.advance();
        for (Device device : devices) {
            device.sense(end);
        }
        // Counted before it is recorded and published: the snapshot and every status carry this tick as done.
        clock.count();
        record();
        clock.publish();
        clock.runCycles();
    }

    private void record() {
        SimulationState s = stateOut.message();
        s.tick = clock.ticks();
        s.x = body.trueX();
        s.y = body.trueY();
        s.theta = body.trueTheta();
        stateOut.send();
    }

    @Override
    public void attach(Runnable cycle) {
        clock.attach(cycle);
    }

    @Override
    public void detach(Runnable cycle) {
        clock.detach(cycle);
    }

    /** Its pace in real time, 0 when stepped: what the scheduler judges its activities' overruns against. */
    @Override
    public long periodNanos() {
        return clock.periodNanos();
    }

    /** A real effector's or receptor's publisher: sends its status, at step (b) of every tick. */
    void addStatusPublisher(Runnable publisher) {
        clock.addPublisher(publisher);
    }

    void removeStatusPublisher(Runnable publisher) {
        clock.removePublisher(publisher);
    }

    /** @throws IllegalStateException naming {@code subsystem} when the caller is not inside a tick */
    void requireClockThread(String subsystem) {
        clock.requireClockThread(subsystem);
    }

    /**
     * A device could not carry out a command: counted, and kept as the latest error. Any thread; allocates, as an
     * error is not the real-time path's business.
     */
    void commandError(String subsystem, String message) {
        lastCommandError = subsystem + ": " + message;
        commandErrors.incrementAndGet();
    }

    @Override
    public boolean realtime() {
        return pace == Pace.REALTIME;
    }

    @Override
    public long ticks() {
        return clock.ticks();
    }

    @Override
    public double hear(String text) {
        PcmAudio speech = synthesizer.synthesize(text).resample(SimulatedMicrophones.SAMPLE_RATE);
        microphones.hear(speech);
        return speech.durationSeconds();
    }

    @Override
    public double hear(Path sound) throws IOException {
        PcmAudio audio = PcmAudio.readWav(sound).resample(SimulatedMicrophones.SAMPLE_RATE);
        microphones.hear(audio);
        return audio.durationSeconds();
    }

    @Override
    public void touch(String sensor, boolean touched) {
        if (touched) {
            feed.touch(sensor);
        } else {
            feed.release(sensor);
        }
    }

    @Override
    public synchronized double[] truePose() {
        stateIn.receive();
        SimulationState s = stateIn.get();
        return new double[] {s.x, s.y, s.theta};
    }

    @Override
    public Path outputDirectory() {
        return outputDirectory;
    }

    @Override
    public long cycleFailures() {
        return clock.cycleFailures();
    }

    @Override
    public String lastCycleFailure() {
        Throwable failure = clock.lastCycleFailure();
        return failure == null ? null : failure.toString();
    }

    @Override
    public long commandErrors() {
        return commandErrors.get();
    }

    @Override
    public String lastCommandError() {
        return lastCommandError;
    }

    /** The simulated time at the end of the latest tick, in ticks: what the workers may advance their clocks to. */
    long now() {
        return clock.ticks();
    }

    BodyDevice body() {
        return bodyDevice;
    }

    LoudspeakerDevice loudspeaker() {
        return loudspeaker;
    }

    MicrophoneDevice microphone() {
        return microphone;
    }

    CameraDevice camera() {
        return camera;
    }

    SensorDevice touch() {
        return touch;
    }

    SensorDevice inertial() {
        return inertial;
    }

    SensorDevice fsr() {
        return fsr;
    }
}
