package org.embodia.nao.sim;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.WordList;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.memory.AlMemory;
import org.embodia.nao.sim.speech.Microphone;
import org.embodia.nao.sim.speech.SilenceDetector;
import org.embodia.nao.sim.speech.SimulatedMicrophones;
import org.embodia.speech.KeywordSpotter;
import org.embodia.speech.MoonshineRecognizer;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.Recognition;
import org.embodia.speech.WavWriter;

/**
 * ALAudioDevice, ALAudioRecorder, ALSpeechRecognition and ALMemory behind R_core,mic ([RAPP] §3.3.1), over the
 * simulated microphones.
 *
 * <p>enrg: every tick, each microphone's energy over the tick's 20 ms frame (ALAudioDevice's unit: RMS of 16-bit
 * samples). Reading: enable_mic_comp (ALAudioDevice.enableEnergyComputation) is accepted, the energies being computed
 * always.
 *
 * <p>START_RECORDING / STOP_RECORDING (ALAudioDevice.startMicrophonesRecording): from the tick START_RECORDING acts in
 * up to the tick before STOP_RECORDING, every frame goes to a 16-bit WAV file at fp, written by a worker as it comes.
 * Readings: cmd alone starts and stops (the spec's rec says the same, so it is not read again); params choose the
 * channels (none chosen: all four, in the order left, right, front, rear) and the rate, 16000 Hz (the microphones'
 * own; also when params give none) or 48000 Hz (interpolated); a relative fp lies in the output directory. Starting a
 * second recording, stopping none, or an fp that cannot be written is an error, reported in value under data_name
 * {@value NaoSimulator#ERROR}. NAOqi's stopMicrophonesRecording returns once the file is written; here the recorder
 * closes it after the tick, so recSeq counts the recordings ended, the file complete (or their failure reported),
 * and r_core,mic tells cs rec only then.
 *
 * <p>SUBSCRIBE / UNSUBSCRIBE (ALSpeechRecognition word spotting over dct): while subscribed, the front microphone's
 * signal is cut into utterances by energy (an utterance starts at a frame of {@value #SPEECH_ENERGY} or more, with
 * {@value #PRE_ROLL_FRAMES} frames before it, and ends after {@value #END_OF_UTTERANCE_MILLIS} ms below that), and a
 * worker spots dct's words in each with Moonshine and Sphinx4 together (KeywordSpotter, at its chosen setting). The
 * result goes to rw: the word with its confidence, or an empty rw when the confidence is under threshold (NAOqi
 * reports nothing it is not confident of), also into ALMemory's {@value #LAST_WORD_RECOGNIZED}. Readings: a result is
 * reported no sooner than the second tick after the SUBSCRIBE acted, since the recog behaviour reads rw only from its
 * iteration i0 + 2. Words of dct the CMU pronouncing dictionary lacks are left out of the vocabulary, with an error
 * naming them, and the others are spotted: one word nobody can say (an app's made-up keyword) must not end every
 * recognition with Empty, which would keep the control subsystem informing instead of listening; an utterance when no
 * word of dct is left gives no rw.
 */
final class MicrophoneDevice extends CommandedDevice<MicReceptorCommand> {
    static final String LAST_WORD_RECOGNIZED = "LastWordRecognized";
    /**
     * Our figure: speech synthesized at full scale stays well above it through its words (frames of 2000 to 8000),
     * and the rooms's digital silence is 0.
     */
    static final double SPEECH_ENERGY = 300;
    static final int PRE_ROLL_FRAMES = 10;
    static final int END_OF_UTTERANCE_MILLIS = 400;
    /** An utterance longer than this is cut and recognized as it is. */
    static final int MAX_UTTERANCE_FRAMES = 500;
    /** Frames the recording worker may lag behind: 20 s. */
    static final int RECORDING_FRAMES = 1024;
    static final int LOW_RATE = SimulatedMicrophones.SAMPLE_RATE;
    static final int HIGH_RATE = 48_000;

    private static final int FRAME = SimulatedMicrophones.FRAME_SAMPLES;
    private static final int CHANNELS = SimulatedMicrophones.CHANNELS;

    private enum RecordKind {
        START, FRAME, STOP
    }

    private static final class RecordSlot {
        RecordKind kind;
        Path file;
        final boolean[] channels = new boolean[CHANNELS];
        int sampleRate;
        final short[] frame = new short[CHANNELS * FRAME];
    }

    /** What went wrong on the recorder's thread, for the clock thread to report. */
    private static final class Failure {
        String message;
    }

