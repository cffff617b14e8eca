package org.embodia.shell.script;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scripts run in a real Gogo session outside any framework, with commands of the test's own. */
class ScriptTest {
    /** Gogo commands (scope {@code test}) that record what ran. */
    public final class Commands {
        final List<String> ran = new ArrayList<>();

        public String hello(String name) {
            ran.add("hello " + name);
            return "hello " + name;
        }

        public void quiet() {
            ran.add("quiet");
        }

        public void fail() {
            ran.add("fail");
            throw new IllegalStateException("it broke");
        }

        /** What a command that is interrupted when the framework stops under the script sees. */
        public void stopped() throws InterruptedException {
            ran.add("stopped");
            script.stop();
            throw new InterruptedException();
        }
    }

    private final Commands commands = new Commands();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    /** The script being run, for {@code test:stopped}. */
    private Script script;

    private int run(String... text) {
        CommandProcessorImpl processor = new CommandProcessorImpl(new ThreadIOImpl());
        processor.addCommand("test", commands);
        CommandSession session = processor.createSession(InputStream.nullInputStream(), out, err);
        script = new Script(List.of(text));
        return script.run(session, new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
    }

    @Test
    void skipsBlankLinesAndCommentsAndKeepsTheFilesLineNumbers() {
        Script parsed = new Script(List.of("# a comment", "", "  test:hello a  ", "   # indented comment", "test:quiet"));
        assertEquals(List.of(new Script.Line(3, "test:hello a"), new Script.Line(5, "test:quiet")), parsed.lines());
        assertEquals(3, parsed.current(), "before it runs, a script is at its first command");
    }

    @Test
    void echoesEachLineAndPrintsResultsThatAreNotNull() {
        assertEquals(Script.SUCCEEDED, run("test:hello a", "# skipped", "test:quiet", "test:hello b"));
        assertEquals("g! test:hello a\nhello a\ng! test:quiet\ng! test:hello b\nhello b\n", out.toString(UTF_8));
        assertEquals("", err.toString(UTF_8));
        assertEquals(List.of("hello a", "quiet", "hello b"), commands.ran);
    }

    @Test
    void aCommandThatThrowsNamesItsLineAndEndsTheScript() {
        assertEquals(Script.FAILED, run("test:hello a", "", "test:fail", "test:hello b"));
        assertEquals("script: line 3: test:fail: it broke\n", err.toString(UTF_8));
        assertEquals(List.of("hello a", "fail"), commands.ran, "the line after the failure does not run");
    }

    @Test
    void aStoppedScriptRunsNoFurtherLineAndBlamesNoCommand() {
        assertEquals(Script.FAILED, run("test:quiet", "test:stopped", "test:quiet"));
        assertEquals("", err.toString(UTF_8));
        assertEquals(List.of("quiet", "stopped"), commands.ran);
    }

    @Test
    void theLinesAfterFinallyRunAfterAFailureAndTheScriptStillFails() {
        assertEquals(Script.FAILED, run("test:hello a", "test:fail", "test:hello b", "finally", "test:hello c", "test:fail", "test:hello d"));
        assertEquals(List.of("hello a", "fail", "hello c", "fail", "hello d"), commands.ran,
                "after the failure only the finally lines run, each of them even after one failed");
        assertEquals("script: line 2: test:fail: it broke\nscript: line 6: test:fail: it broke\n", err.toString(UTF_8));
    }

    @Test
    void theLinesAfterFinallyRunAfterSuccessAndTheirFailureFailsTheScript() {
        assertEquals(Script.SUCCEEDED, run("test:hello a", "finally", "test:hello b"));
        assertEquals(List.of("hello a", "hello b"), commands.ran);
        commands.ran.clear();
        assertEquals(Script.FAILED, run("test:hello a", "finally", "test:fail"));
        assertEquals(List.of("hello a", "fail"), commands.ran);
    }

    @Test
    void onlyTheFirstFinallyStartsTheSection() {
        Script parsed = new Script(List.of("test:quiet", "  finally ", "test:hello a", "finally"));
        assertEquals(List.of(new Script.Line(1, "test:quiet")), parsed.lines());
        assertEquals(List.of(new Script.Line(3, "test:hello a"), new Script.Line(4, "finally")), parsed.always(),
                "a second finally is a command like any other");
    }

    @Test
    void aStoppedScriptRunsNoFinallyLine() {
        assertEquals(Script.FAILED, run("test:stopped", "finally", "test:quiet"));
        assertEquals(List.of("stopped"), commands.ran);
    }

    @Test
    void anUnknownCommandFails() {
        assertEquals(Script.FAILED, run("nosuch:command", "test:quiet"));
        assertEquals("script: line 1: nosuch:command: Command not found: nosuch:command\n", err.toString(UTF_8));
        assertEquals(List.of(), commands.ran);
    }

    @Test
    void aLineThatDoesNotParseFails() {
        assertEquals(Script.FAILED, run("test:quiet", "test:hello (a", "test:quiet"));
        assertTrue(err.toString(UTF_8).startsWith("script: line 2: test:hello (a: "), err.toString(UTF_8));
        assertEquals(List.of("quiet"), commands.ran);
    }

    @Test
    void readsAFileAsUtf8(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("s.gosh"), "# héllo\ntest:hello wörld\n", UTF_8);
        assertEquals(List.of(new Script.Line(2, "test:hello wörld")), Script.read(file).lines());
    }

    @Test
    void theTimeoutIsAPositiveNumberOfSecondsAndDefaultsToTenMinutes() {
        PrintStream errors = new PrintStream(err, true, UTF_8);
        assertEquals(600, ScriptRunner.timeoutSeconds(null, errors));
        assertEquals(5, ScriptRunner.timeoutSeconds(" 5 ", errors));
        assertEquals("", err.toString(UTF_8));
        assertEquals(600, ScriptRunner.timeoutSeconds("0", errors));
        assertEquals(600, ScriptRunner.timeoutSeconds("soon", errors));
        assertEquals("script: embodia.script.timeout=0 is not a positive number of seconds; using 600\n"
                + "script: embodia.script.timeout=soon is not a positive number of seconds; using 600\n", err.toString(UTF_8));
    }
}
