package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class StaticCheckTest {

    private static StaticCheck.Report check(String text) throws FsmLoadException {
        return StaticCheck.check(FsmLoader.load("t.yaml", text));
    }

    @Test
    void aCompleteAndExclusiveStateIsClean() throws FsmLoadException {
        StaticCheck.Report r = check("""
                fsm: t
                initial: a
                inputs: [x, y]
                states:
                  a:
                    terminal: x
                    transitions:
                      a: y
                      b: not y
                  b:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                """);
        assertTrue(r.clean(), r.format());
    }

    @Test
    void findsOverlapsAndHolesAsMinimalConditions() throws FsmLoadException {
        StaticCheck.Report r = check("""
                fsm: t
                initial: a
                inputs: [x, y, z]
                states:
                  a:
                    terminal: x
                    transitions:
                      b: y
                      c: y or z
                  b:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                  c:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                """);
        // a's ε does not read CURRENT_BEHAVIOR_OK, so a throwing behaviour does not end it: two groups
        assertEquals(2, r.findings().size(), r.format());
        assertEquals(List.of(
                "SEVERAL_HOLD false [b, c] x and y",
                "NONE_HOLDS false [] x and not y and not z"),
                r.findings().stream().map(f -> f.kind() + " " + f.inError() + " " + f.holding() + " " + f.when())
                        .sorted(java.util.Comparator.comparing((String l) -> !l.startsWith("SEVERAL"))).toList());
        assertTrue(r.format().contains("SEVERAL a: ends by its terminal condition and the initial conditions to b and c hold together "
                + "when x and y"), r.format());
    }

    @Test
    void currentBehaviorOkEndsAStateOnlyWhereItsErrorConditionReadsIt() throws FsmLoadException {
        StaticCheck.Report r = check("""
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
                    transitions:
                      a: TRUE
                """);
        assertEquals(1, r.findings().size(), r.format());
        assertTrue(r.format().contains("NONE    a: ends by its error condition and no initial condition holds when not CURRENT_BEHAVIOR_OK"),
                r.format());
    }

    @Test
    void inErrorFollowsTheErrorCondition() throws FsmLoadException {
        StaticCheck.Report r = check("""
                fsm: t
                initial: a
                inputs: [bad, go]
                states:
                  a:
                    terminal: go
                    error: bad
                    transitions:
                      a: IN_ERROR
                      b: not IN_ERROR
                  b:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                """);
        assertTrue(r.clean(), r.format());
    }

    @Test
    void assumptionsExcludeImpossibleAssignments() throws FsmLoadException {
        String text = """
                fsm: t
                initial: a
                inputs: [one, p, q]
                %s
                states:
                  a:
                    terminal: one
                    transitions:
                      b: p
                      c: q
                  b:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                  c:
                    terminal: FALSE
                    transitions:
                      a: TRUE
                """;
        assertEquals(2, check(text.formatted("")).findings().size());
        StaticCheck.Report r = check(text.formatted("assume:\n  - (p and not q) or (not p and q)"));
        assertTrue(r.clean(), r.format());
    }

    @Test
    void aStateThatCanEndWithoutTransitionsIsAHole() throws FsmLoadException {
        StaticCheck.Report r = check("""
                fsm: t
                initial: a
                states:
                  a:
                    terminal: TRUE
                """);
        assertEquals(java.util.Set.of("TRUE"),
                r.findings().stream().map(f -> f.when().toString()).collect(java.util.stream.Collectors.toSet()));
        assertTrue(r.findings().stream().allMatch(f -> f.kind() == StaticCheck.Kind.NONE_HOLDS));
    }
}
