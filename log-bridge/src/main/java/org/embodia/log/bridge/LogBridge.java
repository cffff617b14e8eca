package org.embodia.log.bridge;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.service.log.LoggerFactory;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Routes java.util.logging, which libraries such as SPI Fly use, to the OSGi log from WARNING up: the root logger's
 * console handler gives way to a {@link OsgiLogHandler} and the root level becomes WARNING. So a profile starts
 * without the libraries' INFO lines before its prompt, and their warnings are in the log ({@code log} in the Gogo
 * shell). Unless asked otherwise: a JVM started with a logging configuration of its own
 * ({@code -Djava.util.logging.config.file=...} or {@code .config.class}) keeps it. Stopping the bundle puts the
 * root logger back as it was.
 */
public final class LogBridge implements BundleActivator {
    private final Logger root = Logger.getLogger("");
    private Handler[] previousHandlers;
    private Level previousLevel;
    private ServiceTracker<LoggerFactory, LoggerFactory> factories;
    private OsgiLogHandler handler;

    @Override
    public void start(BundleContext context) {
        if (configuredByTheUser()) {
            return;
        }
        factories = new ServiceTracker<>(context, LoggerFactory.class, null);
        factories.open();
        handler = new OsgiLogHandler(factories::getService);
        handler.setLevel(Level.WARNING);
        previousLevel = root.getLevel();
        previousHandlers = root.getHandlers();
        for (Handler h : previousHandlers) {
            root.removeHandler(h);
        }
        root.addHandler(handler);
        root.setLevel(Level.WARNING);
    }

    @Override
    public void stop(BundleContext context) {
        if (handler == null) {
            return;
        }
        root.removeHandler(handler);
        for (Handler h : previousHandlers) {
            root.addHandler(h);
        }
        root.setLevel(previousLevel);
        factories.close();
        handler = null;
    }

    static boolean configuredByTheUser() {
        return System.getProperty("java.util.logging.config.file") != null || System.getProperty("java.util.logging.config.class") != null;
    }
}
