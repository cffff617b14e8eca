package org.embodia.rapp.shell;

import java.io.PrintStream;
import java.util.Map;

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

    VoiceDemo(RappCommands rapp, PrintStream out) {
        this.rapp = rapp;
        this.out = out;
    }

    String run() throws InterruptedException {
        try (DemoTrace trace = DemoTrace.start(rapp, out, Map.of(RappCommands.CS, "c_core,cs"))) {
            trace.step("c_core,cs listens, the store's apps read",
                    () -> "listen".equals(rapp.state(RappCommands.CS)) && rapp.core().apps().containsKey(APP), 60);
            trace.say("  apps: " + rapp.core().apps());
            RappStatus before = rapp.core().status();
            long since = trace.last(MIC);
            trace.say("> someone says \"" + KEYWORD + "\"");
            rapp.simulator().hear(KEYWORD);
            trace.step("the " + APP + " is fetched, activated and working", () -> rapp.core().status().activated() > before.activated(), 60);
            trace.step("the " + APP + " greets and listens for an answer (r_core,mic in recog)", () -> enteredRecog(since), 60);
            trace.say("> someone answers \"" + ANSWER + "\"");
            rapp.simulator().hear(ANSWER);
            trace.step("the " + APP + " answers, ends and is destroyed; cs listens again",
                    () -> rapp.core().status().destroyed() > before.destroyed() && "listen".equals(rapp.core().status().state()), 90);
            RappStatus after = rapp.core().status();
            trace.say("  " + RappCommands.describe(after));
            if (after.lastError() != null && !after.lastError().equals(before.lastError())) {
                throw new IllegalStateException("the app ended with an error: " + after.lastError());
            }
            return "voice demo: the " + APP + " ran and was destroyed";
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
}
