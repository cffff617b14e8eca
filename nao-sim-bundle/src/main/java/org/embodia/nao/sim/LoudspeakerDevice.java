package org.embodia.nao.sim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.audio.AudioPlayer;
import org.embodia.nao.sim.audio.LoudspeakerParameters;
import org.embodia.nao.sim.audio.Playback;
import org.embodia.nao.sim.body.SimulatedBody;
import org.embodia.nao.sim.memory.AlMemory;
import org.embodia.nao.sim.speech.Loudspeaker;
import org.embodia.nao.sim.speech.SimulatedMicrophones;
import org.embodia.speech.SpeechSynthesizer;

/**
 * ALTextToSpeech, ALAudioPlayer and ALMemory behind E_core,ls ([RAPP] §3.2.1), with NAO's loudspeakers playing into
 * WAV files in simulated time (there is no sound card) and into the robot's own microphones.
 *
 * <p>SAY: FreeTTS synthesizes the text on the worker, in the voice set by SET_PARAMETERS, into
 * {@code say-NNNN.wav}; in the tick that takes the speech up the loudspeakers start playing it, at the master volume,
 * into {@code play-NNNN.wav} and into the microphones, and synthesized = TRUE is reported in the tick the last sample
 * was heard. Readings: a SAY in another language than the voices' (English), or with nothing to pronounce, ends at
 * once with synthesized = FALSE; so does a SAY cut short by STOP_ALL or by a newer SAY. The reason for a failure goes
 * to value under data_name {@value NaoSimulator#ERROR}, as does any other command NAOqi would refuse (a missing,
 * unreadable or non-audio file, a position beyond its end, an unknown voice, values out of range).
 *
 * <p>PLAY_FILE_IN_LOOP and PLAY_FROM_POSITION play at params' dv (on top of the master volume) and spr; a file the
 * robot plays is not fed to its microphones (only its speech is). ALMemory holds ALTextToSpeech's
 * {@value #CURRENT_SENTENCE} and {@value #TEXT_DONE} for GET_DATA.
 */
final class LoudspeakerDevice extends CommandedDevice<LsEffectorCommand> {
    static final String CURRENT_SENTENCE = "ALTextToSpeech/CurrentSentence";
    static final String TEXT_DONE = "ALTextToSpeech/TextDone";

    private enum Kind {
        SAY, SPEAK, STOP_SPEECH, STOP_ALL, PLAY, PARAMETERS
    }

    /** What the tick asks of the worker; time in ticks, when it takes effect. */
    private static final class Request {
        Kind kind;
        long time;
        long generation;
        String text;
        String voice;
        String language;
        String file;
        Path spoken;
        boolean loop;
        double position;
        double volume;
        double panorama;
    }

    private enum Outcome {
        SPEECH, SPEECH_FAILED, PARAMETERS, ERROR
    }

    private static final class Result {
        Outcome outcome;
        long generation;
        short[] samples;
        Path file;
        String message;
        double volume;
    }

    private enum Saying {
        NO, SYNTHESIZING, SPEAKING
    }

    private final NaoSimulation simulation;
    private final SpeechSynthesizer synthesizer;
    private final SimulatedMicrophones microphones;
    private final AlMemory memory;
    private final AlMemory.FloatCell textDone;
    private final Path outputDirectory;
    private final MemoryQuery query;
    private final LsEffectorStatus status = new LsEffectorStatus();
    private final SpscRing<Request> requests = new SpscRing<>(16, Request::new);
    private final SpscRing<Result> results = new SpscRing<>(16, Result::new);
    private final Worker worker;

    // The clock thread's
    private Saying saying = Saying.NO;
    private long sayGeneration;
    private double masterVolume = 1;

    // The worker's
    private Loudspeaker loudspeaker;
    private AudioPlayer player;
    private long playerTime;
    private Playback speech;

