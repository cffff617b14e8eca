package org.embodia.rapp.shell;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

import org.embodia.nao.cs.api.RappStatus;
import org.embodia.scheduler.StateSwitch;

/**
 * The voice path of seed 001 §3.8 once, in the simulated NAO: someone near the robot says "hello", r_core,mic spots
 * it in listen, cs fetches the greeter from the store, activates it and relays its calls (it greets, then listens for
 * an answer, which the demo gives: "fine"), and destroys it when it is done. A watcher prints every state change of
 * c_core,cs; the demo fails at the first goal missed.
 */
final class VoiceDemo {
    private static final String MIC = "core/a.mic/vr";
    private static final String APP = "greeter";
    private static final String KEYWORD = "hello";
    private static final String ANSWER = "fine";

    private final RappCommands rapp;
    private final PrintStream out;
    private final long start = System.nanoTime();
    private volatile boolean watching = true;

    VoiceDemo(RappCommands rapp, PrintStream out) {
        this.rapp = rapp;
        this.out = out;
    }

    String run() throws InterruptedException {
        step("c_core,cs listens, the store's apps read", () -> "listen".equals(rapp.state(RappCommands.CS)) && rapp.core().apps().containsKey(APP),
                60);
        say("  apps: " + rapp.core().apps());
        RappStatus before = rapp.core().status();
        Thread watcher = new Thread(this::watch, "rapp-demo-watcher");
        watcher.setDaemon(true);
        watcher.start();
        try {
            long since = last(rapp.switches(MIC));
            say("> someone says \"" + KEYWORD + "\"");
            rapp.simulator().hear(KEYWORD);
            step("the " + APP + " is fetched, activated and working", () -> rapp.core().status().activated() > before.activated(), 60);
            step("the " + APP + " greets and listens for an answer (r_core,mic in recog)", () -> enteredRecog(since), 60);
            say("> someone answers \"" + ANSWER + "\"");
            rapp.simulator().hear(ANSWER);
            step("the " + APP + " answers, ends and is destroyed; cs listens again",
                    () -> rapp.core().status().destroyed() > before.destroyed() && "listen".equals(rapp.core().status().state()), 90);
            RappStatus after = rapp.core().status();
            say("  " + RappCommands.describe(after));
            if (after.lastError() != null && !after.lastError().equals(before.lastError())) {
                throw new IllegalStateException("the app ended with an error: " + after.lastError());
            }
            return "voice demo: the " + APP + " ran and was destroyed";
        } finally {
            watching = false;
            watcher.join(1000);
        }
    }

    /** r_core,mic entered recog after the keyword was heard and after cs's listen ended: the app's wordSpotting. */
    private boolean enteredRecog(long since) {
        long listenEnded = Long.MAX_VALUE;
        for (StateSwitch s : rapp.switches(RappCommands.CS)) {
            if (s.cycle() > since && "listen".equals(s.from())) {
                listenEnded = Math.min(listenEnded, s.cycle());
            }
        }
        for (StateSwitch s : rapp.switches(MIC)) {
            if (s.cycle() > listenEnded && "recog".equals(s.to())) {
                return true;
            }
        }
        return false;
    }

    private void step(String what, BooleanSupplier goal, double seconds) throws InterruptedException {
        say("> " + what);
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!goal.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + ": not reached within " + seconds + " s (" + RappCommands.describe(rapp.core().status()) + ")");
            }
            Thread.sleep(10);
        }
        say("  ok");
    }

    /** Prints every state change of c_core,cs as the seed names the subsystem. */
    private void watch() {
        long seen = last(rapp.switches(RappCommands.CS));
        while (watching) {
            for (StateSwitch s : rapp.switches(RappCommands.CS)) {
                if (s.cycle() > seen) {
                    say(String.format(Locale.ROOT, "  [c_core,cs] %s -> %s (cycle %d)", s.from(), s.to(), s.cycle()));
                    seen = s.cycle();
                }
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static long last(List<StateSwitch> switches) {
        long last = -1;
        for (StateSwitch s : switches) {
            last = Math.max(last, s.cycle());
        }
        return last;
    }

    private synchronized void say(String line) {
        out.printf(Locale.ROOT, "%8.3f s %s%n", (System.nanoTime() - start) / 1e9, line);
        out.flush();
    }
}
