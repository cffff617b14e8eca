package org.embodia.nao.sim;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.embodia.scheduler.LoopThread;

/**
 * A daemon thread doing what must not happen on the clock thread (speech synthesis and recognition, rendering, file
 * I/O): it runs {@code work} whenever {@link #wake()} is called, and at least every {@value #IDLE_MILLIS} ms. Waking it
 * takes no lock and allocates nothing.
 */
final class Worker implements AutoCloseable {
    static final long IDLE_MILLIS = 10;

    private final LoopThread loop;
    private final Runnable work;
    private final Consumer<Throwable> failures;

    /**
     * @param work called repeatedly on the worker's thread
     * @param failures told what {@code work} throws; the thread goes on
     */
    Worker(String name, Runnable work, Consumer<Throwable> failures) {
        this.work = work;
        this.failures = failures;
        loop = new LoopThread(name, this::pass);
    }

    void start() {
        loop.start();
    }

    private void pass() {
        try {
            work.run();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            failures.accept(t);
        }
        if (loop.running()) {
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(IDLE_MILLIS));
        }
    }

    void wake() {
        loop.wake();
    }

    /** Stops the thread after the work under way and waits for it. */
    @Override
    public void close() {
        loop.stop();
    }
}
