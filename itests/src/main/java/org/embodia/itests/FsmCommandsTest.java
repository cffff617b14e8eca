package org.embodia.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.service.ServiceExtension;

/** The fsm: Gogo commands, run through the real Gogo command processor. */
@ExtendWith(ServiceExtension.class)
class FsmCommandsTest {

    @InjectService(timeout = 60_000)
    CommandProcessor processor;

    private CommandSession session;

    @BeforeEach
    void open() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        session = processor.createSession(new ByteArrayInputStream(new byte[0]), new PrintStream(sink), new PrintStream(sink));
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void listsTheShippedDefinitions() throws Exception {
        String out = String.valueOf(session.execute("fsm:definitions"));
        assertTrue(out.contains("velma.ve_body  Embodied Agent, 6 states, initial idle"), out);
        assertTrue(out.contains("velma.cs  Embodied Agent, 5 states, initial idle"), out);
        assertTrue(out.contains("examples.counting  mc_rtc-style, 6 text states, init Warmup"), out);
    }

    @Test
    void checkReportsTheSelfCollisionHoleOfCartImpAndJntImp() throws Exception {
        String out = String.valueOf(session.execute("fsm:check velma.cs"));
        assertTrue(out.contains("NONE    cart_imp: ends by its terminal condition and no initial condition holds when "
                + "CURRENT_BEHAVIOR_OK and veBodyStatusValid and not veBodyInSafeState and recvOneCmd and recvCartImpCmd "
                + "and not recvJntImpCmd and not recvSafeColCmd and inSelfCollision"), out);
        assertTrue(out.contains("NONE    jnt_imp:"), out);
        assertTrue(out.endsWith("2 finding(s)\n"), out);
    }

    @Test
    void dotHighlightsTheCurrentState() throws Exception {
        String out = String.valueOf(session.execute("fsm:dot velma.ve_body transp"));
        assertTrue(out.startsWith("digraph \"velma.ve_body\" {"), out);
        assertTrue(out.contains("\"transp\" [label=\"transp\\nτ: TRUE\", style=\"rounded,filled,bold\""), out);
        assertEquals(12, out.lines().filter(l -> l.contains("[label=\"σ: ")).count());
    }

    @Test
    void anUnknownDefinitionIsAClearError() {
        Exception e = assertThrows(IllegalArgumentException.class, () -> session.execute("fsm:check velma.nope"));
        assertTrue(e.getMessage().contains("no Embodied Agent FSM definition 'velma.nope' (loaded: examples.counter, itest.counter_with_error, velma.cia402, velma.cs, velma.ve_body)"), e.getMessage());
    }
}
