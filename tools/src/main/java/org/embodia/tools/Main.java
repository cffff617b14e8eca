package org.embodia.tools;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DotExporter;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.StaticCheck;

/**
 * The FSM commands of {@code ./embodia}: replay, check, dot, fsm-run, fsms. Exit codes: 0 success,
 * 1 the static check found problems, 2 bad input (usage, definition, trace), 3 a determinism fault
 * in a replay or a state error in fsm-run.
 */
public final class Main {
    static final int OK = 0;
    static final int FINDINGS = 1;
    static final int BAD_INPUT = 2;
    static final int FAULT = 3;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, java.io.InputStream stdin, PrintStream stdout, PrintStream stderr) {
        if (args.length == 0) {
            stderr.println(usage());
            return BAD_INPUT;
        }
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        try {
            Map<String, Integer> parameters = parameters(rest);
            switch (args[0]) {
                case "replay":
                    return replay(rest, parameters, stdin, stdout);
                case "check":
                    return check(rest, parameters, stdout);
                case "dot":
                    return dot(rest, parameters, stdout);
                case "fsm-run":
                    return FsmRun.run(rest, stdout);
                case "fsms":
                    Definitions.shipped().forEach((name, resource) -> stdout.println(name + "\t" + resource));
                    return OK;
                default:
                    throw new UsageException("unknown command '" + args[0] + "'\n" + usage());
            }
        } catch (UsageException e) {
            stderr.println("error: " + e.getMessage());
            return BAD_INPUT;
        } catch (FsmLoadException e) {
            stderr.println("error: the definition was not loaded:");
            e.problems().forEach(p -> stderr.println("  " + p));
            return BAD_INPUT;
        } catch (IOException e) {
            stderr.println("error: " + e);
            return BAD_INPUT;
        }
    }

    static String usage() {
        return String.join("\n",
                "usage: embodia replay <fsm> <trace.jsonl|-> [--param name=value]...",
                "       embodia check <fsm> [--param name=value]...",
                "       embodia dot <fsm> [--current <state>] [--param name=value]...",
                "       embodia fsm-run <file> --dt <seconds> --iterations <n> [--at <i>:next|interrupt|play:<State>]...",
                "       embodia fsms",
                "<fsm> is a shipped FSM name (see 'fsms') or a definition file.");
    }

    private static Map<String, Integer> parameters(List<String> args) throws UsageException {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--param")) {
                if (i + 1 >= args.size() || !args.get(i + 1).matches("[A-Za-z_][A-Za-z0-9_]*=-?\\d+")) {
                    throw new UsageException("--param takes name=<integer>, e.g. --param safeIterations=10");
                }
                String[] kv = args.get(i + 1).split("=");
                out.put(kv[0], Integer.valueOf(kv[1]));
                args.remove(i + 1);
                args.remove(i);
                i--;
            }
        }
        return out;
    }

    private static String option(List<String> args, String name) throws UsageException {
        int i = args.indexOf(name);
        if (i < 0) {
            return null;
        }
        if (i + 1 >= args.size()) {
            throw new UsageException(name + " needs a value");
        }
        String value = args.get(i + 1);
        args.remove(i + 1);
        args.remove(i);
        return value;
    }

    private static void expect(List<String> args, int count, String what) throws UsageException {
        for (String a : args) {
            if (a.startsWith("--")) {
                throw new UsageException("unknown option '" + a + "'\n" + usage());
            }
        }
        if (args.size() != count) {
            throw new UsageException("expected " + what + "\n" + usage());
        }
    }

    private static int replay(List<String> args, Map<String, Integer> parameters, java.io.InputStream stdin, PrintStream stdout)
            throws UsageException, FsmLoadException, IOException {
        expect(args, 2, "<fsm> <trace>");
        FsmDefinition definition = Definitions.load(args.get(0), parameters);
        String traceName = args.get(1);
        Trace trace;
        try (BufferedReader in = traceName.equals("-")
                ? new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))
                : Files.newBufferedReader(Path.of(traceName), StandardCharsets.UTF_8)) {
            trace = Trace.read(in, traceName, definition);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such trace file: " + traceName);
        }
        Writer out = new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), 1 << 16);
        boolean complete = Replay.run(definition, trace, out);
        out.flush();
        return complete ? OK : FAULT;
    }

    private static int check(List<String> args, Map<String, Integer> parameters, PrintStream stdout)
            throws UsageException, FsmLoadException, IOException {
        expect(args, 1, "<fsm>");
        FsmDefinition definition = Definitions.load(args.get(0), parameters);
        StaticCheck.Report report = StaticCheck.check(definition);
        stdout.print(report.format());
        return report.clean() ? OK : FINDINGS;
    }

    private static int dot(List<String> args, Map<String, Integer> parameters, PrintStream stdout)
            throws UsageException, FsmLoadException, IOException {
        String current = option(args, "--current");
        expect(args, 1, "<fsm>");
        FsmDefinition definition = Definitions.load(args.get(0), parameters);
        if (current != null && definition.state(current).isEmpty()) {
            throw new UsageException("--current '" + current + "' is not a state of " + definition.name());
        }
        stdout.print(DotExporter.toDot(definition, current));
        return OK;
    }
}
