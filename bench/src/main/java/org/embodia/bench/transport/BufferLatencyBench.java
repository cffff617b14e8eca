package org.embodia.bench.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.aeron.internal.AeronBufferTransport;

/**
 * A buffer's latency from its writer's send to its reader's receive, at 500 Hz, with Velma's largest message (the
 * body's status): in one process (the buffer's lock-free triple buffer between two threads), then across two
 * processes over Aeron IPC (the writer here, the reader in a second JVM). The reader polls without pause, as a
 * subsystem waiting for its input would. Both runs in the same invocation, so the ratio compares like with like.
 *
 * <p>{@code ./embodia bench buffers [--seconds 30]}: prints p50, p99 and p99.9 in µs per run, the ratios, and a JSON line.
 */
public final class BufferLatencyBench {
    static final long PERIOD_NANOS = 2_000_000;
    /** Messages sent before the measured ones: class loading and the JIT. */
    static final int WARM_UP = 2_500;
    static final int STREAM = 31;

    private BufferLatencyBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("--reader")) {
            remoteReader(args[1], Integer.parseInt(args[2]));
            return;
        }
        int seconds = 30;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--seconds") && i + 1 < args.length) {
                seconds = Integer.parseInt(args[++i]);
            } else {
                System.err.println("usage: bench buffers [--seconds N]");
                System.exit(2);
            }
        }
        int count = seconds * (int) (1_000_000_000L / PERIOD_NANOS);
        System.out.printf(Locale.ROOT, "a %d-byte message at 500 Hz, %d measured after %d sent to warm up; µs from send to receive%n",
                new Stamped().wireSize(), count, WARM_UP);
        double[] local = inProcess(count);
        print("one process", local);
        double[] remote = acrossProcesses(count);
        print("two processes, Aeron IPC", remote);
        System.out.printf(Locale.ROOT, "ratio across/within: p50 %.1f  p99 %.1f%n", remote[0] / local[0], remote[1] / local[1]);
        System.out.printf(Locale.ROOT, "{\"bench\":\"buffers\",\"count\":%d,\"in_process_us\":{\"p50\":%.2f,\"p99\":%.2f,\"p99_9\":%.2f},"
                + "\"aeron_ipc_us\":{\"p50\":%.2f,\"p99\":%.2f,\"p99_9\":%.2f},\"ratio_p50\":%.2f,\"ratio_p99\":%.2f}%n", count, local[0], local[1],
                local[2], remote[0], remote[1], remote[2], remote[0] / local[0], remote[1] / local[1]);
    }

    private static void print(String what, double[] p) {
        System.out.printf(Locale.ROOT, "%-26s p50 %8.2f  p99 %8.2f  p99.9 %8.2f   (%.0f overwritten unread)%n", what, p[0], p[1], p[2], p[3]);
    }

    /** Sends WARM_UP + count messages at 500 Hz, each stamped just before it is sent; {@code publish} after each. */
    private static void writeAtRate(OutputBuffer<Stamped> out, int total, Runnable publish) {
        long next = System.nanoTime();
        for (int k = 0; k < total; k++) {
            next += PERIOD_NANOS;
            long wait;
            while ((wait = next - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            out.message().status.torso.position = k;
            out.message().sentNanos = System.nanoTime();
            out.send();
            publish.run();
        }
    }

    /**
     * The reader's side: polls until the last message arrived, and returns p50/p99/p99.9 in µs of the measured ones that
     * did. A reader held up for over a period (the VM's stalls) sees only the newer of two messages, as a buffer's
     * reader does, so it goes by the messages' numbers, not by how many arrived.
     */
    private static double[] read(InputBuffer<Stamped> in, RemoteReader reader, int count) {
        long[] latencies = new long[count];
        int measured = 0;
        int last = WARM_UP + count - 1;
        int k = -1;
        while (k < last) {
            if (reader != null) {
                reader.poll();
            }
            if (in.receive() == Freshness.NEW_DATA) {
                long latency = System.nanoTime() - in.get().sentNanos;
                k = (int) in.get().status.torso.position;
                if (k >= WARM_UP) {
                    latencies[measured++] = latency;
                }
            } else {
                Thread.onSpinWait();
            }
        }
        long[] arrived = Arrays.copyOf(latencies, measured);
        Arrays.sort(arrived);
        return new double[] {arrived[measured / 2] / 1e3, arrived[(int) (measured * 0.99)] / 1e3, arrived[(int) (measured * 0.999)] / 1e3,
            count - measured};
    }

    private static double[] inProcess(int count) throws InterruptedException {
        OutputBuffer<Stamped> out = new OutputBuffer<>("status", Stamped.class, Stamped::new);
        InputBuffer<Stamped> in = new InputBuffer<>("status", Stamped.class, Stamped::new);
        out.connect(in);
        double[][] result = new double[1][];
        Thread reader = new Thread(() -> result[0] = read(in, null, count), "reader");
        reader.start();
        writeAtRate(out, WARM_UP + count, () -> { });
        reader.join();
        return result[0];
    }

    private static double[] acrossProcesses(int count) throws IOException, InterruptedException {
        Path shm = Path.of("/dev/shm");
        Path dir = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")), "embodia-bench-");
        try (AeronBufferTransport transport = new AeronBufferTransport(dir.resolve("aeron").toString(), true)) {
            OutputBuffer<Stamped> out = new OutputBuffer<>("status", Stamped.class, Stamped::new);
            RemoteWriter writer = transport.writer("aeron:ipc", STREAM, out, Stamped::new);
            String java = ProcessHandle.current().info().command().orElse("java");
            Process peer = new ProcessBuilder(List.of(java, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
                    System.getProperty("java.class.path"), BufferLatencyBench.class.getName(), "--reader", transport.directory(),
                    Integer.toString(count))).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8))) {
                String ready = lines.readLine();
                if (!"ready".equals(ready)) {
                    throw new IllegalStateException("the reader's process did not start: " + ready);
                }
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (!writer.connected()) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the reader's process did not connect within 60 s");
                    }
                    Thread.sleep(1);
                }
                writeAtRate(out, WARM_UP + count, () -> {
                    if (!writer.publish()) {
                        throw new IllegalStateException("the transport dropped a message at 500 Hz");
                    }
                });
                String[] p = lines.readLine().split(" ");
                return new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3])};
            } finally {
                writer.close();
                peer.destroy();
                peer.waitFor();
            }
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    /** The second process: reads the link until it has its measurements, prints them (p50 p99 p99.9, µs) and exits. */
    private static void remoteReader(String directory, int count) {
        try (AeronBufferTransport transport = new AeronBufferTransport(directory, false)) {
            InputBuffer<Stamped> in = new InputBuffer<>("status", Stamped.class, Stamped::new);
            RemoteReader reader = transport.reader("aeron:ipc", STREAM, in, Stamped::new);
            System.out.println("ready");
            double[] p = read(in, reader, count);
            reader.close();
            System.out.printf(Locale.ROOT, "%.3f %.3f %.3f %.0f%n", p[0], p[1], p[2], p[3]);
            System.out.flush();
        }
    }
}
