package org.embodia.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What replay's lines mean in the method's work-cycle: line i's {@code state} is the state whose conditions were
 * checked on line i's predicates (the one that ran in pass i-1, or the initial state), {@code next} the state whose
 * behaviours run on them in pass i. A replay has no behaviours; these tests pin each shipped trace's output and check
 * it against the executor running real behaviours on the same predicates.
 */
class ReplayTest {

    private static List<String> repeat(int n, String... steps) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Collections.addAll(out, steps);
        }
        return out;
    }

    @Test
    void theStartupTraceLineByLine() {
        MainTest.Run r = MainTest.run("replay", "velma.ve_body", MainTest.TRACES.resolve("velma.ve_body-startup.jsonl").toString());
        assertEquals(0, r.code(), r.err());
        // Lines 0-2 no status; 3-202 status, hardware not ok; 203-519 all ok with a command to exit safe mode; 520-539 the
        // command no longer says exit; 540-541 no status.
        List<String> expected = new ArrayList<>(repeat(3, "idle>idle"));
        expected.add("idle>safe_st");                          // 3: τ_idle = recvStatus; safe_st runs its i0 on line 3
        expected.add("safe_st>safe");                          // 4: safe_st's check, the first counted: 1
        expected.addAll(repeat(99, "safe>safe_st", "safe_st>safe")); // 5-202: hardware not ok
        expected.add("safe>safe_st_ok");                       // 203: count 200, hardware ok
        expected.addAll(repeat(150, "safe_st_ok>safe", "safe>safe_st_ok")); // 204-503: count i-3 up to 500, not over it
        expected.add("safe_st_ok>transp");                     // 504: count 501 > 500 with the command: transp runs on line 504
        expected.addAll(repeat(17, "transp>transp_st", "transp_st>transp")); // 505-538
        expected.add("transp>transp_st");                      // 539
        expected.add("transp_st>safe");                        // 540: no command
        expected.add("safe>idle");                             // 541: no status
        assertEquals(expected, r.steps());
    }

    @Test
    void theSelfCollisionHoleTraceLineByLine() {
        MainTest.Run r = MainTest.run("replay", "velma.cs", MainTest.TRACES.resolve("velma.cs-self-collision-hole.jsonl").toString());
        assertEquals(3, r.code(), r.err());
        // 0: ve_body transparent; 1: one Cartesian command, cart_imp runs its i0 on it; 2: nothing new;
        // 3: a Cartesian command in self collision: τ holds through inSelfCollision and no σ does.
        assertEquals(List.of("idle>safe", "safe>cart_imp", "cart_imp>cart_imp"), r.steps());
        assertEquals(4, r.lines().size());
    }

    /** Reads a trace for {@code definition}. */
    private static Trace trace(FsmDefinition definition, String file) throws Exception {
        Path path = MainTest.TRACES.resolve(file);
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return Trace.read(in, file, definition);
        }
    }

    @ParameterizedTest
    @CsvSource({"velma.ve_body, velma.ve_body-startup.jsonl, 500", "velma.ve_body, velma.ve_body-tour.jsonl, 2",
        "velma.cs, velma.cs-tour.jsonl, 0", "velma.cs, velma.cs-self-collision-hole.jsonl, 0"})
    void replayLinesAreWhatTheExecutorChecksAndRunsWithRealBehaviours(String fsm, String file, int safeIterations) throws Exception {
        Map<String, Integer> parameters = fsm.equals("velma.ve_body") ? Map.of("safeIterations", safeIterations) : Map.of();
        FsmDefinition definition = Definitions.load(fsm, parameters);
        Trace trace = trace(definition, file);
        MainTest.Run r = parameters.isEmpty() ? MainTest.run("replay", fsm, MainTest.TRACES.resolve(file).toString())
                : MainTest.run("replay", fsm, MainTest.TRACES.resolve(file).toString(), "--param", "safeIterations=" + safeIterations);

        // The same predicates from the subsystem, and behaviours that log which state ran in each pass; where line i+1
        // logs CURRENT_BEHAVIOR_OK false, a behaviour of pass i throws, as it did on the robot.
        int[] row = {0};
        List<String> ran = new ArrayList<>();
        Map<String, Behavior> behaviors = new HashMap<>();
        for (StateDefinition s : definition.states()) {
            for (String b : s.behaviors()) {
                behaviors.put(b, iteration -> {
                    ran.add(s.name());
                    if (row[0] + 1 < trace.size() && !trace.currentBehaviorOk(row[0] + 1)) {
                        throw new IllegalStateException("logged as failed");
                    }
                });
            }
        }
        Predicates.Builder predicates = Predicates.builder();
        for (int k = 0; k < definition.inputs().size(); k++) {
            int index = k;
            predicates.add(definition.inputs().get(k).name(), () -> trace.input(row[0], index));
        }
        FsmExecutor executor = FsmExecutor.create(definition, behaviors, predicates.build());

        List<String> steps = new ArrayList<>();
        String previous = definition.initialState();
        for (row[0] = 0; row[0] < trace.size(); row[0]++) {
            int before = ran.size();
            if (!executor.step()) {
                assertEquals(before, ran.size(), "no behaviour runs in the pass that faults");
                break;
            }
            assertEquals(previous, executor.lastState(), "line " + row[0] + " is checked against the state that ran before it");
            assertEquals(List.of(executor.currentState()), ran.subList(before, ran.size()), "line " + row[0] + ": what ran on it");
            previous = executor.currentState();
            steps.add(executor.lastState() + ">" + executor.currentState());
        }
        assertEquals(r.steps(), steps, "replay's state>next, line by line");
    }
}
