package org.embodia.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.embodia.fsm.engine.RunningFsm;
import org.embodia.fsm.engine.StateLibrary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * An mc_rtc-style FSM whose states are DS components of another bundle (org.embodia.examples.states),
 * started by fsm:run (a Config Admin configuration) and driven with the fsm: Gogo commands.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class RunningFsmTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 60_000)
    CommandProcessor processor;

    @InjectService(timeout = 60_000)
    StateLibrary states;

    private CommandSession session;

    @BeforeEach
    void start() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        session = processor.createSession(new ByteArrayInputStream(new byte[0]), new PrintStream(sink), new PrintStream(sink));
        assertEquals("examples.counting: configured to run by hand (fsm:step examples.counting)", gogo("fsm:run examples.counting"));
        assertNotNull(awaitRunning(true), "the configuration started a running FSM");
    }

    /** Config Admin delivers configurations asynchronously: wait until a running FSM is (or is not) registered. */
    private RunningFsm awaitRunning(boolean present) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            org.osgi.framework.ServiceReference<RunningFsm> ref = context.getServiceReference(RunningFsm.class);
            if ((ref != null) == present) {
                return ref == null ? null : context.getService(ref);
            }
            Thread.sleep(5);
        }
        throw new AssertionError(present ? "no running FSM appeared" : "the running FSM did not go away");
    }

    @AfterEach
    void stop() throws Exception {
        assertEquals("examples.counting: stopped", gogo("fsm:stop examples.counting"));
        session.close();
        awaitRunning(false);
    }

    private String gogo(String command) throws Exception {
        return String.valueOf(session.execute(command));
    }

    @Test
    void aPeriodicFsmStepsOnItsOwn() throws Exception {
        gogo("fsm:stop examples.counting");
        awaitRunning(false);
        gogo("fsm:run examples.counting 0.005");
        RunningFsm fsm = awaitRunning(true);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (fsm.iteration() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(fsm.iteration() >= 5, "iterations: " + fsm.iteration());
        assertEquals("warm", fsm.output(), "Warmup completed and waits for next (StepByStep)");
        assertThrows(IllegalStateException.class, () -> fsm.step(1));
    }

    @Test
    void theStatesComeFromTheOtherBundlesServices() {
        assertTrue(states.names().containsAll(java.util.Set.of("Count", "Hold")), states.names().toString());
    }

    @Test
    void listStateNextInterruptPlayAndDotOverGogo() throws Exception {
        assertEquals("examples.counting  iteration 0  state -  output -  waiting", gogo("fsm:list"));

        // Warmup inherits runs: 3 from Three, so it completes on its third run, in iteration 4; StepByStep waits.
        assertEquals("examples.counting  iteration 4  state -  output warm  waiting", gogo("fsm:step examples.counting 4"));
        assertTrue(gogo("fsm:state examples.counting").endsWith("next state: Routine"));
        assertEquals("examples.counting: transition to Routine triggered", gogo("fsm:next examples.counting"));
        assertEquals("examples.counting  iteration 5  state Routine  output -  running", gogo("fsm:step examples.counting"));

        // Inside the Meta state StepByStep is off: One (iteration 6) then Two (7, 8) complete it with "finished"; Wait starts.
        assertEquals("examples.counting  iteration 8  state Wait  output -  running", gogo("fsm:step examples.counting 3"));
        assertTrue(gogo("fsm:next examples.counting").contains("next ignored"), "Wait has not completed");

        gogo("fsm:interrupt examples.counting");
        assertEquals("examples.counting  iteration 9  state -  output -  waiting", gogo("fsm:step examples.counting"));

        assertEquals("examples.counting: Routine starts at the next iteration", gogo("fsm:play examples.counting Routine"));
        gogo("fsm:step examples.counting");
        String dot = gogo("fsm:dot examples.counting");
        assertTrue(dot.contains("\"Routine\" [label=\"Routine\\n(Meta)\", style=\"rounded,filled,bold\""), dot);
        assertTrue(dot.contains("\"Routine\" -> \"Wait\" [label=\"finished (Auto)\"];"), dot);

        Exception unknown = assertThrows(IllegalArgumentException.class, () -> gogo("fsm:play examples.counting Nap"));
        assertTrue(unknown.getMessage().contains("no state 'Nap' to play"), unknown.getMessage());
        assertEquals("examples.counting  iteration 11  state Routine  output -  running", gogo("fsm:step examples.counting"),
                "the unknown play changed nothing");
        Exception none = assertThrows(IllegalArgumentException.class, () -> gogo("fsm:state walking"));
        assertTrue(none.getMessage().contains("no running FSM 'walking' (running: examples.counting)"), none.getMessage());
    }
}
