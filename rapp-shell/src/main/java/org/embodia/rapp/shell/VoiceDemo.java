package org.embodia.rapp.shell;

import java.io.PrintStream;
import java.util.Map;

import org.embodia.nao.cs.api.RappStatus;
import org.embodia.scheduler.StateSwitch;

/**
 * The voice path of [RAPP] §3.8 in the simulated NAO, for a keyword and for a long command. First someone near the
 * robot says "hello", r_core,mic spots it in listen, cs fetches the greeter from the store, activates it and relays its
 * calls (it greets, then listens for an answer, which the demo gives: "fine"), and destroys it when it is done. Then
 * someone says "Long" and a sentence: record_cmd records it, interpret_long has the store's speech recognition (the
 * RAPP Platform's role) turn it into recog_sentence, whose keyword "photo" names the photographer, which runs and is
 * destroyed. A watcher prints every state change of c_core,cs; the demo fails at the first goal missed.
 */
final class VoiceDemo {
    private static final String MIC = "core/a.mic/vr";
    private static final String APP = "greeter";
    private static final String KEYWORD = "hello";
    private static final String ANSWER = "fine";
    /** cs's dictionary word that starts a long command (nao-sim.json). */
    private static final String LONG = "long";
    private static final String LONG_COMMAND = "please take a photo of me";
    private static final String LONG_APP = "photographer";

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
            longCommand(trace, after);
            return "voice demo: the " + APP + " ran and was destroyed; the long command \"" + LONG_COMMAND + "\" ran the "
                    + LONG_APP + ", which was destroyed";
        }
    }

    /** The word Long, then the sentence once r_core,mic records (register): the sentence's keyword names the app run. */
    private void longCommand(DemoTrace trace, RappStatus before) throws InterruptedException {
        long since = trace.last(MIC);
        trace.say("> someone says \"" + LONG + "\"");
        rapp.simulator().hear(LONG);
        trace.step("cs records the long command: record_cmd, r_core,mic in register", () -> entered(MIC, "register", since), 60);
        trace.say("> someone says \"" + LONG_COMMAND + "\"");
        rapp.simulator().hear(LONG_COMMAND);
        trace.step("the silence ends the recording; interpret_long: the store's speech recognition hears the sentence, its"
                + " keyword names the " + LONG_APP + ", which is fetched, activated and working",
                () -> rapp.core().status().activated() > before.activated() && LONG_APP.equals(rapp.core().status().app()), 90);
        trace.step("the " + LONG_APP + " takes its picture, ends and is destroyed; cs listens again",
                () -> rapp.core().status().destroyed() > before.destroyed() && "listen".equals(rapp.core().status().state()), 90);
        RappStatus after = rapp.core().status();
        trace.say("  " + RappCommands.describe(after));
        if (after.lastError() != null && !after.lastError().equals(before.lastError())) {
            throw new IllegalStateException("the " + LONG_APP + " ended with an error: " + after.lastError());
        }
    }

    /** The subsystem switched to {@code state} after cycle {@code since}. */
    private boolean entered(String subsystem, String state, long since) {
        return rapp.switches(subsystem).stream().anyMatch(s -> s.cycle() > since && state.equals(s.to()));
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