    LoudspeakerDevice(NaoSimulation simulation, SpeechSynthesizer synthesizer, SimulatedMicrophones microphones,
            AlMemory memory, Path outputDirectory) {
        super(LsEffectorCommand::new);
        this.simulation = simulation;
        this.synthesizer = synthesizer;
        this.microphones = microphones;
        this.memory = memory;
        this.outputDirectory = outputDirectory;
        this.query = new MemoryQuery(memory);
        memory.insertData(CURRENT_SENTENCE, "");
        textDone = memory.floatCell(TEXT_DONE);
        textDone.set(1);
        worker = new Worker(NaoSimulator.CLOCK + " loudspeaker", this::work,
                t -> simulation.commandError(LsEffector.NAME, t.toString()));
        worker.start();
    }

    @Override
    void carryOut(LsEffectorCommand c, long start) {
        if (c.cmd == null) {
            error("a command without cmd; cmd is one of " + Arrays.toString(LsEffectorCommand.Cmd.values()));
            return;
        }
        switch (c.cmd) {
            case SAY -> {
                if (saying != Saying.NO) {
                    interrupt(start);
                }
                Request r = request(Kind.SAY, start);
                if (r != null) {
                    r.generation = ++sayGeneration;
                    r.text = c.text;
                    r.language = c.params.dl;
                    send();
                    saying = Saying.SYNTHESIZING;
                    memory.insertData(CURRENT_SENTENCE, c.text == null ? "" : c.text);
                    textDone.set(0);
                }
            }
            case STOP_ALL -> {
                if (saying != Saying.NO) {
                    interrupt(start);
                }
                if (request(Kind.STOP_ALL, start) != null) {
                    send();
                }
            }
            case PLAY_FILE_IN_LOOP, PLAY_FROM_POSITION -> {
                Request r = request(Kind.PLAY, start);
                if (r != null) {
                    r.loop = c.cmd == LsEffectorCommand.Cmd.PLAY_FILE_IN_LOOP;
                    r.file = c.fp;
                    r.position = c.beginPosition;
                    r.volume = c.params.dv;
                    r.panorama = c.params.spr;
                    send();
                }
            }
            case SET_PARAMETERS -> {
                Request r = request(Kind.PARAMETERS, start);
                if (r != null) {
                    r.voice = c.params.dvt;
                    r.language = c.params.dl;
                    r.volume = c.params.dv;
                    r.panorama = c.params.spr;
                    send();
                }
            }
            case GET_DATA -> query.ask(c.dataName);
        }
    }

    /** The speech under way ends unfinished: synthesized = FALSE, and the loudspeakers stop speaking. */
    private void interrupt(long start) {
        sayGeneration++;
        if (saying == Saying.SPEAKING) {
            microphones.stopSpeaking();
            if (request(Kind.STOP_SPEECH, start) != null) {
                send();
            }
        }
        saying = Saying.NO;
        synthesized(false);
    }

    /** The SAY under way is over, said whole or not; ALTextToSpeech's TextDone says so too. */
    private void synthesized(boolean synthesized) {
        status.synthesized = synthesized;
        status.synthesizedSeq++;
        textDone.set(1);
    }

    /** The next request's slot with its kind and time set, or null (an error reported) when the worker lags far behind. */
    private Request request(Kind kind, long time) {
        Request r = requests.claim();
        if (r == null) {
            error("the loudspeaker is busy: 16 requests wait for it; " + kind + " dropped");
            return null;
        }
        r.kind = kind;
        r.time = time;
        return r;
    }

    private void send() {
        requests.publish();
        worker.wake();
    }

    private void error(String message) {
        simulation.commandError(LsEffector.NAME, message);
        status.value.setText(NaoSimulator.ERROR, message);
        status.valueSeq++;
    }

    @Override
    public void sense(long end) {
        Result r;
        while ((r = results.peek()) != null) {
            switch (r.outcome) {
                case SPEECH -> {
                    if (r.generation == sayGeneration && saying == Saying.SYNTHESIZING) {
                        microphones.speak(r.samples, masterVolume);
                        saying = Saying.SPEAKING;
                        Request speak = request(Kind.SPEAK, end);
                        if (speak != null) {
                            speak.spoken = r.file;
                            send();
                        }
                    }
                }
                case SPEECH_FAILED -> {
                    if (r.generation == sayGeneration && saying == Saying.SYNTHESIZING) {
                        saying = Saying.NO;
                        synthesized(false);
                    }
                    error(r.message);
                }
                case PARAMETERS -> masterVolume = r.volume;
                case ERROR -> error(r.message);
            }
            r.samples = null;
            r.file = null;
            r.message = null;
            results.release();
        }
        if (saying == Saying.SPEAKING && !microphones.speaking()) {
            saying = Saying.NO;
            synthesized(true);
        }
        if (query.answer(status.value)) {
            status.valueSeq++;
        }
    }

