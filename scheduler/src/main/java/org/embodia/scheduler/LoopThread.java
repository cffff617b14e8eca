package org.embodia.scheduler;

import java.util.concurrent.locks.LockSupport;

/**
 * A daemon thread that runs a pass over and over until it is stopped: the thread of a {@link SimulationClock} at its
 * own pace, or a simulator's worker. A pass that waits parks and checks {@link #running()} when it wakes; stopping
 * unparks it and waits for the pass under way to end. Checking and waking take no lock and allocate nothing.
 */
public final class LoopThread {
    private final Thread thread;
    private final Runnable pass;
    private volatile boolean running = true;

    /**
     * @param name the thread's name
     * @param pass run on the thread while {@link #running()}; what it throws ends the thread, so a pass that must
     *        survive failures catches them itself
     */
    public LoopThread(String name, Runnable pass) {
        this.pass = pass;
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
    }

    /** @throws IllegalThreadStateException if started before */
    public void start() {
        thread.start();
    }

    private void loop() {
        while (running) {
            pass.run();
        }
    }

    /** Whether the loop goes on: false once {@link #stop()} was called. */
    public boolean running() {
        return running;
    }

    /** Ends a park of the pass under way, or the next one, early. */
    public void wake() {
        LockSupport.unpark(thread);
    }

    /**
     * Stops the loop after the pass under way and, unless called from that pass, waits until the thread has ended:
     * what the pass uses may be freed once this returns. An interrupt does not cut the wait short; it is kept for the
     * caller.
     */
    public void stop() {
        running = false;
        LockSupport.unpark(thread);
        if (thread == Thread.currentThread()) {
            return;
        }
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
