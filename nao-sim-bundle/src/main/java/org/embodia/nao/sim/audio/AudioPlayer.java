package org.embodia.nao.sim.audio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;

/**
 * NAO's loudspeakers playing sound files in ALAudioPlayer's manner (the loudspeaker's "play", "stop" and "set_params"
 * behaviours of spec 3.2): without a sound card, what the two loudspeakers play goes into a stereo WAV file per
 * playback, in simulated time. {@link #advance} moves the time on and plays that much of every file; a playback ends
 * when a file played once runs out or on {@link #stop}, and its output file is written then.
 *
 * <p>Gain: the master volume of the {@link LoudspeakerParameters} times the playback's own volume; the panorama turns
 * the far side down linearly. A looping playback starts at the position given and then repeats the whole file, as
 * NAOqi's playFileInLoop repeats it. Sources may be mono (played on both sides) or stereo, any PCM that Java's sound
 * API reads (WAV, AIFF, AU). Not thread-safe: one caller drives it.
 */
public final class AudioPlayer {
    /** NAOqi's language name for the FreeTTS voices, which speak US English. */
    public static final String ENGLISH = "English";

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final Path outputDirectory;
    private final Set<String> voices;
    private final Map<Integer, Playback> playing = new LinkedHashMap<>();
    private LoudspeakerParameters parameters;
    private long nanos;
    private int lastId;

    /**
     * @param outputDirectory where the output WAV files go ("play-0001.wav", ...); created when needed
     * @param voices the voices speech can use, e.g. {@link SpeechSynthesizer#voiceNames()}
     */
    public AudioPlayer(Path outputDirectory, Set<String> voices) {
        if (voices.isEmpty()) {
            throw new IllegalArgumentException("the loudspeaker needs at least one voice");
        }
        this.outputDirectory = outputDirectory;
        this.voices = Set.copyOf(voices);
        String voice = voices.contains(SpeechSynthesizer.DEFAULT_VOICE) ? SpeechSynthesizer.DEFAULT_VOICE
                : voices.stream().sorted().findFirst().orElseThrow();
        parameters = new LoudspeakerParameters(voice, ENGLISH, 1, 0);
    }

    /** Plays the file at the loudspeaker's volume and panorama. */
    public Playback play(Path file, boolean loop, double fromPositionSeconds) throws IOException {
        return play(file, loop, fromPositionSeconds, 1, parameters.panorama());
    }

    /**
     * Starts playing the file.
     *
     * @param loop repeat until stopped
     * @param fromPositionSeconds where in the file to begin, before its end
     * @param volume this playback's volume in [0, 1], on top of the master volume
     * @param panorama in [−1, 1]
     * @return the playback, playing
     * @throws IllegalArgumentException naming the file if it is missing, unreadable or not audio, and for values out
     *         of range
     * @throws IOException if reading the file fails
     */
    public Playback play(Path file, boolean loop, double fromPositionSeconds, double volume, double panorama)
            throws IOException {
        checkVolume(volume);
        checkPanorama(panorama);
        if (!(fromPositionSeconds >= 0) || Double.isInfinite(fromPositionSeconds)) {
            throw new IllegalArgumentException("the position must be finite and at least 0 s, was "
                    + fromPositionSeconds);
        }
        Sound sound = read(file);
        int frames = sound.samples().length / sound.channels();
        long startFrame = Math.round(fromPositionSeconds * sound.sampleRate());
        if (startFrame >= frames) {
            throw new IllegalArgumentException("cannot play " + file + " from " + fromPositionSeconds + " s: it lasts "
                    + (double) frames / sound.sampleRate() + " s");
        }
        int id = ++lastId;
        Playback playback = new Playback(id, file, outputDirectory.resolve(String.format("play-%04d.wav", id)), loop,
                volume, panorama, sound.sampleRate(), sound.channels(), sound.samples(), (int) startFrame, nanos);
        playing.put(id, playback);
        return playback;
    }

    /** ALAudioPlayer.playFileInLoop. */
    public Playback playFileInLoop(Path file, double volume, double panorama) throws IOException {
        return play(file, true, 0, volume, panorama);
    }

    /** ALAudioPlayer.playFileFromPosition. */
    public Playback playFileFromPosition(Path file, double positionSeconds, double volume, double panorama)
            throws IOException {
        return play(file, false, positionSeconds, volume, panorama);
    }