    /** Fills the subsystem's status, sent every tick. */
    boolean status(LsEffectorStatus out) {
        out.copyFrom(status);
        return true;
    }

    // ---- the worker ----

    private void work() {
        if (player == null) {
            loudspeaker = new Loudspeaker(synthesizer, outputDirectory);
            player = new AudioPlayer(outputDirectory, synthesizer.voiceNames());
        }
        long latest = simulation.now();
        Request r;
        while ((r = requests.peek()) != null) {
            advanceTo(r.time);
            carryOut(r);
            r.text = null;
            r.voice = null;
            r.language = null;
            r.file = null;
            r.spoken = null;
            requests.release();
        }
        advanceTo(latest);
    }

    /** Plays on up to {@code time}: the playbacks that end there write their files. */
    private void advanceTo(long time) {
        if (time > playerTime) {
            try {
                player.advance((time - playerTime) * SimulatedBody.STEP);
            } catch (IOException e) {
                result(Outcome.ERROR, 0, null, null, "writing what the loudspeakers played failed: " + e, 0);
            }
            playerTime = time;
        }
    }

    private void carryOut(Request r) {
        try {
            switch (r.kind) {
                case SAY -> {
                    if (!AudioPlayer.ENGLISH.equals(r.language)) {
                        throw new IllegalArgumentException("say: the voices speak " + AudioPlayer.ENGLISH + ", not "
                                + (r.language == null ? "no language" : "'" + r.language + "'"));
                    }
                    Loudspeaker.Playback said = loudspeaker.say(r.text, player.getParameters().voice());
                    result(Outcome.SPEECH, r.generation, said.audio().resample(SimulatedMicrophones.SAMPLE_RATE).samples(),
                            said.file(), null, 0);
                }
                case SPEAK -> speech = player.play(r.spoken, false, 0);
                case STOP_SPEECH -> {
                    if (speech != null && speech.isPlaying()) {
                        player.stop(speech.id());
                    }
                    speech = null;
                }
                case STOP_ALL -> {
                    player.stopAll();
                    speech = null;
                }
                case PLAY -> {
                    if (r.file == null || r.file.isBlank()) {
                        throw new IllegalArgumentException("play: no file (fp is empty)");
                    }
                    if (r.loop) {
                        player.playFileInLoop(Path.of(r.file), r.volume, r.panorama);
                    } else {
                        player.playFileFromPosition(Path.of(r.file), r.position, r.volume, r.panorama);
                    }
                }
                case PARAMETERS -> {
                    player.setParameters(new LoudspeakerParameters(r.voice, r.language, r.volume, r.panorama));
                    result(Outcome.PARAMETERS, 0, null, null, null, r.volume);
                }
            }
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            result(r.kind == Kind.SAY ? Outcome.SPEECH_FAILED : Outcome.ERROR, r.generation, null, null, message, 0);
        }
    }

    /**
     * Hands a result to the clock thread. Results are few; a full ring (the clock stopped) loses the newest, counted as
     * an error.
     */
    private void result(Outcome outcome, long generation, short[] samples, Path file, String message, double volume) {
        Result r = results.claim();
        if (r == null) {
            simulation.commandError(LsEffector.NAME, "the loudspeaker's results were not taken up; " + outcome + " lost");
            return;
        }
        r.outcome = outcome;
        r.generation = generation;
        r.samples = samples;
        r.file = file;
        r.message = message;
        r.volume = volume;
        results.publish();
    }

    @Override
    public void close() {
        worker.close();
        if (player != null) {
            try {
                player.stopAll();
            } catch (IOException e) {
                simulation.commandError(LsEffector.NAME, "writing what the loudspeakers played failed: " + e);
            }
        }
    }
}
