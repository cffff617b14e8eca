package org.embodia.nao.sim.audio;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * One file being played, or played: what {@link AudioPlayer} started, where the loudspeaker's output goes and how far
 * it has got. The output file exists once the playback has ended. Read-only to callers; the player advances it.
 */
public final class Playback {
    private final int id;
    private final Path file;
    private final Path output;
    private final boolean loop;
    private final double volume;
    private final double panorama;
    private final int sampleRate;
    private final int channels;
    /** The source, interleaved by channel. */
    private final short[] source;
    private final long startNanos;

    private int position;
    private long framesPlayed;
    private boolean playing = true;
    /** What the loudspeakers played so far, stereo interleaved left, right. */
    private short[] played = new short[0];

    Playback(int id, Path file, Path output, boolean loop, double volume, double panorama, int sampleRate,
            int channels, short[] source, int startFrame, long startNanos) {
        this.id = id;
        this.file = file;
        this.output = output;
        this.loop = loop;
        this.volume = volume;
        this.panorama = panorama;
        this.sampleRate = sampleRate;
        this.channels = channels;
        this.source = source;
        this.position = startFrame;
        this.startNanos = startNanos;
    }

    /** NAOqi's task id of the playback, for {@link AudioPlayer#stop(int)}. */
    public int id() {
        return id;
    }

    /** The file played. */
    public Path file() {
        return file;
    }

    /** The WAV file of what the loudspeakers played: 16-bit stereo at the source's sample rate, once ended. */
    public Path output() {
        return output;
    }

    public boolean isLooping() {
        return loop;
    }

    public boolean isPlaying() {
        return playing;
    }

    public int sampleRate() {
        return sampleRate;
    }

    /** How long it has played, s. */
    public double secondsPlayed() {
        return (double) framesPlayed / sampleRate;
    }

    long startNanos() {
        return startNanos;
    }

    long framesPlayed() {
        return framesPlayed;
    }

    short[] played() {
        return Arrays.copyOf(played, (int) (2 * framesPlayed));
    }

    void end() {
        playing = false;
    }

    /**
     * Plays up to {@code frames} more frames at the master volume: false once a file played once has run out.
     * Panorama as a balance control: the far side is turned down linearly, the near side stays at full gain.
     */
    boolean play(long frames, double masterVolume) {
        double gain = masterVolume * volume;
        double left = gain * Math.min(1, 1 - panorama);
        double right = gain * Math.min(1, 1 + panorama);
        int sourceFrames = source.length / channels;
        for (long i = 0; i < frames; i++) {
            if (position == sourceFrames) {
                if (!loop) {
                    return false;
                }
                position = 0;
            }
            short sourceLeft = source[position * channels];
            short sourceRight = source[position * channels + channels - 1];
            append(scale(sourceLeft, left), scale(sourceRight, right));
            position++;
        }
        return loop || position < sourceFrames;
    }

    private void append(short left, short right) {
        int at = (int) (2 * framesPlayed);
        if (at + 2 > played.length) {
            played = Arrays.copyOf(played, Math.max(2 * played.length, 2 * sampleRate));
        }
        played[at] = left;
        played[at + 1] = right;
        framesPlayed++;
    }

    private static short scale(short sample, double gain) {
        return (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.round(sample * gain)));
    }
}
