package org.embodia.shell.script;

import java.io.PrintStream;

import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Runs the Gogo script named by the framework property {@value #SCRIPT} (an absolute path; {@code ./embodia run
 * <profile> --script <file>} sets it), then ends the JVM with the script's outcome. Without the property it does
 * nothing, and the profile is the interactive shell it always was.
 */
@Component(immediate = true)
public final class ScriptRunner {
    static final String SCRIPT = "embodia.script";
    static final String TIMEOUT = "embodia.script.timeout";
    private static final long DEFAULT_TIMEOUT_SECONDS = 600;

    /** Null in interactive use. */
    private final ScriptJob job;

    @Activate
    public ScriptRunner(BundleContext context, @Reference CommandProcessor processor) {
        String file = context.getProperty(SCRIPT);
        if (file == null) {
            job = null;
            return;
        }
        job = new ScriptJob(context, processor, file, timeoutSeconds(context.getProperty(TIMEOUT), System.err));
        job.start();
    }

    @Deactivate
    void deactivate() {
        if (job != null) {
            job.stop();
        }
    }

    static long timeoutSeconds(String value, PrintStream err) {
        if (value == null) {
            return DEFAULT_TIMEOUT_SECONDS;
        }
        try {
            long seconds = Long.parseLong(value.strip());
            if (seconds > 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below, as a value that is not positive is
        }
        err.println("script: " + TIMEOUT + "=" + value + " is not a positive number of seconds; using "
                + DEFAULT_TIMEOUT_SECONDS);
        return DEFAULT_TIMEOUT_SECONDS;
    }
}
