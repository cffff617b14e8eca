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
 * starting with {@code #} are skipped; the first command that fails ends the script.
 */
final class Script {
    /** Exit codes of {@code ./embodia run <profile> --script <file>}. */
    static final int SUCCEEDED = 0;
    static final int FAILED = 1;
    static final int UNREADABLE = 2;
    static final int TIMED_OUT = 3;

    record Line(int number, String command) {}

    private final List<Line> lines;
    /** The line being run or next to run, for the timeout report (another thread reads it). */
    private volatile int current;
    /** Set when the framework stops under the script (its time is up): no further line runs, nothing more is reported. */
    private volatile boolean stopped;

    Script(List<String> text) {
        List<Line> commands = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String command = text.get(i).strip();
            if (!command.isEmpty() && !command.startsWith("#")) {
                commands.add(new Line(i + 1, command));
            }
        }
        lines = List.copyOf(commands);
        current = lines.isEmpty() ? 0 : lines.get(0).number();
    }

    static Script read(Path file) throws IOException {
        return new Script(Files.readAllLines(file, UTF_8));
    }

    List<Line> lines() {
        return lines;
    }

    int current() {
        return current;
    }

    /** Ends the script after the running line; the caller interrupts that line's thread. */
    void stop() {
        stopped = true;
    }

    /**
     * Echoes each line as the shell's prompt shows it and prints its result as the shell formats it.
     *
     * @return {@link #SUCCEEDED}, or {@link #FAILED} once a line does not parse or its command throws
     */
    int run(CommandSession session, PrintStream out, PrintStream err) {
        for (Line line : lines) {
            if (stopped) {
                return FAILED;
            }
            current = line.number();
            out.println("g! " + line.command());
            try {
                Object result = session.execute(line.command());
                if (result != null) {
                    out.println(session.format(result, Converter.INSPECT));
                }
            } catch (Exception e) {
                if (stopped) {
                    return FAILED; // the interruption, not the command's failure
                }
                err.println("script: line " + line.number() + ": " + line.command() + ": " + message(e));
                return FAILED;
            }
        }
        return SUCCEEDED;
    }

    private static String message(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }
}
