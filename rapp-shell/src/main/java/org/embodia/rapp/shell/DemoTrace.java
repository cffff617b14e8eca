package org.embodia.rapp.shell;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.embodia.scheduler.StateSwitch;

/**
 * What the rapp: demos share: lines stamped with the time since the demo began, steps that wait for a goal and fail
 * the demo when it is not reached in time, and a watcher thread that prints every state switch of the subsystems it
 * is given, under the names [RAPP] gives them. {@link #close()} stops the watcher.
 */
final class DemoTrace implements AutoCloseable {
    private final RappCommands rapp;
    private final PrintStream out;
    /** Subsystem → [RAPP]'s name for it, in the order given. */
    private final Map<String, String> watched;
    private final long start = System.nanoTime();
    /** Subsystem → the cycle of the latest switch printed; touched under this object's lock only. */
    private final Map<String, Long> seen = new HashMap<>();
    private final Thread watcher;
    private volatile boolean watching = true;

    private DemoTrace(RappCommands rapp, PrintStream out, Map<String, String> watched) {
        this.rapp = rapp;
        this.out = out;
        this.watched = new LinkedHashMap<>(watched);
        this.watched.keySet().forEach(s -> seen.put(s, last(s)));
        this.watcher = new Thread(this::watch, "rapp-demo-watcher");
        watcher.setDaemon(true);
    }

    /** A trace whose watcher prints the switches of {@code watched} (subsystem → [RAPP]'s name) from now on. */
    static DemoTrace start(RappCommands rapp, PrintStream out, Map<String, String> watched) {
        DemoTrace trace = new DemoTrace(rapp, out, watched);
        trace.watcher.start();
        return trace;
    }

    /** Thrown by a goal that can no longer be reached (cs took another path): the step fails at once. */
    static final class Missed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Missed(String message) {
            super(message);
        }
    }

    /**
     * Waits for {@code goal}, checked every 10 ms; fails naming the goal and how cs is doing when it is not reached
     * within {@code seconds}, or at once when the goal throws {@link Missed}. A goal that throws
     * IllegalStateException counts as not reached yet: c_core,cs is absent for a moment while DS replaces it after a
     * configuration change.
     */
    void step(String what, BooleanSupplier goal, double seconds) throws InterruptedException {
        say("> " + what);
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        IllegalStateException lastProblem = null;
        while (true) {
            try {
                if (goal.getAsBoolean()) {
                    break;
                }
            } catch (Missed e) {
                throw new IllegalStateException(what + ": " + e.getMessage() + " (" + rapp.csStatus() + ")", e);
            } catch (IllegalStateException e) {
                lastProblem = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(what + ": not reached within " + seconds + " s (" + rapp.csStatus()
                        + (lastProblem == null ? "" : "; last: " + lastProblem.getMessage()) + ")");
            }
            Thread.sleep(10);
        }
        printSwitches();
        say("  ok");
    }

    synchronized void say(String line) {
        out.printf(Locale.ROOT, "%8.3f s %s%n", (System.nanoTime() - start) / 1e9, line);
        out.flush();
    }

    /** The cycle of the latest switch of {@code subsystem}, -1 when it has none (yet). */
    long last(String subsystem) {
        return last(rapp.switches(subsystem));
    }

    static long last(List<StateSwitch> switches) {
        long last = -1;
        for (StateSwitch s : switches) {
            last = Math.max(last, s.cycle());
        }
        return last;
    }

    /** The first switch of {@code subsystem} from {@code from} to {@code to} after cycle {@code after}, or null. */
    StateSwitch switched(String subsystem, long after, String from, String to) {
        return first(rapp.switches(subsystem), after, from, to);
    }

    static StateSwitch first(List<StateSwitch> switches, long after, String from, String to) {
        for (StateSwitch s : switches) {
            if (s.cycle() > after && s.from().equals(from) && s.to().equals(to)) {
                return s;
            }
        }
        return null;
    }

    /** A switch to print, with [RAPP]'s name of its subsystem. */
    private record Seen(String name, StateSwitch change) {
    }

    /** Prints the watched subsystems' new switches every 5 ms. */
    private void watch() {
        while (watching) {
            printSwitches();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Prints the switches of the watched subsystems since the last call, in cycle order across them. Called by the
     * watcher, and by a step before its "ok", so that the switches that reached the goal come before it.
     */
    private synchronized void printSwitches() {
        List<Seen> fresh = new ArrayList<>();
        for (Map.Entry<String, String> w : watched.entrySet()) {
            long since = seen.get(w.getKey());
            for (StateSwitch s : rapp.switches(w.getKey())) {
                if (s.cycle() > since) {
                    fresh.add(new Seen(w.getValue(), s));
                    seen.merge(w.getKey(), s.cycle(), Math::max);
                }
            }
        }
        fresh.sort(Comparator.comparingLong(f -> f.change().cycle()));
        for (Seen f : fresh) {
            say(String.format(Locale.ROOT, "  [%s] %s -> %s (cycle %d)", f.name(), f.change().from(), f.change().to(),
                    f.change().cycle()));
        }
    }

    @Override
    public void close() throws InterruptedException {
        watching = false;
        watcher.join(1000);
        printSwitches();
    }
}
