package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The method's work-cycle: per step, ε then τ of the current state on this step's inputs, σ, then the (selected) state runs. */
class FsmExecutorTest {

    /** run ends by τ (done) to finish, or by ε (broken) to repair; repair ends by τ (fixed) back to run. */
    static final String DEFINITION = """
            fsm: test.exec
            initial: run
            inputs: [done, broken, fixed]
            parameters:
              enough: 2
            derived:
              longRun:
                consecutive_in: [run]
                exceeds: enough
            states:
              run:
                behaviors: [work, log]
                terminal: done or longRun
                error: broken or not CURRENT_BEHAVIOR_OK
                transitions:
                  repair: IN_ERROR
                  finish: not IN_ERROR and done
                  rest: not IN_ERROR and not done and longRun
              repair:
                terminal: fixed
                transitions:
                  run: TRUE
              rest:
                terminal: TRUE
                transitions:
                  run: TRUE
              finish:
                terminal: done
                transitions:
                  run: done and not fixed
                  repair: done and fixed
            """;

    final Map<String, Boolean> inputs = new HashMap<>(Map.of("done", false, "broken", false, "fixed", false));
    final List<String> log = new ArrayList<>();
    final Map<String, Behavior> behaviors = new HashMap<>();
    FsmExecutor fsm;
    boolean workThrows;

