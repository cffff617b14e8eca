package org.embodia.tools;

import static org.embodia.tools.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsmRunTest {

    @TempDir
    Path tmp;

    private String file(String yaml) throws IOException {
        Path f = tmp.resolve("fsm.yaml");
        Files.writeString(f, yaml);
        return f.toString();
    }

    @Test
    void printsLifecycleEventsAsJsonLines() throws IOException {
        String f = file("""
                init: A
                states:
                  A: {base: Pause}
                  B: {base: Pause, duration: 0.02}
                transitions:
                  - [A, OK, B, Auto]
                """);
        MainTest.Run r = run("fsm-run", f, "--dt", "0.01", "--iterations", "5");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(
                "{\"i\": 1, \"event\": \"start\", \"state\": \"A\"}",
                "{\"i\": 2, \"event\": \"run\", \"state\": \"A\", \"done\": true}",
                "{\"i\": 2, \"event\": \"teardown\", \"state\": \"A\"}",
                "{\"i\": 2, \"event\": \"start\", \"state\": \"B\"}",
                "{\"i\": 3, \"event\": \"run\", \"state\": \"B\", \"done\": false}",
                "{\"i\": 4, \"event\": \"run\", \"state\": \"B\", \"done\": false}",
                "{\"i\": 5, \"event\": \"run\", \"state\": \"B\", \"done\": true}",
                "{\"i\": 5, \"event\": \"complete\", \"state\": \"B\"}",
                "{\"i\": 5, \"event\": \"teardown\", \"state\": \"B\"}"), r.lines());
    }

    @Test
    void commandsApplyBeforeTheirIteration() throws IOException {
        String f = file("""
                init: A
                states:
                  A: {base: Pause}
                  B: {base: Pause, duration: 10}
                transitions:
                  - [A, OK, B]
                """);
        MainTest.Run r = run("fsm-run", f, "--dt", "0.01", "--iterations", "7", "--at", "4:next", "--at", "6:interrupt",
                "--at", "7:play:A");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(
                "{\"i\": 1, \"event\": \"start\", \"state\": \"A\"}",
                "{\"i\": 2, \"event\": \"run\", \"state\": \"A\", \"done\": true}",
                "{\"i\": 2, \"event\": \"teardown\", \"state\": \"A\"}",
                "{\"i\": 4, \"event\": \"start\", \"state\": \"B\"}",
                "{\"i\": 5, \"event\": \"run\", \"state\": \"B\", \"done\": false}",
                "{\"i\": 6, \"event\": \"stop\", \"state\": \"B\"}",
                "{\"i\": 6, \"event\": \"teardown\", \"state\": \"B\"}",
                "{\"i\": 7, \"event\": \"start\", \"state\": \"A\"}"), r.lines());
    }

    @Test
    void nestedStatesCarryTheirParentsName() {
        MainTest.Run r = run("fsm-run", Path.of("..", "examples", "fsm", "wave-and-bow.yaml").toString(), "--dt", "0.02",
                "--iterations", "30");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("{\"i\": 6, \"event\": \"start\", \"state\": \"Wave/LookAround\"}"), r.out());
        assertTrue(r.out().contains("{\"i\": 9, \"event\": \"start\", \"state\": \"Bow/Lean\"}"), r.out());
        assertTrue(r.out().contains("\"event\": \"complete\", \"state\": \"Bow\"}"), r.out());
    }

    @Test
    void aStateErrorEndsTheRunWithExitCode3() throws IOException {
        String f = file("""
                init: P
                states:
                  P: {base: Pause, duration: -1}
                """);
        MainTest.Run r = run("fsm-run", f, "--dt", "0.01", "--iterations", "3");
        assertEquals(3, r.code());
        assertEquals("{\"i\": 1, \"error\": \"state 'P' failed in start at iteration 1: IllegalArgumentException: Pause duration must be "
                + "a non-negative number of seconds, not -1.0\", \"state\": \"P\", \"phase\": \"start\"}", r.lines().get(r.lines().size() - 1));
    }

    @Test
    void badInputIsAClearErrorWithNothingRun() throws IOException {
        String f = file("init: A\nstates:\n  A: {base: Nap}\n");
        MainTest.Run bad = run("fsm-run", f, "--dt", "0.01", "--iterations", "3");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains(f + ":3:3: unknown base 'Nap' of state 'A'"), bad.err());
        assertEquals("", bad.out());

        String good = file("init: A\nstates:\n  A: {base: Pause}\n");
        MainTest.Run unknown = run("fsm-run", good, "--dt", "0.01", "--iterations", "3", "--at", "2:play:Nap");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("play:Nap: no such state"), unknown.err());
        assertEquals("", unknown.out(), "an unknown state changes nothing: nothing ran");

        assertTrue(run("fsm-run", good, "--dt", "0", "--iterations", "3").err().contains("--dt takes a positive number"));
        assertTrue(run("fsm-run", good, "--dt", "0.01", "--iterations", "3", "--at", "x:next").err().contains("--at takes"));
        assertTrue(run("fsm-run", good, "--dt", "0.01", "--iterations", "3", "--at", "0:next").err().contains("counts from 1"));
        assertTrue(run("fsm-run", good, "--dt", "0.01").err().contains("fsm-run needs"));
    }
}
