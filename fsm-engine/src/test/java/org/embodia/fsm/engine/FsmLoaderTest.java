package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.junit.jupiter.api.Test;

class FsmLoaderTest {

    static final String GOOD = """
            fsm: test.good
            initial: a
            inputs:
              go: the operator says go
              stop: the operator says stop
            parameters:
              patience: 3
            derived:
              waitedLong:
                consecutive_in: [a]
                exceeds: patience
            states:
              a:
                terminal: go or waitedLong
                transitions:
                  b: TRUE
              b:
                behaviors: [drive, watch]
                terminal: stop
                error: not CURRENT_BEHAVIOR_OK
                transitions:
                  a: not IN_ERROR
                  c: IN_ERROR
              c:
                terminal: FALSE
            """;

    /** Loads {@code text}, expecting exactly one problem, and returns it. */
    private static Problem onlyProblem(String text) {
        FsmLoadException e = assertThrows(FsmLoadException.class, () -> FsmLoader.load("t.yaml", text));
        assertEquals(1, e.problems().size(), e.getMessage());
        return e.problems().get(0);
    }

    private static void assertAt(Problem p, int line, int column, String messageStart) {
        assertEquals("t.yaml", p.location().file());
        assertEquals(line + ":" + column, p.location().line() + ":" + p.location().column(), p.toString());
        assertTrue(p.message().startsWith(messageStart), p.toString());
    }

    @Test
    void loadsAGoodDefinition() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", GOOD);
        assertEquals("test.good", d.name());
        assertEquals("a", d.initialState());
        assertEquals(List.of("go", "stop"), d.inputs().stream().map(i -> i.name()).toList());
        assertEquals(3, d.derived().get(0).threshold());
        StateDefinition a = d.state("a").orElseThrow();
        assertEquals(List.of("a"), a.behaviors(), "a state without 'behaviors' runs the behaviour of its own name");
        assertEquals(Condition.Constant.FALSE, a.errorCondition(), "an omitted error condition is FALSE");
        StateDefinition b = d.state("b").orElseThrow();
        assertEquals(List.of("drive", "watch"), b.behaviors());
        assertEquals(13, a.location().line());
        assertEquals(2, b.transitions().size());
    }

    @Test
    void parameterOverridesReplaceTheDefinitionsValues() throws FsmLoadException {
        assertEquals(10, FsmLoader.load("t.yaml", GOOD, Map.of("patience", 10)).derived().get(0).threshold());
        assertAt(assertThrows(FsmLoadException.class, () -> FsmLoader.load("t.yaml", GOOD, Map.of("impatience", 1)))
                .problems().get(0), 6, 1, "parameter 'impatience' was given a value but the definition does not declare it");
    }

    @Test
    void yamlSyntaxError() {
        assertAt(onlyProblem(GOOD.replace("  a:\n    terminal: go or waitedLong", "  a:\n    terminal: [go or waitedLong")),
                15, 16, "YAML syntax error");
    }

    @Test
    void conditionSyntaxErrorPointsAtTheToken() {
        assertAt(onlyProblem(GOOD.replace("terminal: stop", "terminal: stop stop")), 19, 20,
                "syntax error in terminal condition of 'b': unexpected 'stop'");
    }

    @Test
    void unknownPredicate() {
        assertAt(onlyProblem(GOOD.replace("a: not IN_ERROR", "a: not IN_ERROR and ready")), 22, 27,
                "unknown predicate 'ready' in initial condition of b -> a");
    }

    @Test
    void unknownTargetState() {
        assertAt(onlyProblem(GOOD.replace("      c: IN_ERROR", "      d: IN_ERROR").replace("  c:\n    terminal: FALSE\n", "")),
                23, 7, "unknown state 'd' in transition from 'b'");
    }

    @Test
    void missingInitialState() {
        assertAt(onlyProblem(GOOD.replace("initial: a\n", "")), 1, 1, "missing initial state");
    }

    @Test
    void initialStateThatDoesNotExist() {
        assertAt(onlyProblem(GOOD.replace("initial: a", "initial: z")), 2, 10, "initial state 'z' is not a state");
    }

    @Test
    void unreachableState() {
        assertAt(onlyProblem(GOOD + "  lonely:\n    terminal: TRUE\n    transitions:\n      a: TRUE\n"), 26, 3,
                "state 'lonely' is unreachable from the initial state 'a'");
        // a transition whose initial condition is FALSE reaches nothing
        assertAt(onlyProblem(GOOD.replace("c: IN_ERROR", "c: FALSE")), 24, 3, "state 'c' is unreachable");
    }

    @Test
    void inErrorOnlyInInitialConditions() {
        assertAt(onlyProblem(GOOD.replace("terminal: stop", "terminal: stop or IN_ERROR")), 19, 23,
                "IN_ERROR is valid in initial conditions only");
    }

    @Test
    void structuralMistakes() {
        assertAt(onlyProblem(GOOD.replace("    terminal: stop\n", "    terminal: stop\n    termnial: go\n")), 20, 5,
                "unknown key 'termnial' in state 'b'");
        assertAt(onlyProblem(GOOD.replace("    terminal: FALSE\n", "    error: FALSE\n")), 24, 3,
                "state 'c' has no terminal condition");
        assertAt(onlyProblem(GOOD + "  a:\n    terminal: TRUE\n"), 26, 3, "state 'a' is defined twice");
        assertAt(onlyProblem(GOOD.replace("  stop: the operator", "  IN_ERROR: engine's\n  stop: the operator")), 5, 3,
                "IN_ERROR is given by the engine and cannot be declared");
        assertAt(onlyProblem(GOOD.replace("consecutive_in: [a]", "consecutive_in: [a, q]")), 10, 25,
                "unknown state 'q' in derived predicate 'waitedLong'");
        assertAt(onlyProblem(GOOD.replace("patience: 3", "patience: soon")), 7, 13, "parameter 'patience' must be an integer");
        assertAt(onlyProblem("- just\n- a list\n"), 1, 1, "a definition is a mapping");
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        String bad = GOOD.replace("initial: a", "initial: z").replace("terminal: stop", "terminal: stopp")
                .replace("b: TRUE", "b: TRUE and (");
        FsmLoadException e = assertThrows(FsmLoadException.class, () -> FsmLoader.load("t.yaml", bad));
        assertEquals(3, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().contains("t.yaml:2:10: initial state 'z'"), e.getMessage());
    }

    @Test
    void jsonIsAcceptedToo() throws FsmLoadException {
        String json = """
                {"fsm": "j", "initial": "a", "inputs": ["go"],
                 "states": {"a": {"terminal": "go", "transitions": {"a": "TRUE"}}}}
                """;
        assertEquals("j", FsmLoader.load("t.json", json).name());
    }
}
