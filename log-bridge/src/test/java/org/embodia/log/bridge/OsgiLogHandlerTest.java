package org.embodia.log.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.Test;
import org.osgi.service.log.Logger;
import org.osgi.service.log.LoggerFactory;

/** java.util.logging records into the OSGi log, at the levels they map to, and to stderr while there is no log. */
class OsgiLogHandlerTest {
    /** Calls on the OSGi loggers: "name level args". */
    private final List<String> logged = new ArrayList<>();

    private LoggerFactory factory() {
        return (LoggerFactory) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {LoggerFactory.class}, (p, m, a) -> {
            String name = (String) a[0];
            return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Logger.class}, (lp, lm, la) -> {
                logged.add(name + " " + lm.getName() + " " + Arrays.toString(Arrays.copyOfRange(la, 1, la.length)));
                return null;
            });
        });
    }

    private static LogRecord record(Level level, String logger, String message, Throwable thrown) {
        LogRecord r = new LogRecord(level, message);
        r.setLoggerName(logger);
        r.setThrown(thrown);
        return r;
    }

    @Test
    void recordsFromWarningUpGoToTheOsgiLogUnderTheirLoggersName() {
        LoggerFactory f = factory();
        OsgiLogHandler h = new OsgiLogHandler(() -> f);
        h.setLevel(Level.WARNING);
        IllegalStateException boom = new IllegalStateException("boom");
        h.publish(record(Level.INFO, "org.apache.aries.spifly.BaseActivator", "Registered provider x", null));
        h.publish(record(Level.WARNING, "org.apache.aries.spifly.BaseActivator", "no {} here", null));
        h.publish(record(Level.SEVERE, "lib", "failed", boom));
        assertEquals(List.of("org.apache.aries.spifly.BaseActivator warn [no {} here, null]", "lib error [failed, " + boom + "]"), logged);
    }

    @Test
    void withAFinerLevelAskedForTheLowerRecordsGoAtTheirOwnLevels() {
        LoggerFactory f = factory();
        OsgiLogHandler h = new OsgiLogHandler(() -> f);
        h.setLevel(Level.ALL);
        h.publish(record(Level.INFO, "a", "i", null));
        h.publish(record(Level.FINE, "a", "f", null));
        h.publish(record(Level.FINEST, "a", "t", null));
        assertEquals(List.of("a info [i, null]", "a debug [f, null]", "a trace [t, null]"), logged);
    }

    @Test
    void withoutALogServiceARecordGoesToStderr() {
        OsgiLogHandler h = new OsgiLogHandler(() -> null);
        h.setLevel(Level.WARNING);
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            h.publish(record(Level.WARNING, "lib", "before the log service", null));
        } finally {
            System.setErr(err);
        }
        assertTrue(captured.toString(StandardCharsets.UTF_8).contains("WARNING: before the log service"), captured.toString(StandardCharsets.UTF_8));
    }
}
