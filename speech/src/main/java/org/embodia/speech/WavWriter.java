package org.embodia.speech;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A 16-bit PCM WAV file written as it is recorded: the samples go out as they come, and {@link #close()} fills in the
 * sizes the RIFF header holds. For recordings whose length is not known when they start.
 */
public final class WavWriter implements AutoCloseable {
    private static final int HEADER_BYTES = 44;

    private final Path file;
    private final Path partial;
    private final FileChannel channel;
    private final int channels;
    private final int sampleRate;
    private final ByteBuffer buffer;
    private long dataBytes;

    /**
     * Creates (or replaces) the file, and its parent directories.
     *
     * @param channels samples per frame, interleaved
     */
    public WavWriter(Path file, int channels, int sampleRate) throws IOException {
        if (channels < 1 || sampleRate < 1) {
            throw new IllegalArgumentException("a WAV file needs at least one channel and a positive sample rate, got "
                    + channels + " channels at " + sampleRate + " Hz");
        }
        this.file = file;
        this.channels = channels;
        this.sampleRate = sampleRate;
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        partial = file.resolveSibling(file.getFileName() + ".part");
        channel = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        buffer = ByteBuffer.allocate(Math.max(HEADER_BYTES, 2 * channels * sampleRate / 10)).order(ByteOrder.LITTLE_ENDIAN);
        writeHeader();
    }

    public Path file() {
        return file;
    }

    public int sampleRate() {
        return sampleRate;
    }

    /** Appends {@code count} samples of {@code samples}, interleaved by channel. */
    public void write(short[] samples, int count) throws IOException {
        int at = 0;
        while (at < count) {
            buffer.clear();
            int n = Math.min(count - at, buffer.capacity() / 2);
            for (int i = 0; i < n; i++) {
                buffer.putShort(samples[at + i]);
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            at += n;
        }
        dataBytes += 2L * count;
    }

    /** Seconds written so far. */
    public double seconds() {
        return (double) dataBytes / (2L * channels * sampleRate);
    }

    /**
     * Fills in the header's sizes, closes the file and gives it its name: until then it is written beside it, so
     * that whoever waits for the recording never reads one half written.
     */
    @Override
    public void close() throws IOException {
        try (channel) {
            channel.position(0);
            writeHeader();
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void writeHeader() throws IOException {
        buffer.clear();
        buffer.put(new byte[] {'R', 'I', 'F', 'F'}).putInt((int) (HEADER_BYTES - 8 + dataBytes))
                .put(new byte[] {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '}).putInt(16)
                .putShort((short) 1).putShort((short) channels).putInt(sampleRate)
                .putInt(2 * channels * sampleRate).putShort((short) (2 * channels)).putShort((short) 16)
                .put(new byte[] {'d', 'a', 't', 'a'}).putInt((int) dataBytes);
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }
}
