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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
        for (String name : List.of("log", "repair", "rest", "finish")) {
            behaviors.put(name, recording(name));
        }
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
    void behavioursOfTheStateRunEveryIterationWithTheIterationSinceSelection() {
        assertTrue(fsm.step());
        assertTrue(fsm.step());
        assertEquals(List.of("work@0", "log@0", "work@1", "log@1"), log);
        assertEquals("run", fsm.currentState());
        assertEquals(2, fsm.iteration());
    }

    @Test
    void derivedCounterCountsConsecutiveIterationsIncludingTheCurrentOne() {
        fsm.step();
        fsm.step();
        assertEquals("run", fsm.currentState(), "2 iterations do not exceed 2");
        fsm.step();
        assertEquals("rest", fsm.currentState(), "the third exceeds 2");
        assertEquals(List.of("work.terminate"), log.stream().filter(s -> s.endsWith("terminate")).toList());
        fsm.step();
        assertEquals("run", fsm.currentState());
        fsm.step();
        fsm.step();
        assertEquals("run", fsm.currentState(), "leaving the counted states reset the count");
        assertTrue(log.contains("work@0") && log.lastIndexOf("work@0") > log.indexOf("rest@0"),
                "re-selecting a state starts its behaviours at iteration 0 again");
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
    void aBehaviourThatThrowsEndsItsStateThroughTheErrorCondition() {
        workThrows = true;
        assertTrue(fsm.step());
        assertFalse(fsm.predicateValues().get(Predicates.CURRENT_BEHAVIOR_OK));
        assertTrue(fsm.predicateValues().get(Predicates.IN_ERROR));
        assertEquals("repair", fsm.currentState());
        assertEquals("motor driver gone", fsm.lastFailure().getMessage());
        assertTrue(log.contains("log@0"), "the state's other behaviours still ran");
    }

    @Test
    void aThrowingBehaviourEndsTheStateEvenWhenTheErrorConditionIgnoresIt() throws FsmLoadException {
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
        FsmExecutor e = FsmExecutor.create(d, Map.of("a", i -> {
            throw new ArithmeticException("NaN torque");
        }, "b", i -> { }), Predicates.builder().build());
        e.step();
        assertEquals("b", e.currentState());
    }

    @Test
    void noInitialConditionHoldingIsADeterminismFaultThatStopsTheFsm() {
        inputs.put("done", true);
        fsm.step();
        assertEquals("finish", fsm.currentState());
        inputs.put("done", false);
        behaviors.put("finish", i -> {
            throw new IllegalStateException("lost");
        });
        // finish's σ's both need done: ended through ε by the throw, none holds
        FsmExecutor faulty = FsmExecutor.create(fsm.definition(), behaviors,
                Predicates.builder().add("done", () -> inputs.get("done")).add("broken", () -> false).add("fixed", () -> false).build());
        inputs.put("done", true);
        faulty.step();
        inputs.put("done", false);
        log.clear();
        assertFalse(faulty.step());
        DeterminismFault f = faulty.fault();
        assertEquals(1, f.iteration());
        assertEquals("finish", f.state());
        assertTrue(f.endedInError());
        assertEquals(List.of(), f.holding());
        assertEquals(false, f.predicates().get("CURRENT_BEHAVIOR_OK"));
        assertEquals(true, f.predicates().get("IN_ERROR"));
        assertEquals(false, f.predicates().get("longRun"));
        assertFalse(faulty.step());
        assertTrue(log.isEmpty(), "a stopped FSM runs no behaviour");
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
    void createNamesEveryMissingBehaviourAndPredicate() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", DEFINITION);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FsmExecutor.create(d, Map.of("work", i -> { }), Predicates.builder().add("done", () -> true).build()));
        for (String missing : List.of("behaviour 'log'", "behaviour 'repair'", "predicate 'broken'", "predicate 'fixed'")) {
            assertTrue(e.getMessage().contains(missing), e.getMessage());
        }
    }
}