    @BeforeEach
    void setUp() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", DEFINITION);
        for (String name : List.of("log", "repair", "rest")) {
            behaviors.put(name, recording(name));
        }
        behaviors.put("finish", iteration -> log.add("finish@" + iteration + (inputs.get("done") ? " done" : "")));
        behaviors.put("work", new Behavior() {
            @Override
            public void step(int iteration) {
                log.add("work@" + iteration);
                if (workThrows) {
                    throw new IllegalStateException("motor driver gone");
                }
            }

            @Override
            public void terminate() {
                log.add("work.terminate");
            }
        });
        Predicates.Builder p = Predicates.builder();
        for (String name : List.of("done", "broken", "fixed")) {
            p.add(name, () -> inputs.get(name));
        }
        fsm = FsmExecutor.create(d, behaviors, p.build());
    }

    private Behavior recording(String name) {
        return iteration -> log.add(name + "@" + iteration);
    }

    @Test
    void theInitialStateIsCurrentFromTheStartAndItsBehavioursRunEveryStepWithTheIterationSinceSelection() {
        assertEquals("run", fsm.currentState());
        assertNull(fsm.lastState(), "no check before the first step");
        assertTrue(fsm.step());
        assertEquals("run", fsm.lastState(), "the first step checks the initial state");
        assertTrue(fsm.step());
        assertEquals(List.of("work@0", "log@0", "work@1", "log@1"), log);
        assertEquals("run", fsm.currentState());
        assertEquals(2, fsm.iteration());
    }

    @Test
    void theSelectedStateRunsInTheSameStepOnTheInputsItWasSelectedOn() {
        fsm.step();
        inputs.put("done", true);
        log.clear();
        assertTrue(fsm.step());
        assertEquals("run", fsm.lastState(), "run's conditions were checked on this step's inputs");
        assertTrue(fsm.lastEnded());
        assertEquals("finish", fsm.currentState());
        assertEquals(List.of("work.terminate", "finish@0 done"), log,
                "the ended state's behaviours terminate, then the selected one computes its i0 on the same inputs");
        assertEquals(1, fsm.iterationInState());
    }

    @Test
    void aSelectedStateRunsItsFirstIterationBeforeItsOwnConditionsAreChecked() {
        inputs.put("done", true);
        fsm.step();
        assertEquals("finish", fsm.currentState(), "finish's τ (done) holds, but it has not been checked yet");
        log.clear();
        fsm.step();
        assertEquals("finish", fsm.lastState());
        assertEquals("run", fsm.currentState(), "checked in the next step: τ holds, σ to run");
        assertEquals(List.of("work@0", "log@0"), log);
    }

    @Test
    void derivedCounterCountsConsecutiveChecksOfTheCountedStatesIncludingTheCurrentOne() {
        fsm.step();
        fsm.step();
        assertEquals("run", fsm.currentState(), "2 checks of run do not exceed 2");
        fsm.step();
        assertEquals("rest", fsm.currentState(), "the third exceeds 2");
        assertTrue(log.contains("rest@0"), "and rest ran in that step");
        assertEquals(List.of("work.terminate"), log.stream().filter(s -> s.endsWith("terminate")).toList());
        fsm.step();
        assertEquals("run", fsm.currentState());
        fsm.step();
        fsm.step();
        assertEquals("run", fsm.currentState(), "leaving the counted states reset the count");
        assertTrue(log.lastIndexOf("work@0") > log.indexOf("rest@0"), "re-selecting a state starts its behaviours at iteration 0 again");
    }

    @Test
    void errorConditionIsCheckedBeforeTheTerminalCondition() {
        inputs.put("done", true);
        inputs.put("broken", true);
        fsm.step();
        assertTrue(fsm.lastEnded());
        assertTrue(fsm.lastInError());
        assertEquals("repair", fsm.currentState(), "with ε and τ both true, IN_ERROR is true");
    }

    @Test
    void aBehaviourThatThrowsMakesCurrentBehaviorOkFalseAtTheNextCheckWhereEpsilonReadsIt() {
        workThrows = true;
        assertTrue(fsm.step());
        assertTrue(fsm.lastRunFailed());
        assertEquals("run", fsm.currentState(), "the step that ran it had already been decided");
        assertTrue(fsm.predicateValues().get(Predicates.CURRENT_BEHAVIOR_OK));
        assertTrue(log.contains("log@0"), "the state's other behaviours still ran");
        assertTrue(fsm.step());
        assertFalse(fsm.predicateValues().get(Predicates.CURRENT_BEHAVIOR_OK));
        assertTrue(fsm.predicateValues().get(Predicates.IN_ERROR));
        assertEquals("repair", fsm.currentState(), "run's ε reads CURRENT_BEHAVIOR_OK");
        assertEquals("motor driver gone", fsm.lastFailure().getMessage());
        assertFalse(fsm.lastRunFailed(), "repair ran without throwing");
    }

    @Test
    void aThrowingBehaviourDoesNotEndAStateWhoseErrorConditionIgnoresIt() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", """
                fsm: t
                initial: a
                states:
                  a:
                    terminal: FALSE
                    error: FALSE
                    transitions:
                      b: IN_ERROR
                  b:
                    terminal: FALSE
                """);
        int[] runs = {0};
        FsmExecutor e = FsmExecutor.create(d, Map.of("a", i -> {
            runs[0]++;
            throw new ArithmeticException("NaN torque");
        }, "b", i -> { }), Predicates.builder().build());
        for (int i = 0; i < 5; i++) {
            assertTrue(e.step());
            assertTrue(e.lastRunFailed());
        }
        assertEquals("a", e.currentState(), "ε_a is FALSE: a failing a stays in a");
        assertEquals(5, runs[0]);
        assertEquals("NaN torque", e.lastFailure().getMessage());
        assertFalse(e.predicateValues().get(Predicates.CURRENT_BEHAVIOR_OK));
    }

    @Test
    void noInitialConditionHoldingIsADeterminismFaultThatStopsTheFsmBeforeAnyBehaviourRuns() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", """
                fsm: t
                initial: a
                inputs: [x]
                states:
                  a:
                    terminal: x
                    error: not CURRENT_BEHAVIOR_OK
                    transitions:
                      b: not IN_ERROR
                  b:
                    terminal: FALSE
                """);
        List<String> ran = new ArrayList<>();
        FsmExecutor e = FsmExecutor.create(d, Map.of("a", i -> {
            ran.add("a@" + i);
            throw new IllegalStateException("lost");
        }, "b", i -> ran.add("b@" + i)), Predicates.builder().add("x", () -> false).build());
        assertTrue(e.step());
        assertFalse(e.step(), "ε ends a (its behaviour threw) and no σ holds");
        DeterminismFault f = e.fault();
        assertEquals(1, f.iteration());
        assertEquals("a", f.state());
        assertTrue(f.endedInError());
        assertEquals(List.of(), f.holding());
        assertEquals(Map.of("x", false, "CURRENT_BEHAVIOR_OK", false, "IN_ERROR", true), f.predicates());
        assertEquals(List.of("a@0"), ran, "the faulting step ran no behaviour");
        assertFalse(e.step());
        assertEquals(List.of("a@0"), ran, "a stopped FSM runs no behaviour");
        assertEquals("a", e.currentState(), "a faulted FSM stays where it stopped");
    }

    @Test
    void severalInitialConditionsHoldingIsADeterminismFault() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", """
                fsm: t
                initial: a
                inputs: [x, y]
                states:
                  a:
                    terminal: TRUE
                    transitions:
                      b: x
                      c: y
                  b:
                    terminal: FALSE
                  c:
                    terminal: FALSE
                """);
        boolean[] xy = {false, false};
        FsmExecutor e = FsmExecutor.forReplay(d, i -> xy[i]);
        xy[0] = true;
        xy[1] = true;
        assertFalse(e.step());
        DeterminismFault f = e.fault();
        assertEquals(0, f.iteration());
        assertEquals("a", f.state());
        assertEquals(List.of("b", "c"), f.holding());
        assertEquals(Map.of("x", true, "y", true, "CURRENT_BEHAVIOR_OK", true, "IN_ERROR", false), f.predicates());
        assertTrue(f.message().contains("2 initial conditions hold: to b, c"), f.message());
        assertEquals("a", e.currentState(), "a faulted FSM stays where it stopped");
        assertFalse(e.step(), "and does not step again");
        assertEquals(1, e.iteration());

        e.reset();
        xy[1] = false;
        assertTrue(e.step());
        assertEquals("b", e.currentState());

        e.reset();
        xy[0] = false;
        assertFalse(e.step());
        assertEquals(List.of(), e.fault().holding());
        assertTrue(e.fault().message().contains("no initial condition holds"), e.fault().message());
    }

    @Test
    void aStateWithTooManyPredicatesForATableDecidesTheSameByEvaluation() throws FsmLoadException {
        StringBuilder yaml = new StringBuilder("fsm: wide\ninitial: a\ninputs: [");
        for (int i = 0; i < 20; i++) {
            yaml.append(i == 0 ? "" : ", ").append("p").append(i);
        }
        yaml.append("]\nstates:\n  a:\n    terminal: p0 and p1 and p2 and p3 and p4 and p5 and p6 and p7 and p8 and p9\n");
        yaml.append("    error: p10 or p11 or p12 or p13 or p14 or p15 or p16 or p17 or p18 or p19\n");
        yaml.append("    transitions:\n      b: not IN_ERROR\n      c: IN_ERROR\n  b:\n    terminal: FALSE\n  c:\n    terminal: FALSE\n");
        FsmDefinition d = FsmLoader.load("wide.yaml", yaml.toString());
        boolean[] p = new boolean[20];
        FsmExecutor e = FsmExecutor.forReplay(d, i -> p[i]);
        assertTrue(e.step());
        assertEquals("a", e.currentState());
        p[15] = true;
        assertTrue(e.step());
        assertEquals("c", e.currentState());
        assertTrue(e.lastInError());
        e.reset();
        p[15] = false;
        java.util.Arrays.fill(p, 0, 10, true);
        assertTrue(e.step());
        assertEquals("b", e.currentState());
        assertFalse(e.lastInError());
    }

    @Test
    void warmStepsAllocateNothing() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", DEFINITION);
        long[] runs = {0};
        Map<String, Behavior> counting = new HashMap<>();
        for (String name : List.of("work", "log", "repair", "rest", "finish")) {
            counting.put(name, iteration -> runs[0]++);
        }
        boolean[] done = {false};
        long[] steps = {0};
        FsmExecutor e = FsmExecutor.create(d, counting,
                Predicates.builder().add("done", () -> done[0]).add("broken", () -> false).add("fixed", () -> false).build());
        // run ⇄ rest through the derived counter, and run → finish → run through done: switches and terminate are measured too.
        long bytes = Allocations.warmUpThenLeastOfTenRounds(50_000, 10_000, () -> {
            done[0] = steps[0]++ % 7 == 0;
            e.step();
        });
        assertEquals(0, bytes, "bytes allocated by 10,000 warm steps");
        assertTrue(runs[0] > 0);
        assertNull(e.fault());
    }

    @Test
    void createNamesEveryMissingBehaviourAndPredicate() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", DEFINITION);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FsmExecutor.create(d, Map.of("work", i -> { }), Predicates.builder().add("done", () -> true).build()));
        for (String missing : List.of("behaviour 'log'", "behaviour 'repair'", "predicate 'broken'", "predicate 'fixed'")) {
            assertTrue(e.getMessage().contains(missing), e.getMessage());
        }
    }
}