    private enum SpotKind {
        CHECK, RECOGNIZE
    }

    private static final class SpotRequest {
        SpotKind kind;
        long generation;
        int buffer;
        int length;
        double threshold;
        final String[] words = new String[WordList.CAPACITY];
        int count;
    }

    private static final class SpotResult {
        long generation;
        /** Whether it is an utterance's result, which rw reports; a vocabulary's check only reports its error. */
        boolean heard;
        String word;
        double confidence;
        String error;
    }

    private final NaoSimulation simulation;
    private final SimulatedMicrophones microphones;
    private final AlMemory memory;
    private final Path outputDirectory;
    private final MemoryQuery query;
    private final MicReceptorStatus status = new MicReceptorStatus();

    // Recording
    private final SpscRing<RecordSlot> recording = new SpscRing<>(RECORDING_FRAMES, RecordSlot::new);
    private final SpscRing<Failure> recorderFailures = new SpscRing<>(8, Failure::new);
    private final Worker recorder;
    private boolean recordingOn;
    private boolean stopPending;
    private long dropped;
    private Path recordingFile;
    // the recorder's
    private WavWriter writer;
    private final boolean[] writing = new boolean[CHANNELS];
    private final short[] previous = new short[CHANNELS];
    private final short[] out = new short[CHANNELS * FRAME * HIGH_RATE / LOW_RATE];
    /** STOP_RECORDINGs the recorder has carried out, its file closed (or its failure reported). */
    private volatile long stopsCarriedOut;
    /** STOP_RECORDINGs refused at once, with no recording to end. */
    private long stopsRefused;

    // Word spotting
    private final SpscRing<SpotRequest> spotting = new SpscRing<>(4, SpotRequest::new);
    private final SpscRing<SpotResult> spotted = new SpscRing<>(4, SpotResult::new);
    private final Worker recognizerWorker;
    private final short[][] utterances = new short[2][MAX_UTTERANCE_FRAMES * FRAME];
    /** 1 while an utterance buffer is filled or recognized: the clock thread sets it, the recognizer clears it. */
    private final AtomicIntegerArray busy = new AtomicIntegerArray(2);
    private final short[][] preRoll = new short[PRE_ROLL_FRAMES][FRAME];
    private int preRollNext;
    private int preRollCount;
    private final SilenceDetector endOfUtterance = new SilenceDetector(SPEECH_ENERGY,
            Duration.ofMillis(END_OF_UTTERANCE_MILLIS), SimulatedMicrophones.FRAME);
    private boolean subscribed;
    private long generation;
    private long subscribedAt;
    private double threshold;
    private final String[] vocabulary = new String[WordList.CAPACITY];
    private int vocabularyCount;
    private boolean inUtterance;
    /** The buffer the utterance goes to, or -1 when both are busy and it is not heard. */
    private int utterance;
    private int utteranceLength;
    // the recognizer worker's
    private KeywordSpotter recognizer;
    private String unavailable;

    MicrophoneDevice(NaoSimulation simulation, SimulatedMicrophones microphones, AlMemory memory, Path outputDirectory) {
        super(MicReceptorCommand::new);
        this.simulation = simulation;
        this.microphones = microphones;
        this.memory = memory;
        this.outputDirectory = outputDirectory;
        this.query = new MemoryQuery(memory);
        memory.insertData(LAST_WORD_RECOGNIZED, "");
        recorder = new Worker(NaoSimulator.CLOCK + " recorder", this::record,
                t -> simulation.commandError(MicReceptor.NAME, t.toString()));
        recognizerWorker = new Worker(NaoSimulator.CLOCK + " speech recognition", this::spot,
                t -> simulation.commandError(MicReceptor.NAME, t.toString()));
        recorder.start();
        recognizerWorker.start();
    }

    @Override
    void carryOut(MicReceptorCommand c, long start) {
        if (c.cmd == null) {
            error("a command without cmd; cmd is one of " + Arrays.toString(MicReceptorCommand.Cmd.values()));
            return;
        }
        switch (c.cmd) {
            case START_RECORDING -> startRecording(c);
            case STOP_RECORDING -> {
                if (!recordingOn) {
                    stopsRefused++;
                    error("stopMicrophonesRecording: no recording under way");
                } else {
                    recordingOn = false;
                    stopPending = true;
                    postStop();
                }
            }
            case SUBSCRIBE -> subscribe(c, start);
            case UNSUBSCRIBE -> {
                if (!subscribed) {
                    error("ALSpeechRecognition.unsubscribe: not subscribed");
                } else {
                    subscribed = false;
                    abandonUtterance();
                }
            }
            case GET_DATA -> query.ask(c.dataName);
        }
    }

