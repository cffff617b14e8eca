package org.embodia.scheduler;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The clock of a simulator, which composes it and registers itself as the {@link ActivityClock}: its pace, the cycles
 * attached to it, the status publishers of its real effectors and receptors, and what they threw.
 *
 * <p>The clock runs the simulator's tick, given once, on one thread: with {@link #start(long, long)} a thread of its
 * own ticks at a fixed period against absolute deadlines (with {@link #start(long, long, int, long)} at a real-time
 * priority, spinning before each), with {@link #startUnpaced()} back to back; without, {@link #advance(int)} or {@link #tick()} tick on the
 * caller's thread. The tick does the simulator's own work in its own order and calls {@link #publish()} and
 * {@link #runCycles()} where the status is to go out and the attached cycles are to run, and {@link #count()} where
 * the tick is to count as done, if earlier than its end. A publisher or cycle that throws is counted as a cycle failure
 * and the others run on (a {@link VirtualMachineError} is thrown on). Being on one thread keeps each status buffer's
 * single writer and lets subsystems hand commands to devices without locks. Around the tick the clock allocates
 * nothing and takes no lock; registrations copy their lists, so a tick reads them without one.
 */
public final class SimulationClock implements ActivityClock {
    private final String name;
    private final Runnable tick;
    private final Object registrations = new Object();
    private volatile Runnable[] cycles = new Runnable[0];
    private volatile Runnable[] publishers = new Runnable[0];
    private volatile Thread ticking;
    private volatile long ticks;
    /** Whether the tick under way was counted; read and written by the ticking thread only. */
    private boolean counted;
    private final AtomicLong cycleFailures = new AtomicLong();
    private volatile Throwable lastCycleFailure;
    private volatile long rebases;
    private volatile boolean closed;
    private volatile LoopThread thread;
    /** The own thread's pace; fixed before it starts. */
    private long periodNanos;
    private long maxLagNanos;
    /** The own thread's next deadline; that thread's alone. */
    private long next;
    /** How long before each deadline the own thread stops parking and spins; fixed before it starts. */
    private long spinNanos;
    /** The SCHED_FIFO priority the own thread asks for as it starts, 0 for none; fixed before it starts. */
    private int priority;
    /** What the own thread got from Linux, once it asked. */
    private volatile String scheduling = "";
    /** Whether the own thread asked for its scheduling yet; that thread's alone. */
    private boolean configured;

    /**
     * @param name the clock's name, as activities name it ({@code clock=<name>}), in errors and its thread's name
     * @param tick the simulator's tick, called on the ticking thread once a tick
     */
    public SimulationClock(String name, Runnable tick) {
        this.name = name;
        this.tick = tick;
    }

    /**
     * Starts a thread of its own ({@code "<name> clock"}) that ticks every {@code periodNanos} against absolute
     * deadlines. Fallen more than {@code maxLagNanos} behind (a stalled machine), it resumes its pace from then rather
     * than racing to catch up, and counts a {@linkplain #rebases() rebase}. Call it once the tick may run.
     *
     * @throws IllegalArgumentException for a period not above 0 or a negative lag
     * @throws IllegalStateException if started before or closed
     */
    public void start(long periodNanos, long maxLagNanos) {
        start(periodNanos, maxLagNanos, 0, 0);
    }

    /**
     * As {@link #start(long, long)}, the thread keeping its pace as the scheduler's periodic activities keep theirs: as it
     * starts it asks Linux for the smallest timer slack and, if {@code priority} is above 0, SCHED_FIFO at it
     * ({@link Realtime}; what it got in {@link #scheduling()}); before each deadline it parks until {@code spinNanos} are
     * left and spins those, so that the operating system's wake-up latency does not show in the tick's start.
     *
     * @throws IllegalArgumentException for a period not above 0, a negative lag or spin, or a priority outside 0–99
     * @throws IllegalStateException if started before or closed
     * @since 1.11
     */
    public void start(long periodNanos, long maxLagNanos, int priority, long spinNanos) {
        if (periodNanos <= 0 || maxLagNanos < 0 || spinNanos < 0) {
            throw new IllegalArgumentException(name + ": the period must be above 0, the lag and the spin at least 0 ns, got " + periodNanos
                    + ", " + maxLagNanos + " and " + spinNanos);
        }
        if (priority < 0 || priority > 99) {
            throw new IllegalArgumentException(name + ": a SCHED_FIFO priority is 1 to 99 (0 for none), got " + priority);
        }
        startThread(periodNanos, maxLagNanos, priority, Math.min(spinNanos, periodNanos), this::pace);
    }

    /**
     * What the own thread of {@link #start(long, long, int, long)} got from Linux, e.g. {@code timer slack 1 ns, SCHED_FIFO 80};
     * empty before it ran or for a clock started otherwise.
     *
     * @since 1.11
     */
    @Override
    public String scheduling() {
        return scheduling;
    }

    /**
     * Starts a thread of its own ({@code "<name> clock"}) that ticks back to back, as fast as the tick and the cycles
     * attached to it allow: simulated time runs ahead of the wall clock, for a headless run faster than real time.
     * {@link #periodNanos()} is then 0, as when stepped, so no cycle counts as late.
     *
     * @throws IllegalStateException if started before or closed
     * @since 1.7
     */
    public void startUnpaced() {
        startThread(0, 0, 0, 0, this::runTick);
    }

    private void startThread(long period, long lag, int fifoPriority, long spin, Runnable pass) {
        synchronized (registrations) {
            if (closed || thread != null) {
                throw new IllegalStateException(name + (closed ? " is closed" : " ticks on its own thread already"));
            }
            this.periodNanos = period;
            this.maxLagNanos = lag;
            this.priority = fifoPriority;
            this.spinNanos = spin;
            next = System.nanoTime() + period;
            LoopThread t = new LoopThread(name + " clock", pass);
            thread = t;
            t.start();
        }
    }

    /** One pass of the own thread: wait for the deadline, tick, set the next. */
    private void pace() {
        LoopThread t = thread;
        if (!configured) {
            configured = true;
            if (priority > 0 || spinNanos > 0) {
                scheduling = Realtime.configureCurrentThread(priority, -1).description();
            }
        }
        long wait;
        while (t.running() && (wait = next - spinNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
        while (t.running() && next - System.nanoTime() > 0) {
            Thread.onSpinWait();
        }
        if (!t.running()) {
            return;
        }
        runTick();
        next += periodNanos;
        long now = System.nanoTime();
        if (now - next > maxLagNanos) {
            next = now + periodNanos;
            rebases++;
        }
    }

    /**
     * Runs {@code count} ticks on the caller's thread.
     *
     * @throws IllegalStateException if the clock ticks on its own thread or is closed
     * @throws IllegalArgumentException for a negative count
     */
    public void advance(int count) {
        requireNoThreadOfItsOwn();
        if (closed) {
            throw new IllegalStateException(name + " is closed");
        }
        if (count < 0) {
            throw new IllegalArgumentException("cannot advance by " + count + " ticks");
        }
        for (int i = 0; i < count; i++) {
            runTick();
        }
    }

    /**
     * Runs one tick on the caller's thread, or nothing once closed: for a simulator that something else ticks, as
     * the end of each control cycle.
     *
     * @throws IllegalStateException if the clock ticks on its own thread
     */
    public void tick() {
        requireNoThreadOfItsOwn();
        if (!closed) {
            runTick();
        }
    }

    private void requireNoThreadOfItsOwn() {
        if (thread != null) {
            throw new IllegalStateException(name + " ticks on its own thread; only a clock without one ticks on the caller's");
        }
    }

    private void runTick() {
        ticking = Thread.currentThread();
        counted = false;
        try {
            tick.run();
            count();
        } finally {
            ticking = null;
        }
    }

    /**
     * Within a tick: from now on {@link #ticks()} includes it. A tick that does not call it is counted at its end;
     * calling it again in the same tick does nothing.
     *
     * @throws IllegalStateException outside a tick
     */
    public void count() {
        requireTick();
        if (!counted) {
            counted = true;
            ticks = ticks + 1;
        }
    }

    /**
     * Within a tick: every status publisher, in the order they were added.
     *
     * @throws IllegalStateException outside a tick
     */
    public void publish() {
        requireTick();
        for (Runnable publisher : publishers) {
            run(publisher);
        }
    }

    /**
     * Within a tick: every attached cycle, in the order they were attached.
     *
     * @throws IllegalStateException outside a tick
     */
    public void runCycles() {
        requireTick();
        for (Runnable cycle : cycles) {
            run(cycle);
        }
    }

    private void requireTick() {
        if (!onClockThread()) {
            throw new IllegalStateException(name + ": only its tick publishes, runs the cycles and counts itself");
        }
    }

    /** A publisher or cycle; what it throws is counted and the tick goes on with the others. */
    private void run(Runnable r) {
        try {
            r.run();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            lastCycleFailure = t;
            cycleFailures.incrementAndGet();
        }
    }

    @Override
    public void attach(Runnable cycle) {
        synchronized (registrations) {
            cycles = append(cycles, cycle);
        }
    }

    @Override
    public void detach(Runnable cycle) {
        synchronized (registrations) {
            cycles = remove(cycles, cycle);
        }
    }

    /** From now on, {@link #publish()} runs {@code publisher}: a real effector's or receptor's sending of its status. */
    public void addPublisher(Runnable publisher) {
        synchronized (registrations) {
            publishers = append(publishers, publisher);
        }
    }

    public void removePublisher(Runnable publisher) {
        synchronized (registrations) {
            publishers = remove(publishers, publisher);
        }
    }

    private static Runnable[] append(Runnable[] list, Runnable r) {
        Runnable[] grown = Arrays.copyOf(list, list.length + 1);
        grown[list.length] = r;
        return grown;
    }

    private static Runnable[] remove(Runnable[] list, Runnable r) {
        for (int i = 0; i < list.length; i++) {
            if (list[i] == r) {
                Runnable[] shrunk = new Runnable[list.length - 1];
                System.arraycopy(list, 0, shrunk, 0, i);
                System.arraycopy(list, i + 1, shrunk, i, list.length - i - 1);
                return shrunk;
            }
        }
        return list;
    }

    /** Whether the caller is inside a tick: where devices may be commanded and status sent. */
    public boolean onClockThread() {
        return ticking == Thread.currentThread();
    }

    /** @throws IllegalStateException naming {@code subsystem} when the caller is not inside a tick */
    public void requireClockThread(String subsystem) {
        if (!onClockThread()) {
            throw new IllegalStateException(subsystem + " must run on the simulation's clock: put it in an activity with clock=" + name);
        }
    }

    /** The period of its own thread once {@linkplain #start(long, long) started}, else 0: ticked on demand. */
    @Override
    public long periodNanos() {
        return thread == null ? 0 : periodNanos;
    }

    /** Ticks counted. */
    public long ticks() {
        return ticks;
    }

    /** Publishers and cycles that threw; the clock ticked on. */
    public long cycleFailures() {
        return cycleFailures.get();
    }

    /** What the latest of them threw, or null. */
    public Throwable lastCycleFailure() {
        return lastCycleFailure;
    }

    /** Times the own thread fell more than the lag behind and resumed its pace from then. */
    public long rebases() {
        return rebases;
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Closes the clock: its own thread, if any, ends after the tick under way and is waited for (unless this is called
     * from that tick); {@link #advance(int)} refuses and {@link #tick()} does nothing from now on.
     *
     * @return whether this call closed it, false if it was closed before: the simulator frees its devices once
     */
    public boolean close() {
        synchronized (registrations) {
            if (closed) {
                return false;
            }
            closed = true;
        }
        LoopThread t = thread;
        if (t != null) {
            t.stop();
        }
        return true;
    }
}
