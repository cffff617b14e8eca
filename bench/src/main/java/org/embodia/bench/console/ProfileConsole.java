package org.embodia.bench.console;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A launch profile's JVM, its Gogo console on our pipe: commands in, its output logged and read line by line. */
public final class ProfileConsole implements AutoCloseable {
    private final String profile;
    private final Process process;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private final Writer in;
    private final Path log;

    /** Starts the command, the profile's name for messages, its output copied to the log as it comes. */
    public ProfileConsole(String profile, List<String> command, Path log) throws IOException {
        this.profile = profile;
        this.log = log;
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                    BufferedWriter file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                for (String l; (l = out.readLine()) != null;) {
                    file.write(l);
                    file.newLine();
                    file.flush();
                    lines.add(new Line(System.nanoTime(), l));
                }
            } catch (IOException e) {
                lines.add(new Line(System.nanoTime(), "bench: " + profile + "'s output: " + e));
            }
        }, profile + " output");
        reader.setDaemon(true);
        reader.start();
    }

    /** A line of output and when it arrived ({@link System#nanoTime()}). */
    public record Line(long nanos, String text) {}

    public Process process() {
        return process;
    }

    /** An answer is complete at the line that holds the text. */
    public static Predicate<List<String>> ending(String text) {
        return lines -> !lines.isEmpty() && lines.get(lines.size() - 1).contains(text);
    }

    /** The first line (from those not yet read) that the pattern finds. */
    public Matcher await(Pattern pattern, long seconds) throws InterruptedException {
        List<Line> read = read(profile + "'s start", lines -> !lines.isEmpty() && pattern.matcher(lines.get(lines.size() - 1)).find(), seconds);
        Matcher m = pattern.matcher(read.get(read.size() - 1).text());
        m.find();
        return m;
    }

    /** Sends a command and returns its answer's lines, up to those that pass {@code complete}; a failed command is an error. */
    public List<String> ask(String command, Predicate<List<String>> complete, long seconds) throws IOException, InterruptedException {
        return askTimed(command, complete, seconds).stream().map(Line::text).toList();
    }

    /** {@link #ask}, each line with when it arrived: for a bench that times the answers. */
    public List<Line> askTimed(String command, Predicate<List<String>> complete, long seconds) throws IOException, InterruptedException {
        in.write(command + "\n");
        in.flush();
        return read(command, complete, seconds);
    }

    private List<Line> read(String what, Predicate<List<String>> complete, long seconds) throws InterruptedException {
        List<Line> read = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!complete.test(texts)) {
            Line l = next(what, deadline);
            read.add(l);
            texts.add(l.text());
        }
        return read;
    }

    /** The next line of output; Gogo's answer to a failed command, the profile's end or the deadline are errors. */
    private Line next(String what, long deadline) throws InterruptedException {
        while (true) {
            Line l = lines.poll(100, TimeUnit.MILLISECONDS);
            if (l != null) {
                if (l.text().contains("gogo: ")) {
                    throw new IllegalStateException(what + ": " + l.text());
                }
                return l;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(what + ": " + profile + " ended, exit " + process.exitValue() + " (see " + log + ")");
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(what + ": no answer in time (see " + log + ")");
            }
        }
    }

    /** The console's end stops the framework; SIGTERM, then SIGKILL, if it does not. */
    @Override
    public void close() throws InterruptedException {
        try {
            in.close();
        } catch (IOException e) {
            // The pipe is gone with the process.
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }
}