    private void startRecording(MicReceptorCommand c) {
        if (recordingOn) {
            error("startMicrophonesRecording: already recording into " + recordingFile + "; STOP_RECORDING first");
            return;
        }
        int rate = c.params.sampleRate == 0 ? LOW_RATE : c.params.sampleRate;
        if (rate != LOW_RATE && rate != HIGH_RATE) {
            error("startMicrophonesRecording: " + c.params.sampleRate + " Hz; NAO records at " + LOW_RATE + " or "
                    + HIGH_RATE + " Hz");
            return;
        }
        Path file;
        try {
            if (c.fp == null || c.fp.isBlank()) {
                throw new IllegalArgumentException("no file given (fp is empty)");
            }
            file = outputDirectory.resolve(c.fp);
        } catch (IllegalArgumentException e) {
            error("startMicrophonesRecording: " + e.getMessage());
            return;
        }
        RecordSlot slot = recording.claim();
        if (slot == null) {
            error("startMicrophonesRecording: the recorder still writes the last recording");
            return;
        }
        boolean any = false;
        for (int k = 0; k < CHANNELS; k++) {
            any |= c.params.channels[k];
        }
        for (int k = 0; k < CHANNELS; k++) {
            slot.channels[k] = !any || c.params.channels[k];
        }
        slot.kind = RecordKind.START;
        slot.file = file;
        slot.sampleRate = rate;
        recording.publish();
        recorder.wake();
        recordingOn = true;
        recordingFile = file;
        dropped = 0;
    }

    /**
     * At pace manual the clock ticks as fast as its caller asks, far faster than a file is written: the tick waits
     * for the recorder rather than lose frames, as nothing real-time depends on it. Up to a second, then the frame
     * is lost after all.
     */
    private RecordSlot awaitRecorder() {
        long deadline = System.nanoTime() + 1_000_000_000L;
        RecordSlot slot = null;
        while (slot == null && System.nanoTime() < deadline) {
            recorder.wake();
            LockSupport.parkNanos(this, 50_000);
            slot = recording.claim();
        }
        return slot;
    }

    private void postStop() {
        RecordSlot slot = recording.claim();
        if (slot != null) {
            slot.kind = RecordKind.STOP;
            recording.publish();
            recorder.wake();
            stopPending = false;
            if (dropped > 0) {
                error("the recording into " + recordingFile + " lost " + dropped + " frames: the recorder fell behind");
            }
        }
    }

    private void subscribe(MicReceptorCommand c, long start) {
        if (c.dct.count == 0) {
            error("ALSpeechRecognition.setVocabulary: dct is empty");
            return;
        }
        if (!(c.threshold >= 0 && c.threshold <= 1)) {
            error("ALSpeechRecognition: threshold " + c.threshold + " is outside [0, 1]");
            return;
        }
        SpotRequest check = spotting.claim();
        if (check == null) {
            error("ALSpeechRecognition.subscribe: the recognizer is busy; try again");
            return;
        }
        abandonUtterance();
        generation++;
        subscribed = true;
        subscribedAt = start;
        threshold = c.threshold;
        vocabularyCount = c.dct.count;
        System.arraycopy(c.dct.words, 0, vocabulary, 0, c.dct.count);
        preRollCount = 0;
        check.kind = SpotKind.CHECK;
        fill(check);
        spotting.publish();
        recognizerWorker.wake();
    }

    private void fill(SpotRequest r) {
        r.generation = generation;
        r.threshold = threshold;
        r.count = vocabularyCount;
        System.arraycopy(vocabulary, 0, r.words, 0, vocabularyCount);
    }

    /** An utterance being gathered is dropped, its buffer freed. */
    private void abandonUtterance() {
        if (inUtterance && utterance >= 0) {
            busy.set(utterance, 0);
        }
        inUtterance = false;
    }

    private void error(String message) {
        simulation.commandError(MicReceptor.NAME, message);
        status.value.setText(NaoSimulator.ERROR, message);
        status.valueSeq++;
    }

