package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.state.Configuration;
import org.junit.jupiter.api.Test;

/**
 * One test per executor rule of [MCRTC-FSM] (and of Embodia's choices where it leaves room, listed in
 * docs/fsm-definitions.md), each listing the iteration of every lifecycle event: "2 run A done" is the
 * run of A in iteration 2 after which A is held completed.
 */
class ExecutorRulesTest {
    static final double DT = 0.01;

    final TestStates library = new TestStates();
    final List<String> events = new ArrayList<>();
    Executor fsm;

    private Executor load(String yaml) throws FsmLoadException {
        fsm = Executor.create(FsmLoader.loadStateMachine("t.yaml", yaml), library, DT,
                (i, event, state, done) -> events.add(i + " " + event + " " + state + (event.equals("run") && done ? " done" : "")));
        return fsm;
    }

    private void steps(int n) {
        for (int i = 0; i < n; i++) {
            assertTrue(fsm.step(), () -> "error: " + fsm.error().message());
        }
    }

    private void expect(String... lines) {
        assertEquals(List.of(lines), events);
    }

    @Test
    void autoTransitionTimingAStartsThenRunsThenBStartsInTheSameIteration() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Done}
                  B: {base: Never}
                transitions:
                  - [A, OK, B, Auto]
                """);
        steps(3);
        expect("1 start A", "2 run A done", "2 teardown A", "2 start B", "3 run B");
    }

    @Test
    void configureOncePerInheritanceLevelThenWithTheConfigsEntryAndANewInstancePerActivation() throws FsmLoadException {
        load("""
                init: Leaf
                StepByStep: false
                states:
                  Leaf: {base: Middle, output: again, mine: 3}
                  Middle: {base: Done, runs: 2, nested: {a: 1, b: 2}}
                configs:
                  Leaf: {nested: {b: 5}}
                transitions:
                  - [Leaf, again, Leaf]
                """);
        steps(5);
        List<Configuration> onePerActivation = List.of(
                Configuration.of(Map.of("runs", 2L, "nested", Map.of("a", 1L, "b", 2L))),
                Configuration.of(Map.of("output", "again", "mine", 3L)),
                Configuration.of(Map.of("nested", Map.of("b", 5L))));
        assertEquals(onePerActivation, library.configured.subList(0, 3), "the base's text first, then Leaf's, then configs");
        assertEquals(onePerActivation, library.configured.subList(3, 6));
        assertEquals(3, library.instances, "every activation of Leaf made a new instance");
        expect("1 start Leaf", "2 run Leaf", "3 run Leaf done", "3 teardown Leaf", "3 start Leaf", "4 run Leaf", "5 run Leaf done",
                "5 teardown Leaf", "5 start Leaf");
    }

    @Test
    void stepByStepIsOnByDefaultAndWaitsForNextWithTheCompletedStateTornDown() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Done}
                  B: {base: Never}
                transitions:
                  - [A, OK, B]
                """);
        steps(3);
        assertEquals("B", fsm.nextState());
        assertNull(fsm.state());
        assertTrue(fsm.next());
        steps(2);
        expect("1 start A", "2 run A done", "2 teardown A", "4 start B", "5 run B");
    }

    @Test
    void stepByStepTransitionsAreAutoWhenStepByStepIsOffButStrictOnesStillWait() throws FsmLoadException {
        load("""
                init: A
                StepByStep: false
                states:
                  A: {base: Done}
                  B: {base: Done}
                  C: {base: Never}
                transitions:
                  - [A, OK, B, StepByStep]
                  - [B, OK, C, Strict]
                """);
        steps(4);
        fsm.next();
        steps(1);
        expect("1 start A", "2 run A done", "2 teardown A", "2 start B", "3 run B done", "3 teardown B", "5 start C");
    }

    @Test
    void nextIsIgnoredBeforeTheStateCompleted() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Done, runs: 3}
                  B: {base: Never}
                transitions:
                  - [A, OK, B]
                """);
        steps(2);
        assertFalse(fsm.next(), "A has not completed yet");
        steps(3);
        expect("1 start A", "2 run A", "3 run A", "4 run A done", "4 teardown A");
        assertTrue(fsm.next());
        steps(1);
        assertEquals("B", fsm.state());
    }

    @Test
    void defaultOutputMatchesAnyOutputWithoutATransitionOfItsOwn() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Done, output: Weird}
                  B: {base: Never}
                  C: {base: Never}
                transitions:
                  - [A, Expected, B, Auto]
                  - [A, DEFAULT, C, Auto]
                """);
        steps(3);
        expect("1 start A", "2 run A done", "2 teardown A", "2 start C", "3 run C");
    }

    @Test
    void noMatchingTransitionCompletesTheFsm() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Done, output: Unplanned}
                transitions:
                  - [A, OK, A, Auto]
                """);
        steps(3);
        assertTrue(fsm.complete());
        assertEquals("Unplanned", fsm.output());
        expect("1 start A", "2 run A done", "2 complete A", "2 teardown A");
    }

    @Test
    void managedModeCompletesWhenTheStateDoesIgnoresNextAndObeysPlay() throws FsmLoadException {
        load("""
                Managed: true
                states:
                  A: {base: Done}
                  B: {base: Never}
                transitions:
                  - [A, OK, B, Auto]
                """);
        steps(2);
        expect();
        fsm.play("A");
        steps(2);
        assertTrue(fsm.complete());
        assertFalse(fsm.next());
        steps(1);
        fsm.play("B");
        steps(2);
        expect("3 start A", "4 run A done", "4 complete A", "4 teardown A", "6 start B", "7 run B");
    }

    @Test
    void idleKeepStateKeepsTheCompletedStateRunningUntilNext() throws FsmLoadException {
        load("""
                init: A
                IdleKeepState: true
                states:
                  A: {base: Done}
                  B: {base: Never}
                transitions:
                  - [A, OK, B]
                """);
        steps(3);
        fsm.next();
        steps(1);
        expect("1 start A", "2 run A done", "3 run A done", "4 run A done", "4 teardown A", "4 start B");
    }

    @Test
    void interruptStopsAndTearsDownAtTheNextIterationThenWaits() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Never}
                  B: {base: Never}
                transitions:
                  - [A, OK, B, Auto]
                """);
        steps(2);
        fsm.interrupt();
        steps(2);
        assertFalse(fsm.complete());
        fsm.next();
        steps(1);
        assertNull(fsm.state(), "nothing was latched: next has nothing to start");
        expect("1 start A", "2 run A", "3 stop A", "3 teardown A");
    }

    @Test
    void playInterruptsAndStartsTheStateAtTheNextIterationAlsoAfterCompletion() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Never}
                  B: {base: Done}
                """);
        steps(2);
        fsm.play("B");
        steps(2);
        assertTrue(fsm.complete());
        fsm.play("A");
        steps(2);
        expect("1 start A", "2 run A", "3 stop A", "3 teardown A", "3 start B", "4 run B done", "4 complete B", "4 teardown B",
                "5 start A", "6 run A");
    }

    @Test
    void playOfAnUnknownStateIsAClearErrorAndChangesNothing() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Never}
                """);
        steps(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fsm.play("Nowhere"));
        assertTrue(e.getMessage().contains("no state 'Nowhere' to play"), e.getMessage());
        steps(1);
        expect("1 start A", "2 run A", "3 run A");
    }

    @Test
    void pauseCompletesOnRunCeilDurationOverDtPlusOne() throws FsmLoadException {
        load("""
                init: P
                states:
                  P: {base: Pause, duration: 0.03}
                """);
        steps(6);
        expect("1 start P", "2 run P", "3 run P", "4 run P", "5 run P done", "5 complete P", "5 teardown P");
        assertEquals("OK", fsm.output());
    }

    @Test
    void pauseOfATenthOfASecondAtFiftyHertzIsFiveSteps() throws FsmLoadException {
        fsm = Executor.create(FsmLoader.loadStateMachine("t.yaml", "init: P\nstates:\n  P: {base: Pause, duration: 0.1}\n"),
                library, 0.02, (i, event, state, done) -> events.add(i + " " + event + (done ? " done" : "")));
        for (int i = 0; i < 8; i++) {
            fsm.step();
        }
        assertTrue(events.contains("7 run done"), events.toString());
    }

    @Test
    void parallelRunsEveryStateEveryIterationAndCompletesWhenAllAreDoneInTheSameIteration() throws FsmLoadException {
        load("""
                init: Both
                states:
                  Both:
                    base: Parallel
                    states: [Slow, Fast]
                  Slow: {base: Done, runs: 2, output: slow}
                  Fast: {base: Done, output: fast}
                """);
        steps(4);
        expect("1 start Both/Slow", "1 start Both/Fast", "1 start Both",
                "2 run Both/Slow", "2 run Both/Fast done", "2 run Both",
                "3 run Both/Slow done", "3 run Both/Fast done", "3 run Both done", "3 complete Both",
                "3 teardown Both/Slow", "3 teardown Both/Fast", "3 teardown Both");
        assertEquals("fast", fsm.output(), "the output of the last listed state");
    }

    @Test
    void parallelOutputsAndDelays() throws FsmLoadException {
        load("""
                init: Both
                states:
                  Both:
                    base: Parallel
                    states: [Late, Fast]
                    delays: {Late: 0.015}
                    outputs: [Late, Fast]
                  Late: {base: Done, output: late}
                  Fast: {base: Done, output: fast}
                """);
        steps(5);
        assertEquals("Late(late) | Fast(fast)", fsm.output());
        // Late is created once more than 0.015 s have passed: after the runs of iterations 2 and 3 (t = 0.02)
        assertTrue(events.indexOf("4 start Both/Late") > 0, events.toString());
        assertTrue(events.contains("5 run Both done"), events.toString());
    }

    @Test
    void metaPlaysItsOwnFsmAndCompletesWithTheLastInnerOutput() throws FsmLoadException {
        load("""
                init: M
                states:
                  M:
                    base: Meta
                    init: A
                    transitions:
                      - [A, OK, B]
                  A: {base: Done}
                  B: {base: Done, output: inner-done}
                """);
        steps(4);
        // StepByStep is false inside Meta, so the StepByStep transition A -> B is taken at once
        expect("1 start M/A", "1 start M", "2 run M/A done", "2 teardown M/A", "2 start M/B", "2 run M",
                "3 run M/B done", "3 complete M/B", "3 run M done", "3 complete M", "3 teardown M/B", "3 teardown M");
        assertEquals("inner-done", fsm.output());
    }

    @Test
    void aStateThatThrowsPutsTheFsmIntoAReportedError() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Boom, phase: run}
                """);
        steps(1);
        assertFalse(fsm.step());
        ExecutorError e = fsm.error();
        assertEquals(2, e.iteration());
        assertEquals("A", e.state());
        assertEquals("run", e.phase());
        assertTrue(e.message().contains("gripper jammed in run"), e.message());
        assertFalse(fsm.step(), "it stays in error, it is never silently stuck");
        expect("1 start A", "2 error A", "2 teardown A");
    }

    @Test
    void aStateThatFailsToStartOrToBeCreatedIsReportedToo() throws FsmLoadException {
        load("""
                init: A
                states:
                  A: {base: Boom, phase: start}
                """);
        assertFalse(fsm.step());
        assertEquals("start", fsm.error().phase());

        StateLibrary broken = new StateLibrary() {
            @Override
            public java.util.Set<String> names() {
                return java.util.Set.of("Flaky");
            }

            @Override
            public org.embodia.api.fsm.state.State create(String name) {
                throw new IllegalStateException("service went away");
            }
        };
        Executor e = Executor.create(FsmLoader.loadStateMachine("t.yaml", "init: Flaky\n"), broken, DT, null);
        assertFalse(e.step());
        assertEquals("create", e.error().phase());
        assertTrue(e.error().message().contains("service went away"));
    }

    @Test
    void anErrorInsideMetaIsReportedAtBothLevels() throws FsmLoadException {
        load("""
                init: M
                states:
                  M:
                    base: Meta
                    init: X
                  X: {base: Boom, phase: run}
                """);
        steps(1);
        assertFalse(fsm.step());
        assertEquals("M", fsm.error().state());
        assertTrue(fsm.error().message().contains("state 'M/X' failed in run"), fsm.error().message());
        assertTrue(events.contains("2 error M/X"), events.toString());
    }
}
