package org.embodia.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.api.fsm.FsmDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    static final Path TRACES = Path.of("..", "examples", "traces");
    static final Pattern LINE = Pattern.compile("\\{\"i\": (\\d+), \"state\": \"(\\w+)\", \"next\": \"(\\w+)\"\\}");

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }

        /** "state>next" per iteration, checking that i counts from 0. */
        List<String> steps() {
            List<String> steps = new ArrayList<>();
            for (String l : lines()) {
                Matcher m = LINE.matcher(l);
                if (m.matches()) {
                    assertEquals(steps.size(), Integer.parseInt(m.group(1)));
                    steps.add(m.group(2) + ">" + m.group(3));
                }
            }
            return steps;
        }
    }

    static Run runWithInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run run(String... args) {
        return runWithInput("", args);
    }

    private static Set<String> transitionsOf(String fsm) throws Exception {
        FsmDefinition d = Definitions.load(fsm, java.util.Map.of());
        Set<String> all = new LinkedHashSet<>();
        d.states().forEach(s -> s.transitions().forEach(t -> all.add(s.name() + ">" + t.target())));
        return all;
    }

    private static Set<String> taken(List<String> steps, Set<String> transitions) {
        Set<String> out = new LinkedHashSet<>(steps);
        out.retainAll(transitions);
        return out;
    }

    @Test
    void veBodyTourTakesEveryTransitionInTheSequenceTheSeedImplies() throws Exception {
        Run r = run("replay", "velma.ve_body", TRACES.resolve("velma.ve_body-tour.jsonl").toString(), "--param", "safeIterations=2");
        assertEquals(0, r.code(), r.err());
        // Derived by hand from [VELMA-BEH] with safeIterations = 2. Line i's conditions are checked against the state that
        // ran on line i-1, and the state it selects runs on line i; the count is of consecutive checks of safe, safe_st
        // or safe_st_ok, this one included:
        assertEquals(List.of(
                "idle>idle",            // no status yet
                "idle>safe_st",         // τ_idle = recvStatus, σ = TRUE: safe_st runs its i0 on this status
                "safe_st>safe",         // count 1
                "safe>safe_st",         // status, hardware not ok (2)
                "safe_st>safe",         // (3)
                "safe>safe_st_ok",      // hardware ok (4)
                "safe_st_ok>transp",    // command, valid, exit safe, 5 > 2: transp passes this command on
                "transp>transp_st",
                "transp_st>transp",
                "transp>safe_st",       // hardware fault
                "safe_st>safe",         // count restarts: 1
                "safe>safe_st_ok",      // 2
                "safe_st_ok>safe",      // 3 > 2 but no command
                "safe>idle",            // status lost (4)
                "idle>safe_st",
                "safe_st>safe",         // 1
                "safe>safe_st_ok",      // 2
                "safe_st_ok>transp",    // 3 > 2
                "transp>transp_st",
                "transp_st>safe",       // no command
                "safe>safe_st_ok",      // 1
                "safe_st_ok>safe",      // 2 is not over 2
                "safe>safe_st_ok",      // 3
                "safe_st_ok>transp",    // 4 > 2
                "transp>idle"),         // status lost
                r.steps());
        Set<String> all = transitionsOf("velma.ve_body");
        assertEquals(12, all.size());
        assertEquals(all, taken(r.steps(), all), "every transition of velma.ve_body, transp reached and left");
    }

    @Test
    void csTourTakesEveryTransitionInTheSequenceTheSeedImplies() throws Exception {
        Run r = run("replay", "velma.cs", TRACES.resolve("velma.cs-tour.jsonl").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(
                "idle>idle",            // ve_body still in a safe state
                "idle>safe",            // valid status, ve_body transparent
                "safe>safe",            // no command
                "safe>cart_imp",        // one Cartesian command, motors ready: cart_imp runs its i0 on it
                "cart_imp>cart_imp",    // no command: keep going
                "cart_imp>jnt_imp",
                "jnt_imp>cart_imp",
                "cart_imp>safe_col",
                "safe_col>jnt_imp",
                "jnt_imp>safe_col",
                "safe_col>cart_imp",
                "cart_imp>safe",        // self collision, no command
                "safe>jnt_imp",
                "jnt_imp>safe",         // self collision, no command
                "safe>safe_col",
                "safe_col>idle",        // ve_body back in safe mode: ε
                "idle>safe",
                "safe>idle",            // status not valid: ε
                "idle>safe",
                "safe>cart_imp",
                "cart_imp>idle",        // cart_imp's i0 on the line before threw: CURRENT_BEHAVIOR_OK false here, ε
                "idle>safe",
                "safe>jnt_imp",
                "jnt_imp>idle"),        // ve_body in safe mode: ε
                r.steps());
        Set<String> all = transitionsOf("velma.cs");
        assertEquals(16, all.size());
        assertEquals(all, taken(r.steps(), all), "every transition of velma.cs");
    }

    @Test
    void startupTraceEntersTransparentModeAfter500SafeIterations() {
        Run r = run("replay", "velma.ve_body", TRACES.resolve("velma.ve_body-startup.jsonl").toString());
        assertEquals(0, r.code(), r.err());
        List<String> steps = r.steps();
        // idle's check ends it on line 3 and safe_st runs its i0 on it; safe_st's check on line 4 is the first counted
        // (1): the count at line i is i - 3
        assertEquals("safe_st_ok>safe", steps.get(502), "499 iterations are not over 500");
        assertEquals("safe_st_ok>transp", steps.get(504), "501 are");
        assertEquals(steps.indexOf("safe_st_ok>transp"), 504);
    }

    @Test
    void aDeterminismFaultEndsTheOutputWithExitCode3() {
        Run r = run("replay", "velma.cs", TRACES.resolve("velma.cs-self-collision-hole.jsonl").toString());
        assertEquals(3, r.code(), r.err());
        List<String> lines = r.lines();
        assertEquals(4, lines.size(), r.out());
        assertEquals(List.of("idle>safe", "safe>cart_imp", "cart_imp>cart_imp"), r.steps());
        String fault = lines.get(3);
        assertTrue(fault.startsWith("{\"i\": 3, \"fault\": \"state 'cart_imp' ended by its terminal condition in iteration 3 "
                + "and no initial condition holds\", \"state\": \"cart_imp\", \"ended_by\": \"terminal\", \"holding\": [], "
                + "\"predicates\": {\"veBodyStatusValid\": true, "), fault);
        assertTrue(fault.endsWith("\"inSelfCollision\": true, \"motorsReady\": true, \"CURRENT_BEHAVIOR_OK\": true, \"IN_ERROR\": false}}"),
                fault);
    }

    @Test
    void traceFromStandardInput() {
        Run r = runWithInput("{\"recvStatus\": true, \"recvCommand\": false, \"allHwOk\": false, \"allCmdOk\": false, \"cmdExitSafeState\": false}\n\n",
                "replay", "velma.ve_body", "-");
        assertEquals(0, r.code(), r.err());
        assertEquals("{\"i\": 0, \"state\": \"idle\", \"next\": \"safe_st\"}\n", r.out());
    }

    private Run replayBadTrace(String... lines) throws IOException {
        Path trace = tmp.resolve("bad.jsonl");
        Files.writeString(trace, String.join("\n", lines) + "\n");
        Run r = run("replay", "velma.ve_body", trace.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out(), "no partial result on malformed input");
        return r;
    }

    private static final String OK = "{\"recvStatus\": true, \"recvCommand\": false, \"allHwOk\": true, \"allCmdOk\": true, \"cmdExitSafeState\": false}";

    @Test
    void malformedTracesAreClearErrorsNamingTheLine() throws IOException {
        assertTrue(replayBadTrace(OK, OK, "{\"recvStatus\": tru").err().contains("bad.jsonl:3: bad JSON"));
        assertTrue(replayBadTrace(OK, OK.replace("}", ", \"recvStatu\": true}")).err()
                .contains("bad.jsonl:2: unknown predicate 'recvStatu'"));
        assertTrue(replayBadTrace(OK, OK.replace("\"allHwOk\": true, ", "")).err()
                .contains("bad.jsonl:2: missing predicate(s) allHwOk"));
        assertTrue(replayBadTrace(OK.replace("\"allCmdOk\": true", "\"allCmdOk\": 1")).err()
                .contains("bad.jsonl:1: predicate 'allCmdOk' must be true or false, not 1"));
        assertTrue(replayBadTrace(OK.replace("}", ", \"safeItPassed500\": true}")).err()
                .contains("bad.jsonl:1: safeItPassed500 is derived by the definition"));
        assertTrue(replayBadTrace(OK.replace("}", ", \"IN_ERROR\": true}")).err()
                .contains("bad.jsonl:1: IN_ERROR is computed by the engine"));
        assertTrue(replayBadTrace("[true]").err().contains("bad.jsonl:1: expected a JSON object"));
        assertTrue(replayBadTrace(OK + " " + OK).err().contains("bad.jsonl:1: one JSON object per line"));
        assertTrue(replayBadTrace(OK.replace("}", ", \"recvStatus\": false}")).err().contains("'recvStatus' is given twice"));
    }

    @Test
    void aBrokenDefinitionFileIsRefusedWithFileLineAndColumn() throws IOException {
        Path def = tmp.resolve("mine.yaml");
        Files.writeString(def, """
                fsm: mine
                initial: a
                inputs: [go]
                states:
                  a:
                    terminal: go and went
                    transitions:
                      a: TRUE
                """);
        Run r = run("check", def.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(def + ":6:22: unknown predicate 'went' in terminal condition of 'a'"), r.err());
        assertEquals(2, run("replay", def.toString(), "-").code());
        assertEquals(2, run("dot", def.toString()).code());
    }

    @Test
    void checkExitCodesTellCleanFromFindings() {
        Run veBody = run("check", "velma.ve_body");
        assertEquals(0, veBody.code(), veBody.out());
        assertTrue(veBody.out().endsWith("deterministic\n"));
        Run cs = run("check", "velma.cs");
        assertEquals(1, cs.code(), cs.out());
        assertTrue(cs.out().contains("NONE    cart_imp: ends by its terminal condition and no initial condition holds when "
                + "CURRENT_BEHAVIOR_OK and veBodyStatusValid and not veBodyInSafeState and recvOneCmd and recvCartImpCmd and "
                + "not recvJntImpCmd and not recvSafeColCmd and inSelfCollision"), cs.out());
    }

    @Test
    void dotWithAndWithoutTheCurrentState() {
        Run r = run("dot", "velma.cs", "--current", "jnt_imp");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"jnt_imp\" [label=\"jnt_imp\\nτ: recvOneCmd and (recvCartImpCmd or recvSafeColCmd) or inSelfCollision"),
                r.out());
        assertTrue(r.out().contains("fillcolor"));
        assertEquals(16, r.out().lines().filter(l -> l.contains("σ:")).count());
        Run bad = run("dot", "velma.cs", "--current", "dance");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--current 'dance' is not a state of velma.cs"), bad.err());
    }

    @Test
    void usageErrors() {
        assertEquals(2, run().code());
        assertEquals(2, run("fly").code());
        assertTrue(run("replay", "velma.nope", "x").err().contains("neither a definition file nor a shipped FSM (shipped: nao.body, nao.cam, nao.cs, nao.fsr, nao.inertial, nao.ls, nao.mic, nao.touch, velma.cia402, velma.cs, velma.ve_body)"));
        assertTrue(run("replay", "velma.cs", "no-such.jsonl").err().contains("no such trace file: no-such.jsonl"));
        assertTrue(run("check", "velma.cs", "--verbose").err().contains("unknown option '--verbose'"));
        assertTrue(run("check", "velma.ve_body", "--param", "safeIterations").err().contains("--param takes name=<integer>"));
        assertTrue(run("fsms").out().contains("velma.ve_body\tfsm/velma.ve_body.yaml"));
    }
}