    @Override
    public void sense(long end) {
        double[] energies = microphones.energies();
        System.arraycopy(energies, 0, status.enrg, 0, MicParams.MICROPHONES);
        status.recSeq = recordingsEnded();
        if (recordingOn) {
            RecordSlot slot = recording.claim();
            if (slot == null && !simulation.realtime()) {
                slot = awaitRecorder();
            }
            if (slot == null) {
                dropped++;
            } else {
                slot.kind = RecordKind.FRAME;
                microphones.copyFrame(slot.frame);
                recording.publish();
                recorder.wake();
            }
        } else if (stopPending) {
            postStop();
        }
        Failure failed = recorderFailures.peek();
        if (failed != null) {
            error(failed.message);
            failed.message = null;
            recorderFailures.release();
        }
        if (subscribed) {
            listen(energies);
        }
        takeRecognition(end);
        if (query.answer(status.value)) {
            status.valueSeq++;
        }
    }

    /** Cuts the front microphone's signal into utterances and hands each to the recognizer. */
    private void listen(double[] energies) {
        boolean voiced = false;
        for (int k = 0; k < CHANNELS; k++) {
            voiced |= energies[k] >= SPEECH_ENERGY;
        }
        if (!inUtterance) {
            short[] frame = preRoll[preRollNext];
            for (int i = 0; i < FRAME; i++) {
                frame[i] = microphones.sample(Microphone.FRONT, i);
            }
            preRollNext = (preRollNext + 1) % PRE_ROLL_FRAMES;
            preRollCount = Math.min(preRollCount + 1, PRE_ROLL_FRAMES);
            if (voiced) {
                inUtterance = true;
                endOfUtterance.reset();
                utterance = busy.compareAndSet(0, 0, 1) ? 0 : busy.compareAndSet(1, 0, 1) ? 1 : -1;
                utteranceLength = 0;
                if (utterance >= 0) {
                    for (int k = preRollCount; k > 0; k--) {
                        short[] earlier = preRoll[(preRollNext - k + PRE_ROLL_FRAMES) % PRE_ROLL_FRAMES];
                        System.arraycopy(earlier, 0, utterances[utterance], utteranceLength, FRAME);
                        utteranceLength += FRAME;
                    }
                }
            }
            return;
        }
        short[] buffer = utterance >= 0 ? utterances[utterance] : null;
        if (buffer != null && utteranceLength + FRAME <= buffer.length) {
            for (int i = 0; i < FRAME; i++) {
                buffer[utteranceLength + i] = microphones.sample(Microphone.FRONT, i);
            }
            utteranceLength += FRAME;
        }
        boolean full = buffer != null && utteranceLength + FRAME > buffer.length;
        if (endOfUtterance.offer(energies) || full) {
            inUtterance = false;
            preRollCount = 0;
            if (utterance < 0) {
                error("word spotting: an utterance was not heard, the recognizer being busy with two others");
                return;
            }
            SpotRequest r = spotting.claim();
            if (r == null) {
                busy.set(utterance, 0);
                error("word spotting: an utterance was not heard, the recognizer being busy");
                return;
            }
            r.kind = SpotKind.RECOGNIZE;
            r.buffer = utterance;
            r.length = utteranceLength;
            fill(r);
            spotting.publish();
            recognizerWorker.wake();
        }
    }

    /** The recognizer's latest result for the current subscription goes to rw. */
    private void takeRecognition(long end) {
        SpotResult r = spotted.peek();
        if (r == null) {
            return;
        }
        if (r.generation == generation && subscribed) {
            if (end < subscribedAt + 2) {
                return;
            }
            if (r.error != null) {
                error(r.error);
            }
            if (r.heard) {
                status.rw.clear();
                if (r.word != null) {
                    status.rw.add(r.word, r.confidence);
                    memory.insertData(LAST_WORD_RECOGNIZED, r.word);
                }
                status.rwSeq++;
            }
        }
        r.word = null;
        r.error = null;
        spotted.release();
    }

    /** Fills the subsystem's status, sent every tick. */
    boolean status(MicReceptorStatus out) {
        out.copyFrom(status);
        return true;
    }

    /** STOP_RECORDINGs ended since the start, the file complete or the failure reported: status's recSeq. */
    long recordingsEnded() {
        return stopsRefused + stopsCarriedOut;
    }

    // ---- the recorder ----

    private void record() {
        RecordSlot s;
        while ((s = recording.peek()) != null) {
            switch (s.kind) {
                case START -> open(s);
                case FRAME -> write(s.frame);
                case STOP -> {
                    closeWriter();
                    stopsCarriedOut++;
                }
            }
            s.file = null;
            recording.release();
        }
    }

