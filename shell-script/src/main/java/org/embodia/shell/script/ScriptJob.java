package org.embodia.shell.script;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * One script run: waits until the profile's bundles have started, runs the script on a thread of its own and hands
 * its exit code to the launcher.
 * <p>
 * The exit goes through the bnd launcher that every exported profile starts with: it calls a {@link Callable}
 * registered with {@code main.thread=true} on its main thread, then stops the framework, waits for it to stop and
 * exits with the callable's result. Stopping bundle 0 from here instead would make the launcher exit at once with its
 * own code (117, "stopped"), whatever the script's outcome.
 */
final class ScriptJob {
    /** The framework property naming the start level a profile runs at (framework.bnd sets it). */
    static final String STARTLEVEL_PROPERTY = "embodia.startlevel";
    /** How long the framework may take to stop after the script before the JVM exits anyway. */
    private static final long STOP_GRACE_SECONDS = 30;

    private final BundleContext context;
    private final CommandProcessor processor;
    private final Path file;
    private final long timeoutSeconds;
    private final long deadline;
    /** The process's own streams, as the Gogo shell uses: System.out is Gogo's per-thread redirection. */
    private final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, UTF_8);
    private final PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, UTF_8);
    private final CountDownLatch started = new CountDownLatch(1);
    private final FrameworkListener startWatch = this::frameworkEvent;
    private final BlockingQueue<Integer> outcome = new ArrayBlockingQueue<>(1);
    private final Thread thread = new Thread(this::runScript, "embodia-script");
    private volatile Script script;
    /** Whether the launcher has its exit code: after that, the framework stops because the script has ended. */
    private volatile boolean decided;
    private ServiceRegistration<?> mainThread;

    ScriptJob(BundleContext context, CommandProcessor processor, String file, long timeoutSeconds) {
        this.context = context;
        this.processor = processor;
        this.file = Path.of(file);
        this.timeoutSeconds = timeoutSeconds;
        this.deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    }

    void start() {
        context.addFrameworkListener(startWatch);
        // The listener may have come after the last start event: a bundle installed into a running framework.
        if (allStarted()) {
            started.countDown();
        }
        thread.start();
        mainThread = context.registerService(Callable.class, new MainThread(),
                FrameworkUtil.asDictionary(Map.of("main.thread", Boolean.TRUE)));
    }

    void stop() {
        mainThread.unregister();
        context.removeFrameworkListener(startWatch);
        Script running = script;
        if (running != null) {
            running.stop();
        }
        thread.interrupt();
        if (!decided) {
            err.println("script: the framework stopped before the script ended, at line "
                    + (running == null ? 0 : running.current()));
        }
    }

    private void frameworkEvent(FrameworkEvent event) {
        if ((event.getType() == FrameworkEvent.STARTED || event.getType() == FrameworkEvent.STARTLEVEL_CHANGED)
                && allStarted()) {
            started.countDown();
        }
    }

    /**
     * Whether the framework is active at the profile's start level ({@value #STARTLEVEL_PROPERTY}, which
     * framework.bnd sets to the beginning start level), or, without it, at a level that has started every
     * bundle marked for starting. The bnd launcher starts the framework at level 1 and then raises it, so the
     * STARTED event alone comes too early; a stand-by bundle waits above the profile's level for good.
     */
    private boolean allStarted() {
        Bundle framework = context.getBundle(Constants.SYSTEM_BUNDLE_ID);
        if (framework.getState() != Bundle.ACTIVE) {
            return false;
        }
        int level = framework.adapt(FrameworkStartLevel.class).getStartLevel();
        String profileLevel = context.getProperty(STARTLEVEL_PROPERTY);
        if (profileLevel != null) {
            return level >= Integer.parseInt(profileLevel.trim());
        }
        return Arrays.stream(context.getBundles())
                .map(b -> b.adapt(BundleStartLevel.class))
                .filter(Objects::nonNull)
                .filter(BundleStartLevel::isPersistentlyStarted)
                .allMatch(s -> s.getStartLevel() <= level);
    }

    private void runScript() {
        int code = Script.FAILED;
        try {
            code = readAndRun();
        } catch (InterruptedException e) {
            // deactivated before the script ended: the framework is stopping
        } finally {
            outcome.offer(code);
        }
    }

    private int readAndRun() throws InterruptedException {
        try {
            script = Script.read(file);
        } catch (IOException e) {
            err.println("script: cannot read " + file + ": " + e);
            return Script.UNREADABLE;
        }
        started.await();
        // Scripts do not read: the terminal, if any, is not theirs.
        CommandSession session = processor.createSession(InputStream.nullInputStream(), out, err);
        try {
            return script.run(session, out, err);
        } finally {
            session.close();
        }
    }

    /** A class, not a lambda: the launcher takes a Callable only if its call method is declared to return Integer. */
    private final class MainThread implements Callable<Integer> {
        @Override
        public Integer call() throws InterruptedException {
            return awaitOutcome();
        }
    }

    /** On the launcher's main thread: the exit code, once the script has ended or its time is up. */
    private Integer awaitOutcome() throws InterruptedException {
        Integer code = outcome.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        if (code == null) {
            Script running = script;
            err.println("script: timed out after " + timeoutSeconds + " s at line "
                    + (running == null ? 0 : running.current()));
            code = Script.TIMED_OUT;
        }
        decided = true;
        exitIfStopHangs(code);
        return code;
    }

    /** The launcher waits for the framework to stop without a time limit; a bundle that hangs must not keep the JVM. */
    private void exitIfStopHangs(int code) {
        String message = "script: the framework did not stop within " + STOP_GRACE_SECONDS + " s; exiting";
        Thread guard = new Thread(() -> {
            try {
                TimeUnit.SECONDS.sleep(STOP_GRACE_SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            err.println(message);
            System.exit(code);
        }, "embodia-script-exit");
        guard.setDaemon(true);
        guard.start();
    }
}
