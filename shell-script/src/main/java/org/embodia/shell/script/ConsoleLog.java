package org.embodia.shell.script;

import java.io.PrintStream;
import java.util.Collections;
import java.util.List;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogLevel;
import org.osgi.service.log.LogListener;
import org.osgi.service.log.LogReaderService;

/**
 * Warnings and errors of the log service on the console, one line each with the innermost cause: a component
 * that fails to activate (a hardware effector whose interface is missing, say) is otherwise only in the log,
 * where someone at the Gogo prompt never looks. {@code log} in Gogo still shows the full entries.
 */
// No service: a listener registered as a service would be delayed, and so never activated.
@Component(service = {})
public final class ConsoleLog implements LogListener {
    private final LogReaderService reader;
    private final PrintStream out = System.err;

    @Activate
    public ConsoleLog(@Reference LogReaderService reader) {
        this.reader = reader;
        // What was logged before this bundle started too, oldest first.
        List<LogEntry> earlier = Collections.list(reader.getLog());
        Collections.reverse(earlier);
        earlier.forEach(this::logged);
        reader.addLogListener(this);
    }

    @Deactivate
    void deactivate() {
        reader.removeLogListener(this);
    }

    @Override
    public void logged(LogEntry entry) {
        if (LogLevel.WARN.implies(entry.getLogLevel())) {
            out.println(line(entry));
        }
    }

    static String line(LogEntry entry) {
        StringBuilder b = new StringBuilder().append(entry.getLogLevel()).append(' ').append(entry.getBundle().getSymbolicName()).append(": ")
                .append(entry.getMessage());
        Throwable cause = entry.getException();
        while (cause != null && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause != null) {
            b.append(": ").append(cause.getMessage() != null ? cause.getMessage() : cause.getClass().getName());
        }
        return b.toString();
    }
}
