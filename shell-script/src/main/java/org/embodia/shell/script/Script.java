package org.embodia.shell.script;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;

/**
 * A file of Gogo commands, run one line at a time in one session as if typed at the shell. Blank lines and lines
 * starting with {@code #} are skipped; the first command that fails ends the script. A line {@value #FINALLY} alone
 * starts the lines that run after the others however they ended, as a try's finally block does: the diagnostics a
 * failure most needs (counters, states) would otherwise never be printed. Each of those runs even if one before it
 * failed.
 */
final class Script {
    /** Exit codes of {@code ./embodia run <profile> --script <file>}. */
    static final int SUCCEEDED = 0;
    static final int FAILED = 1;
    static final int UNREADABLE = 2;
    static final int TIMED_OUT = 3;

    /** The line that starts the commands run whatever happened before. */
    static final String FINALLY = "finally";

    record Line(int number, String command) {}

    private final List<Line> lines;
    private final List<Line> always;
    /** The line being run or next to run, for the timeout report (another thread reads it). */
    private volatile int current;
    /** Set when the framework stops under the script (its time is up): no further line runs, nothing more is reported. */
    private volatile boolean stopped;

    Script(List<String> text) {
        List<Line> commands = new ArrayList<>();
        List<Line> after = null;
        for (int i = 0; i < text.size(); i++) {
            String command = text.get(i).strip();
            if (command.equals(FINALLY) && after == null) {
                after = new ArrayList<>();
            } else if (!command.isEmpty() && !command.startsWith("#")) {
                (after == null ? commands : after).add(new Line(i + 1, command));
            }
        }
        lines = List.copyOf(commands);
        always = after == null ? List.of() : List.copyOf(after);
        current = lines.isEmpty() ? 0 : lines.get(0).number();
    }

    static Script read(Path file) throws IOException {
        return new Script(Files.readAllLines(file, UTF_8));
    }

    List<Line> lines() {
        return lines;
    }

    /** The lines after {@value #FINALLY}. */
    List<Line> always() {
        return always;
    }

    int current() {
        return current;
    }

    /** Ends the script after the running line; the caller interrupts that line's thread. */
    void stop() {
        stopped = true;
    }

    /**
     * Echoes each line as the shell's prompt shows it and prints its result as the shell formats it; then the
     * {@value #FINALLY} lines, unless the framework is stopping.
     *
     * @return {@link #SUCCEEDED}, or {@link #FAILED} once a line does not parse or its command throws
     */
    int run(CommandSession session, PrintStream out, PrintStream err) {
        boolean failed = false;
        for (Line line : lines) {
            if (!run(line, session, out, err)) {
                failed = true;
                break;
            }
        }
        for (Line line : always) {
            failed |= !run(line, session, out, err);
        }
        return failed || stopped ? FAILED : SUCCEEDED;
    }

    /** Whether the line ran without failing; false without running it once the script is stopped. */
    private boolean run(Line line, CommandSession session, PrintStream out, PrintStream err) {
        if (stopped) {
            return false;
        }
        current = line.number();
        out.println("g! " + line.command());
        try {
            Object result = session.execute(line.command());
            if (result != null) {
                out.println(session.format(result, Converter.INSPECT));
            }
            return true;
        } catch (Exception e) {
            if (!stopped) { // else the interruption, not the command's failure
                err.println("script: line " + line.number() + ": " + line.command() + ": " + message(e));
            }
            return false;
        }
    }

    private static String message(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }
}
