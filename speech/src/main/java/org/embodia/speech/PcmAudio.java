package org.embodia.speech;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

/**
 * Mono signed 16-bit linear PCM at some sample rate: what the simulated loudspeaker plays and what the recognizer hears.
 * Immutable.
 */
public final class PcmAudio {
    private final int sampleRate;
    private final short[] samples;

    public PcmAudio(int sampleRate, short[] samples) {
        if (sampleRate <= 0) {
            throw new IllegalArgumentException("the sample rate must be positive, got " + sampleRate);
        }
        this.sampleRate = sampleRate;
        this.samples = samples.clone();
    }

    public static PcmAudio silence(int sampleRate, double seconds) {
        return new PcmAudio(sampleRate, new short[(int) Math.round(sampleRate * seconds)]);
    }

    /** Decodes signed 16-bit mono PCM of either byte order, the formats FreeTTS and WAV files deliver. */
    static PcmAudio fromBytes(byte[] pcm, AudioFormat format) {
        if (!AudioFormat.Encoding.PCM_SIGNED.equals(format.getEncoding()) || format.getSampleSizeInBits() != 16
                || format.getChannels() != 1) {
            throw new IllegalArgumentException("expected mono signed 16-bit PCM, got " + format);
        }
        short[] samples = new short[pcm.length / 2];
        boolean bigEndian = format.isBigEndian();
        for (int i = 0; i < samples.length; i++) {
            int first = pcm[2 * i] & 0xff;
            int second = pcm[2 * i + 1] & 0xff;
            samples[i] = (short) (bigEndian ? first << 8 | second : second << 8 | first);
        }
        return new PcmAudio(Math.round(format.getSampleRate()), samples);
    }

    /**
     * Reads a sound file Java's sound API decodes (WAV, AIFF, AU; PCM), its channels averaged into one, at the file's
     * own sample rate.
     *
     * @throws IllegalArgumentException naming the file if it is missing or not such a sound file
     */
    public static PcmAudio readWav(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("cannot read " + file + ": no such file");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            return readWav(in, file.toString());
        }
    }

    /**
     * Reads a sound file from a stream, as {@link #readWav(Path)} does; {@code name} says where it came from in errors.
     *
     * @throws IllegalArgumentException naming the source if it is not such a sound file
     */
    public static PcmAudio readWav(InputStream stream, String name) throws IOException {
        InputStream marked = stream.markSupported() ? stream : new BufferedInputStream(stream);
        try (AudioInputStream in = AudioSystem.getAudioInputStream(marked)) {
            AudioFormat format = in.getFormat();
            int channels = format.getChannels();
            AudioFormat pcm16 = new AudioFormat(format.getSampleRate(), 16, channels, true, false);
            if (!AudioSystem.isConversionSupported(pcm16, format)) {
                throw new IllegalArgumentException("cannot read " + name + ": Java cannot decode its " + format);
            }
            try (AudioInputStream decoded = AudioSystem.getAudioInputStream(pcm16, in)) {
                byte[] bytes = decoded.readAllBytes();
                short[] mono = new short[bytes.length / (2 * channels)];
                for (int i = 0; i < mono.length; i++) {
                    int sum = 0;
                    for (int c = 0; c < channels; c++) {
                        int at = 2 * (channels * i + c);
                        sum += (short) ((bytes[at + 1] << 8) | (bytes[at] & 0xff));
                    }
                    mono[i] = (short) Math.round((double) sum / channels);
                }
                return new PcmAudio(Math.round(format.getSampleRate()), mono);
            }
        } catch (UnsupportedAudioFileException e) {
            throw new IllegalArgumentException("cannot read " + name + ": not a sound file Java can read (WAV, AIFF, AU)",
                    e);
        }
    }

    /** The same sound at another sample rate, by linear interpolation between neighbouring samples. */
    public PcmAudio resample(int rate) {
        if (rate <= 0) {
            throw new IllegalArgumentException("the sample rate must be positive, got " + rate);
        }
        if (rate == sampleRate || samples.length == 0) {
            return this;
        }
        short[] resampled = new short[(int) ((long) samples.length * rate / sampleRate)];
        for (int i = 0; i < resampled.length; i++) {
            double at = (double) i * sampleRate / rate;
            int before = (int) at;
            int after = Math.min(before + 1, samples.length - 1);
            double weight = at - before;
            resampled[i] = (short) Math.round(samples[before] * (1 - weight) + samples[after] * weight);
        }
        return new PcmAudio(rate, resampled);
    }

    public void writeWav(Path file) throws IOException {
        writeWav(file, format(sampleRate, 1), toLittleEndian(samples));
    }

    static AudioFormat format(int sampleRate, int channels) {
        return new AudioFormat(sampleRate, 16, channels, true, false);
    }

    /** Writes beside the file and renames: whoever watches the directory never reads a file half written. */
    public static void writeWav(Path file, AudioFormat format, byte[] pcm) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        try (AudioInputStream in = new AudioInputStream(new ByteArrayInputStream(pcm), format,
                pcm.length / format.getFrameSize())) {
            AudioSystem.write(in, AudioFileFormat.Type.WAVE, partial.toFile());
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static byte[] toLittleEndian(short[] samples) {
        byte[] pcm = new byte[2 * samples.length];
        for (int i = 0; i < samples.length; i++) {
            pcm[2 * i] = (byte) samples[i];
            pcm[2 * i + 1] = (byte) (samples[i] >> 8);
        }
        return pcm;
    }

    public int sampleRate() {
        return sampleRate;
    }

    public int length() {
        return samples.length;
    }

    public short sample(int index) {
        return samples[index];
    }

    public short[] samples() {
        return samples.clone();
    }

    public double durationSeconds() {
        return (double) samples.length / sampleRate;
    }

    /** The little-endian bytes Sphinx4's stream data source reads by default. */
    public byte[] toLittleEndian() {
        return toLittleEndian(samples);
    }

    public PcmAudio append(PcmAudio next) {
        if (next.sampleRate != sampleRate) {
            throw new IllegalArgumentException(
                    "cannot append " + next.sampleRate + " Hz audio to " + sampleRate + " Hz audio");
        }
        short[] joined = Arrays.copyOf(samples, samples.length + next.samples.length);
        System.arraycopy(next.samples, 0, joined, samples.length, next.samples.length);
        return new PcmAudio(sampleRate, joined);
    }

    @Override
    public String toString() {
        return String.format("%d Hz mono, %.3f s", sampleRate, durationSeconds());
    }
}