    /** Lets {@code seconds} of simulated time pass: every playback plays on, those that run out end. */
    public void advance(double seconds) throws IOException {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("time advances by a finite, non-negative amount, not " + seconds + " s");
        }
        nanos += Math.round(seconds * NANOS_PER_SECOND);
        for (Playback playback : new ArrayList<>(playing.values())) {
            // Whole frames due since the start, counted from the start so that rounding never drifts; whole seconds
            // apart so that the product cannot overflow
            long elapsed = nanos - playback.startNanos();
            long due = elapsed / NANOS_PER_SECOND * playback.sampleRate()
                    + elapsed % NANOS_PER_SECOND * playback.sampleRate() / NANOS_PER_SECOND;
            if (!playback.play(due - playback.framesPlayed(), parameters.volume())) {
                finish(playback);
            }
        }
    }

    /** ALAudioPlayer.stop: ends the playback and writes its output. */
    public void stop(int id) throws IOException {
        Playback playback = playing.get(id);
        if (playback == null) {
            throw new IllegalArgumentException("no playback " + id + " is playing; playing: " + playing.keySet());
        }
        finish(playback);
    }

    /** ALAudioPlayer.stopAll. */
    public void stopAll() throws IOException {
        for (Playback playback : new ArrayList<>(playing.values())) {
            finish(playback);
        }
    }

    /** The playbacks under way, oldest first. */
    public List<Playback> playing() {
        return List.copyOf(playing.values());
    }

    public LoudspeakerParameters getParameters() {
        return parameters;
    }

    /**
     * The set_params behaviour: voice, language, master volume and panorama at once; the volume acts on playbacks
     * under way from the next {@link #advance} on.
     *
     * @throws IllegalArgumentException for a voice or language the loudspeaker does not have
     */
    public void setParameters(LoudspeakerParameters parameters) {
        if (!voices.contains(parameters.voice())) {
            throw new IllegalArgumentException("unknown voice '" + parameters.voice() + "', the voices are "
                    + voices.stream().sorted().toList());
        }
        if (!ENGLISH.equals(parameters.language())) {
            throw new IllegalArgumentException("unknown language '" + parameters.language() + "', the voices speak "
                    + ENGLISH);
        }
        this.parameters = parameters;
    }

    /** ALAudioPlayer.setMasterVolume. */
    public void setMasterVolume(double volume) {
        setParameters(new LoudspeakerParameters(parameters.voice(), parameters.language(), volume,
                parameters.panorama()));
    }

    /** ALAudioPlayer.setPanorama: the panorama of later {@link #play(Path, boolean, double)} calls. */
    public void setPanorama(double panorama) {
        setParameters(new LoudspeakerParameters(parameters.voice(), parameters.language(), parameters.volume(),
                panorama));
    }

    private void finish(Playback playback) throws IOException {
        playing.remove(playback.id());
        playback.end();
        AudioFormat stereo = new AudioFormat(playback.sampleRate(), 16, 2, true, false);
        Files.createDirectories(outputDirectory);
        PcmAudio.writeWav(playback.output(), stereo, PcmAudio.toLittleEndian(playback.played()));
    }

    /** A decoded source: signed 16-bit samples, interleaved by channel. */
    private record Sound(int sampleRate, int channels, short[] samples) {
    }

    private static Sound read(Path file) throws IOException {
        if (file == null) {
            throw new IllegalArgumentException("no file to play");
        }
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("cannot play " + file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("cannot play " + file + ": it is a directory");
        }
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("cannot play " + file + ": not readable");
        }
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            AudioFormat format = in.getFormat();
            if (format.getChannels() < 1 || format.getChannels() > 2) {
                throw new IllegalArgumentException("cannot play " + file + ": " + format.getChannels()
                        + " channels, the loudspeakers play mono or stereo");
            }
            AudioFormat pcm16 = new AudioFormat(format.getSampleRate(), 16, format.getChannels(), true, false);
            if (!AudioSystem.isConversionSupported(pcm16, format)) {
                throw new IllegalArgumentException("cannot play " + file + ": Java cannot decode its " + format);
            }
            try (AudioInputStream decoded = AudioSystem.getAudioInputStream(pcm16, in)) {
                byte[] bytes = decoded.readAllBytes();
                short[] samples = new short[bytes.length / 2];
                for (int i = 0; i < samples.length; i++) {
                    samples[i] = (short) ((bytes[2 * i + 1] << 8) | (bytes[2 * i] & 0xff));
                }
                if (samples.length < format.getChannels()) {
                    throw new IllegalArgumentException("cannot play " + file + ": it holds no sound");
                }
                return new Sound(Math.round(format.getSampleRate()), format.getChannels(), samples);
            }
        } catch (UnsupportedAudioFileException e) {
            throw new IllegalArgumentException("cannot play " + file
                    + ": not an audio file Java can read (WAV, AIFF, AU)", e);
        }
    }

    static void checkVolume(double volume) {
        if (!(volume >= 0 && volume <= 1)) {
            throw new IllegalArgumentException("the volume must be in [0, 1], was " + volume);
        }
    }

    static void checkPanorama(double panorama) {
        if (!(panorama >= -1 && panorama <= 1)) {
            throw new IllegalArgumentException("the panorama must be in [-1, 1], was " + panorama);
        }
    }
}
