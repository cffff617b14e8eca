package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TransitionType;
import org.embodia.api.fsm.state.Configuration;
import org.junit.jupiter.api.Test;

/** Loading mc_rtc-style definitions: each kind of bad definition is refused with its file and line. */
class StateMachineLoaderTest {

    /** Loads and instantiates {@code text}, expecting exactly one problem. */
    private static Problem onlyProblem(String text) {
        FsmLoadException e = assertThrows(FsmLoadException.class,
                () -> Executor.create(FsmLoader.loadStateMachine("walk.yaml", text), StateLibrary.NONE, 0.01, null));
        assertEquals(1, e.problems().size(), e.getMessage());
        return e.problems().get(0);
    }

    private static void assertAt(Problem p, int line, String messageStart) {
        assertEquals("walk.yaml", p.location().file());
        assertEquals(line, p.location().line(), p.toString());
        assertTrue(p.message().startsWith(messageStart), p.toString());
    }

    @Test
    void readsOptionsStatesConfigsAndTransitionsWhateverTheirOrder() throws FsmLoadException {
        StateMachineDefinition d = FsmLoader.loadStateMachine("dir/walk.yaml", """
                transitions:
                  - [Step, OK, Rest]
                  - [Rest, OK, Step, Auto]
                states:
                  Rest: {base: Step, duration: 0.5}
                  Step: {base: Pause, duration: 0.1}
                configs:
                  Step: {duration: 0.2}
                IdleKeepState: true
                init: Step
                """);
        assertEquals("walk", d.name(), "named after the file when it has no fsm key");
        assertTrue(d.stepByStep(), "StepByStep is on by default in the main FSM");
        assertTrue(d.idleKeepState());
        assertFalse(d.managed());
        assertEquals("Step", d.states().get("Rest").base(), "a base defined later in the file is fine");
        assertEquals(TransitionType.STEP_BY_STEP, d.transitions().get(0).type());
        assertEquals(TransitionType.AUTO, d.transitions().get(1).type());
        assertEquals(0.2, d.configs().get("Step").getDouble("duration", 0));
    }

    @Test
    void jsonIsAcceptedToo() throws FsmLoadException {
        StateMachineDefinition d = FsmLoader.loadStateMachine("j.json",
                "{\"fsm\": \"j\", \"init\": \"P\", \"states\": {\"P\": {\"base\": \"Pause\"}}, \"transitions\": [[\"P\", \"OK\", \"P\", \"Auto\"]]}");
        assertEquals("j", d.name());
        assertTrue(FsmLoader.isStateMachine("{\"init\": \"P\"}"));
        assertFalse(FsmLoader.isStateMachine("fsm: x\ninitial: a\n"));
    }

    @Test
    void unknownBase() {
        assertAt(onlyProblem("""
                init: A
                states:
                  A: {base: B}
                  B: {base: Stroll}
                """), 4, "unknown base 'Stroll' of state 'B'");
    }

    @Test
    void inheritanceCycle() {
        FsmLoadException e = assertThrows(FsmLoadException.class, () -> FsmLoader.loadStateMachine("walk.yaml", """
                init: A
                states:
                  A: {base: B}
                  B: {base: C}
                  C: {base: A}
                """));
        assertAt(e.problems().get(0), 3, "inheritance cycle: A -> B -> C -> A");
    }

    @Test
    void duplicateStateName() {
        assertAt(onlyProblem("""
                init: A
                states:
                  A: {base: Pause}
                  A: {base: Pause, duration: 1}
                """), 4, "state 'A' is defined twice (first at line 3)");
    }

    @Test
    void stateWithoutBase() {
        assertAt(onlyProblem("init: A\nstates:\n  A: {duration: 1}\n"), 3, "state 'A' needs 'base: <state>'");
    }

    @Test
    void malformedTransitions() {
        assertAt(onlyProblem("init: P\ntransitions:\n  - [P, OK]\n"), 3, "a transition is [from, output, to]");
        assertAt(onlyProblem("init: P\ntransitions:\n  - [P, OK, P, Eventually]\n"), 3, "unknown transition type 'Eventually'");
        assertAt(onlyProblem("init: P\ntransitions:\n  - [P, OK, P]\n  - [P, OK, Pause]\n"), 4,
                "a transition from 'P' on output 'OK' is already defined");
        assertAt(onlyProblem("init: Pause\ntransitions:\n  - [Pause, OK, Sleep]\n"), 3, "unknown state 'Sleep' in transition");
    }

    @Test
    void missingOrUnknownInitialState() {
        assertAt(onlyProblem("states:\n  A: {base: Pause}\n"), 1, "missing initial state");
        assertAt(onlyProblem("init: Nap\n"), 1, "unknown initial state 'Nap'");
    }

    @Test
    void metaAndParallelNameStatesThatMustExist() {
        assertAt(onlyProblem("init: M\nstates:\n  M: {base: Meta}\n"), 3, "state 'M': a Meta state that is not Managed needs 'init'");
        assertAt(onlyProblem("init: M\nstates:\n  M: {base: Meta, init: Nap}\n"), 3, "unknown initial state 'Nap'");
        assertAt(onlyProblem("init: Par\nstates:\n  Par: {base: Parallel, states: [Pause, Nap]}\n"), 3,
                "Parallel state 'Par' runs an unknown state 'Nap'");
        assertAt(onlyProblem("init: Par\nstates:\n  Par: {base: Parallel}\n"), 3, "Parallel state 'Par' needs 'states'");
    }

    @Test
    void unknownOptionsAndBadValues() {
        assertAt(onlyProblem("init: Pause\nStepBystep: false\n"), 2, "unknown key 'StepBystep' in FSM");
        assertAt(onlyProblem("init: Pause\nManaged: sometimes\n"), 2, "'Managed' must be true or false");
        assertAt(onlyProblem("init: Pause\nstates: [a, b]\n"), 2, "'states' must map state names");
        assertAt(onlyProblem("init: [Pause\n"), 2, "YAML syntax error");
    }

    @Test
    void stateServicesResolveTextBases() throws FsmLoadException {
        Executor e = Executor.create(FsmLoader.loadStateMachine("walk.yaml", "init: Quick\nstates:\n  Quick: {base: Done}\n"),
                new TestStates(), 0.01, null);
        assertTrue(e.step() && e.step());
        assertEquals("OK", e.output());
    }

    @Test
    void configurationMergeFollowsMcRtc() {
        Configuration base = Configuration.of(Map.of("n", 1L, "list", List.of(1L, 2L), "obj", Map.of("a", 1L, "b", Map.of("x", 1L)),
                "mismatch", Map.of("k", 1L)));
        Configuration over = Configuration.of(Map.of("n", 2L, "list", List.of(3L), "obj", Map.of("b", Map.of("y", 2L)), "mismatch", "text"));
        Configuration merged = base.merge(over);
        assertEquals(2L, merged.asMap().get("n"), "numbers are overwritten");
        assertEquals(List.of(3L), merged.asMap().get("list"), "lists are overwritten, not appended");
        assertEquals(Map.of("a", 1L, "b", Map.of("x", 1L, "y", 2L)), merged.asMap().get("obj"), "objects merge recursively");
        assertEquals("text", merged.asMap().get("mismatch"), "a value of another type overwrites");
        assertThrows(IllegalArgumentException.class, () -> merged.getDouble("mismatch", 0));
    }
}
