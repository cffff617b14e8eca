package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A process whose output lines are kept as they come, and whose console takes commands. */
final class Host {
    /**
     * The options ./embodia gives every JVM with a real-time thread (RT_JVM): no periodic cleanup safepoint and no class
     * unloading, whose safepoints held a loop up to 10 ms on a 2-core VM, nor a collection for metaspace, which unloads none.
     */
    static final List<String> REALTIME_JVM = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:GuaranteedSafepointInterval=0", "-XX:-ClassUnloading",
            "-XX:MetaspaceSize=512m");
    final String name;
    final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Writer console;
    private final long generousSeconds;

    Host(String name, List<String> command, Path directory, long generousSeconds) throws IOException {
        this.name = name;
        this.generousSeconds = generousSeconds;
        process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        console = new java.io.OutputStreamWriter(process.getOutputStream(), UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // The process ended.
            }
        }, "output of " + name);
        reader.setDaemon(true);
        reader.start();
    }

    int mark() {
        synchronized (lines) {
            return lines.size();
        }
    }

    void send(String command) throws IOException {
        console.write(command + "\n");
        console.flush();
    }

    /** The first line from {@code from} on that matches, waited for. */
    Matcher await(Pattern pattern, int from) throws InterruptedException {
        Matcher m = pattern.matcher(line(awaitIndex(pattern, from)));
        assertTrue(m.find());
        return m;
    }

    String line(int index) {
        synchronized (lines) {
            return lines.get(index);
        }
    }

    /** The index of the first line from {@code from} on that matches, waited for. */
    int awaitIndex(Pattern pattern, int from) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(generousSeconds);
        synchronized (lines) {
            for (int k = from; ; k++) {
                while (k >= lines.size()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || !process.isAlive() && k >= lines.size()) {
                        fail(name + " did not print /" + pattern + "/ within " + generousSeconds + " s (alive: " + process.isAlive() + "):\n"
                                + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
                    }
                    lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
                if (pattern.matcher(lines.get(k)).find()) {
                    return k;
                }
            }
        }
    }

    /** Sends a command and waits for the line its answer has. */
    Matcher ask(String command, Pattern answer) throws IOException, InterruptedException {
        int from = mark();
        send(command);
        return await(answer, from);
    }

    List<String> since(int from) {
        synchronized (lines) {
            return List.copyOf(lines.subList(from, lines.size()));
        }
    }

    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + name);
    }

    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }
}
