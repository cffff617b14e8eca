package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported fsm-shell jar runs a script as {@code ./embodia run fsm-shell --script <file>} starts it: the script
 * runner's properties, Gogo's console off and stdin at its end, which an interactive console would take as the end of
 * the session.
 */
class ScriptLaunchIT {
    record Run(int exit, String out, String err) {}

    @TempDir
    Path dir;

    private Run launch(Path script, String... properties) throws IOException, InterruptedException {
        Path jar = Path.of("target", "fsm-shell.jar");
        assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dembodia.script=" + script.toAbsolutePath(), "-Dgosh.args=--nointeractive"));
        command.addAll(List.of(properties));
        command.addAll(List.of("-jar", jar.toString()));
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process felix = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        felix.getOutputStream().close();
        assertTrue(felix.waitFor(120, TimeUnit.SECONDS), "the JVM exits once the script has ended");
        return new Run(felix.exitValue(), Files.readString(out, UTF_8), Files.readString(err, UTF_8));
    }

    private Path script(String text) throws IOException {
        return Files.writeString(dir.resolve("test.gosh"), text, UTF_8);
    }

    @Test
    void aScriptRunsLineByLineInOneSessionAndExitsWithZero() throws IOException, InterruptedException {
        Run run = launch(script("""
                # the definitions the bundles ship, then the bundles
                fsm:definitions

                lb
                fsm:run examples.counting
                fsm:step examples.counting 4
                """));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("", run.err());
        assertTrue(run.out().contains("g! fsm:definitions\n"), run.out());
        assertTrue(run.out().contains("velma.ve_body  Embodied Agent, 6 states, initial idle"), run.out());
        assertTrue(run.out().contains("g! lb\n"), run.out());
        assertTrue(run.out().contains("|Active     |  100|Apache Felix Gogo Shell"),
                "the script starts once the framework is at its final start level: " + run.out());
        assertTrue(run.out().contains("Embodia shell script"), run.out());
        assertTrue(run.out().contains("g! fsm:step examples.counting 4\nexamples.counting  iteration 4  state -  output warm  waiting"),
                run.out());
        assertFalse(run.out().contains("g! #"), "comments are not run: " + run.out());
        assertFalse(run.out().contains("gosh"), "Gogo's console stays off: " + run.out());
    }

    @Test
    void aCommandThatFailsNamesItsLineAndEndsTheScriptWithOne() throws IOException, InterruptedException {
        Run run = launch(script("fsm:definitions\nfsm:check no.such.fsm\nlb\n"));
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().startsWith("script: line 2: fsm:check no.such.fsm: no Embodied Agent FSM definition 'no.such.fsm'"),
                run.err());
        assertTrue(run.out().contains("g! fsm:check no.such.fsm\n"), run.out());
        assertFalse(run.out().contains("g! lb"), "the line after the failure does not run: " + run.out());
    }

    @Test
    void anUnknownCommandEndsTheScriptWithOne() throws IOException, InterruptedException {
        Run run = launch(script("\n# no such scope\nnosuch:command\nfsm:definitions\n"));
        assertEquals(1, run.exit(), run.out() + run.err());
        assertEquals("script: line 3: nosuch:command: Command not found: nosuch:command\n", run.err());
        assertFalse(run.out().contains("g! fsm:definitions"), run.out());
    }

    @Test
    void aFileThatCannotBeReadExitsWithTwo() throws IOException, InterruptedException {
        Path missing = dir.resolve("missing.gosh");
        Run run = launch(missing);
        assertEquals(2, run.exit(), run.out() + run.err());
        assertTrue(run.err().startsWith("script: cannot read " + missing.toAbsolutePath() + ": "), run.err());
        assertEquals("", run.out());
    }

    @Test
    void aScriptOverItsTimeExitsWithThree() throws IOException, InterruptedException {
        // Gogo has no sleep of its own: Thread.sleep as a command.
        Run run = launch(script("""
                addcommand thread ((($.context bundles) 0) loadclass java.lang.Thread)
                thread:sleep 60000
                fsm:definitions
                """), "-Dembodia.script.timeout=10");
        assertEquals(3, run.exit(), run.out() + run.err());
        assertEquals("script: timed out after 10 s at line 2\n", run.err());
        assertFalse(run.out().contains("g! fsm:definitions"), run.out());
    }
}
