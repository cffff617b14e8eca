package org.embodia.transport.aeron.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.transport.BufferTransport;
import org.embodia.transport.MessageLink;
import org.embodia.transport.MessageTransport;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.TransportException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.AeronException;

/**
 * {@link BufferTransport} and {@link MessageTransport} over Aeron: a client of the machine's media driver, which this process runs itself unless
 * configured to use one already running. On one machine the channel {@code aeron:ipc} carries a link through shared
 * memory, which the writer's and the reader's threads touch directly; between machines {@code aeron:udp?endpoint=...}.
 */
// Configured or not at all: a profile that keeps every subsystem in one process runs no media driver.
@Component(service = {BufferTransport.class, MessageTransport.class}, configurationPid = AeronBufferTransport.PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class AeronBufferTransport implements BufferTransport, MessageTransport, AutoCloseable {
    public static final String PID = "org.embodia.transport.aeron";
    /**
     * A link's term, of which its log has three: Aeron's least, 64 KiB, holds over a hundred of Velma's largest
     * messages, and a buffer only ever needs its newest (the default, 64 MiB per IPC term, would take 192 MiB of
     * shared memory per link).
     */
    static final int TERM_LENGTH = 64 * 1024;
    private static final System.Logger LOG = System.getLogger(AeronBufferTransport.class.getName());

    private final MediaDriver driver;
    private final Aeron aeron;

    @Activate
    public AeronBufferTransport(TransportConfig config) {
        this(config.directory(), config.embedded_driver());
    }

    /**
     * @param directory the media driver's directory; empty: Aeron's default (with this process's id appended when it
     *        runs the driver)
     * @param embeddedDriver whether to run the media driver in this process
     * @throws TransportException if the driver cannot start, or none answers in {@code directory}
     */
    public AeronBufferTransport(String directory, boolean embeddedDriver) {
        // A driver of this process's own, with no directory named, gets one of its own: two such processes on a machine
        // must not meet in Aeron's default directory, which the first one's driver would hold.
        String dir = !directory.isEmpty() ? directory
                : embeddedDriver ? CommonContext.getAeronDirectoryName() + "-" + ProcessHandle.current().pid()
                : CommonContext.getAeronDirectoryName();
        if (directory.isEmpty() && embeddedDriver) {
            removeStale(Path.of(CommonContext.getAeronDirectoryName()));
        }
        driver = embeddedDriver ? launchDriver(dir) : null;
        try {
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir)
                    .errorHandler(e -> LOG.log(System.Logger.Level.ERROR, "Aeron transport (" + dir + "): " + e.getMessage(), e)));
        } catch (AeronException | IllegalStateException e) {
            if (driver != null) {
                driver.close();
            }
            throw new TransportException("no Aeron media driver answers in " + dir + (embeddedDriver ? "" : " (embedded.driver is false: start one there, or"
                    + " let this process run it)") + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes the directories {@code <base>-<pid>} of drivers whose process has ended: a process killed (kill -9, a
     * crash) cannot delete its own, and each holds tens of MB of shared memory (/dev/shm) until the machine restarts.
     *
     * @return the directories removed
     */
    static List<Path> removeStale(Path base) {
        Path parent = base.toAbsolutePath().getParent();
        String prefix = base.getFileName() + "-";
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(parent)) {
            List<Path> stale = dirs.filter(d -> {
                OptionalLong pid = pidOf(d.getFileName().toString(), prefix);
                return pid.isPresent() && ProcessHandle.of(pid.getAsLong()).isEmpty() && Files.isDirectory(d);
            }).toList();
            for (Path d : stale) {
                delete(d);
            }
            return stale;
        } catch (IOException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.WARNING, "Aeron transport: could not remove the directories of ended drivers in " + parent + ": " + e.getMessage());
            return List.of();
        }
    }

    private static OptionalLong pidOf(String name, String prefix) {
        if (!name.startsWith(prefix) || name.length() == prefix.length()) {
            return OptionalLong.empty();
        }
        String digits = name.substring(prefix.length());
        return digits.chars().allMatch(Character::isDigit) && digits.length() < 19 ? OptionalLong.of(Long.parseLong(digits)) : OptionalLong.empty();
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    private static MediaDriver launchDriver(String dir) {
        MediaDriver.Context context = new MediaDriver.Context().aeronDirectoryName(dir)
                .threadingMode(ThreadingMode.SHARED)
                .ipcTermBufferLength(TERM_LENGTH)
                .publicationTermBufferLength(TERM_LENGTH)
                .dirDeleteOnShutdown(true);
        try {
            return MediaDriver.launch(context);
        } catch (RuntimeException e) {
            throw new TransportException("the Aeron media driver could not start in " + dir + " (another process's may run there: set"
                    + " embedded.driver to false to use it, or another directory): " + e.getMessage(), e);
        }
    }

    /** The media driver's directory. */
    public String directory() {
        return aeron.context().aeronDirectoryName();
    }

    @Override
    public <M extends WireMessage<M>> RemoteWriter writer(String channel, int stream, OutputBuffer<M> output, Supplier<M> factory) {
        return new AeronWriter<>(aeron, channel, stream, output, factory);
    }

    @Override
    public <M extends WireMessage<M>> RemoteReader reader(String channel, int stream, InputBuffer<M> input, Supplier<M> factory) {
        return new AeronReader<>(aeron, channel, stream, input, factory);
    }

    @Override
    public String connection() {
        return directory();
    }

    @Override
    public MessageLink link(String channel, int sendStream, int receiveStream) {
        return new AeronMessageLink(aeron, channel, sendStream, receiveStream);
    }

    @Deactivate
    @Override
    public void close() {
        aeron.close();
        if (driver != null) {
            driver.close();
        }
    }
}
