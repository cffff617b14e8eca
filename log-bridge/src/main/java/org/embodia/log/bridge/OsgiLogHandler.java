package org.embodia.log.bridge;

import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

import org.osgi.service.log.Logger;
import org.osgi.service.log.LoggerFactory;

/**
 * A java.util.logging handler that writes each record to the OSGi log, under the record's logger name, at the OSGi
 * level its own level maps to (SEVERE error, WARNING warn, INFO info, CONFIG and FINE debug, finer trace). Without a
 * log service (not yet started, or gone), a record is written to stderr instead, so that nothing is lost. The message
 * goes in as an argument, not as the format: a library's own "{}" stays as it wrote it.
 */
final class OsgiLogHandler extends Handler {
    private final Supplier<LoggerFactory> factory;
    private final SimpleFormatter fallback = new SimpleFormatter();

    OsgiLogHandler(Supplier<LoggerFactory> factory) {
        this.factory = factory;
    }

    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        LoggerFactory f = factory.get();
        if (f == null) {
            System.err.print(fallback.format(record));
            return;
        }
        Logger log = f.getLogger(record.getLoggerName() == null ? "" : record.getLoggerName());
        String message = fallback.formatMessage(record);
        Throwable t = record.getThrown();
        int level = record.getLevel().intValue();
        if (level >= Level.SEVERE.intValue()) {
            log.error("{}", message, t);
        } else if (level >= Level.WARNING.intValue()) {
            log.warn("{}", message, t);
        } else if (level >= Level.INFO.intValue()) {
            log.info("{}", message, t);
        } else if (level >= Level.FINE.intValue()) {
            log.debug("{}", message, t);
        } else {
            log.trace("{}", message, t);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
