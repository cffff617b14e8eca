package org.embodia.api.behavior;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.junit.jupiter.api.Test;

class CommandIntakeTest {

    static final class Cmd implements Message<Cmd> {
        String name;
        double arg;

        @Override
        public void copyFrom(Cmd source) {
            name = source.name;
            arg = source.arg;
        }
    }

    private final OutputBuffer<Cmd> cs = new OutputBuffer<>("command", Cmd.class, Cmd::new);
    private final InputBuffer<Cmd> in = new InputBuffer<>("command", Cmd.class, Cmd::new);
    private int checks;
    private final CommandIntake<Cmd> intake = new CommandIntake<>(in, Cmd::new, c -> {
        checks++;
        return Double.isFinite(c.arg) ? null : "arg is not a number";
    });

    CommandIntakeTest() {
        cs.connect(in);
    }

    private void send(String name, double arg) {
        cs.message().name = name;
        cs.message().arg = arg;
        cs.send();
    }

    private void step() {
        intake.endIteration();
        in.receive();
    }

    @Test
    void aCommandCountsOnlyInTheStepItArrives() {
        send("GET", 1);
        in.receive();
        assertTrue(intake.arrived());
        assertTrue(intake.arrived(c -> "GET".equals(c.name)));
        assertFalse(intake.arrived(c -> "MOVE".equals(c.name)));
        step();
        assertFalse(intake.arrived(), "cs sends each command once: the next step sees none");
        assertFalse(intake.valid());
        assertNull(intake.rejection());
    }

    @Test
    void aValidCommandIsKeptAndAnInvalidOneIsNotAndSaysWhy() {
        send("MOVE", 2);
        in.receive();
        assertTrue(intake.valid());
        assertNull(intake.accept());
        assertEquals(2, intake.accepted().arg);
        step();
        send("MOVE", Double.NaN);
        in.receive();
        assertFalse(intake.valid());
        assertEquals("arg is not a number", intake.accept());
        assertEquals(2, intake.accepted().arg, "the rejected command leaves the accepted one as it was");
    }

    @Test
    void eachCommandIsCheckedOncePerStep() {
        send("MOVE", 3);
        in.receive();
        intake.valid();
        intake.rejection();
        intake.accept();
        assertEquals(1, checks);
        step();
        send("MOVE", 4);
        in.receive();
        intake.valid();
        assertEquals(2, checks);
    }
}