    private void open(RecordSlot s) {
        closeWriter();
        int channels = 0;
        for (int k = 0; k < CHANNELS; k++) {
            writing[k] = s.channels[k];
            channels += s.channels[k] ? 1 : 0;
        }
        try {
            writer = new WavWriter(s.file, channels, s.sampleRate);
        } catch (IOException | RuntimeException e) {
            recorderError("startMicrophonesRecording: cannot write " + s.file + ": " + e);
        }
        Arrays.fill(previous, (short) 0);
    }

    /** One frame: the chosen channels, at 48 kHz three samples per microphone sample, rising linearly from the last. */
    private void write(short[] frame) {
        if (writer == null) {
            return;
        }
        int factor = writer.sampleRate() / LOW_RATE;
        int n = 0;
        for (int i = 0; i < FRAME; i++) {
            for (int step = 1; step <= factor; step++) {
                for (int k = 0; k < CHANNELS; k++) {
                    if (writing[k]) {
                        short sample = frame[CHANNELS * i + k];
                        out[n++] = (short) (previous[k] + (sample - previous[k]) * step / factor);
                    }
                }
            }
            for (int k = 0; k < CHANNELS; k++) {
                previous[k] = frame[CHANNELS * i + k];
            }
        }
        try {
            writer.write(out, n);
        } catch (IOException e) {
            recorderError("the recording into " + writer.file() + " failed: " + e);
            closeWriter();
        }
    }

    private void closeWriter() {
        if (writer != null) {
            try {
                writer.close();
            } catch (IOException e) {
                recorderError("the recording into " + writer.file() + " failed: " + e);
            }
            writer = null;
        }
    }

    private void recorderError(String message) {
        Failure f = recorderFailures.claim();
        if (f == null) {
            simulation.commandError(MicReceptor.NAME, message);
            return;
        }
        f.message = message;
        recorderFailures.publish();
    }

    // ---- the recognizer ----

    private void spot() {
        // Loaded with the first request, not before: a few seconds of CPU that a simulation without word spotting does
        // not spend
        if (spotting.peek() != null && recognizer == null && unavailable == null) {
            try {
                recognizer = new KeywordSpotter(KeywordSpotter.Fusion.CHOSEN);
            } catch (IOException | RuntimeException e) {
                unavailable = "speech recognition is not available: " + e;
            }
        }
        SpotRequest r;
        while ((r = spotting.peek()) != null) {
            spot(r);
            Arrays.fill(r.words, null);
            spotting.release();
        }
    }

    private void spot(SpotRequest r) {
        String word = null;
        double confidence = 0;
        String error = null;
        try {
            PcmAudio audio = r.kind == SpotKind.RECOGNIZE
                    ? new PcmAudio(MoonshineRecognizer.SAMPLE_RATE, Arrays.copyOf(utterances[r.buffer], r.length)) : null;
            if (r.kind == SpotKind.RECOGNIZE) {
                busy.set(r.buffer, 0);
            }
            if (recognizer == null) {
                throw new IllegalStateException(unavailable);
            }
            List<String> words = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (int k = 0; k < r.count; k++) {
                (recognizer.inDictionary(r.words[k]) ? words : unknown).add(r.words[k]);
            }
            if (audio == null) {
                if (unknown.isEmpty()) {
                    return;
                }
                error = "ALSpeechRecognition: left out of the vocabulary, not words of the CMU en-us pronunciation dictionary: "
                        + String.join(", ", unknown) + (words.isEmpty() ? " (no word is left to spot)" : "");
            } else if (!words.isEmpty()) {
                Recognition recognition = recognizer.recognize(audio, words, r.threshold);
                word = recognition.word().orElse(null);
                confidence = recognition.confidence();
            } else {
                return;
            }
        } catch (RuntimeException e) {
            error = "ALSpeechRecognition: " + e.getMessage();
        }
        SpotResult result = spotted.claim();
        if (result == null) {
            simulation.commandError(MicReceptor.NAME, "word spotting: a result was not taken up and is lost");
            return;
        }
        result.generation = r.generation;
        result.heard = r.kind == SpotKind.RECOGNIZE;
        result.word = word;
        result.confidence = confidence;
        result.error = error;
        spotted.publish();
    }

    @Override
    public void close() {
        if (recordingOn) {
            recordingOn = false;
            postStop();
        }
        recorder.close();
        recognizerWorker.close();
        // The workers' threads are gone: what they left in the rings is finished here.
        record();
        closeWriter();
        if (recognizer != null) {
            recognizer.close();
        }
    }
}
