package org.embodia.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.Executor;
import org.embodia.fsm.engine.ExecutorError;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StateLibrary;

/**
 * {@code fsm-run}: runs an mc_rtc-style FSM of built-in and text states outside any robot, and
 * prints its lifecycle events as JSON Lines. Commands given with {@code --at i:command} are applied
 * before iteration i runs (iterations count from 1).
 */
final class FsmRun {
    private FsmRun() {
    }

    static int run(List<String> args, PrintStream stdout) throws UsageException, FsmLoadException, IOException {
        String file = null;
        Double dt = null;
        Long iterations = null;
        Map<Long, List<String>> commands = new TreeMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--dt" -> dt = positiveDouble(value(args, ++i, a), a);
                case "--iterations" -> iterations = (long) positiveDouble(value(args, ++i, a), a).intValue();
                case "--at" -> {
                    String spec = value(args, ++i, a);
                    int colon = spec.indexOf(':');
                    String command = colon < 0 ? "" : spec.substring(colon + 1);
                    long at;
                    try {
                        at = Long.parseLong(spec.substring(0, Math.max(colon, 0)));
                    } catch (NumberFormatException e) {
                        throw new UsageException("--at takes <iteration>:<command>, e.g. --at 5:next, not '" + spec + "'");
                    }
                    if (at < 1 || !(command.equals("next") || command.equals("interrupt") || command.startsWith("play:"))) {
                        throw new UsageException("--at " + spec + ": the iteration counts from 1 and the command is next, interrupt or play:<State>");
                    }
                    commands.computeIfAbsent(at, k -> new ArrayList<>()).add(command);
                }
                default -> {
                    if (a.startsWith("--") || file != null) {
                        throw new UsageException("unexpected '" + a + "'\n" + Main.usage());
                    }
                    file = a;
                }
            }
        }
        if (file == null || dt == null || iterations == null) {
            throw new UsageException("fsm-run needs <file> --dt <seconds> --iterations <n>\n" + Main.usage());
        }
        String text;
        try {
            text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such definition file: " + file);
        }
        StateMachineDefinition definition = FsmLoader.loadStateMachine(file, text);
        StringBuilder line = new StringBuilder();
        Executor fsm = Executor.create(definition, StateLibrary.NONE, dt, (i, event, state, done) -> {
            line.setLength(0);
            line.append("{\"i\": ").append(i).append(", \"event\": \"").append(event).append("\", \"state\": ").append(Json.string(state));
            if (event.equals("run")) {
                line.append(", \"done\": ").append(done);
            }
            stdout.append(line.append("}\n"));
        });
        for (List<String> list : commands.values()) {
            for (String c : list) {
                if (c.startsWith("play:") && !fsm.canPlay(c.substring(5))) {
                    throw new UsageException("play:" + c.substring(5) + ": no such state in " + file);
                }
            }
        }
        for (long i = 1; i <= iterations; i++) {
            for (String c : commands.getOrDefault(i, List.of())) {
                if (c.equals("next")) {
                    fsm.next();
                } else if (c.equals("interrupt")) {
                    fsm.interrupt();
                } else {
                    fsm.play(c.substring(5));
                }
            }
            if (!fsm.step()) {
                ExecutorError e = fsm.error();
                stdout.append("{\"i\": ").append(String.valueOf(e.iteration())).append(", \"error\": ").append(Json.string(e.message()))
                        .append(", \"state\": ").append(Json.string(e.state())).append(", \"phase\": \"").append(e.phase()).append("\"}\n");
                return Main.FAULT;
            }
        }
        return Main.OK;
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static Double positiveDouble(String text, String option) throws UsageException {
        try {
            double v = Double.parseDouble(text);
            if (v > 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " takes a positive number, not '" + text + "'");
    }
}
