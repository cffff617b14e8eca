package org.embodia.api.behavior;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.BooleanSupplier;

import org.embodia.api.behavior.CommandIntakeTest.Cmd;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.junit.jupiter.api.Test;

class VirtualSubsystemTest {

    /** What both the real side and this receptor report: a value, and the reason of a rejection (the real side gives none). */
    static final class Report implements Message<Report> {
        double value;
        long valueSeq;
        String reason;
        long reasonSeq;

        @Override
        public void copyFrom(Report source) {
            value = source.value;
            valueSeq = source.valueSeq;
            reason = source.reason;
            reasonSeq = source.reasonSeq;
        }
    }

    static final class Mem extends TmMemory<Mem> {
    }

    /** A virtual receptor whose commands are valid for a finite arg, with a get passing the real side's new value. */
    static final class Receptor extends VirtualSubsystem<Cmd, Report, Cmd, Report, Mem> {
        final CountedField value = counted(s -> s.valueSeq);

        Receptor(String name) {
            super(name, "test", Cmd.class, Cmd::new, Report.class, Report::new, Cmd.class, Cmd::new, Report.class, Report::new,
                    Mem::new, c -> Double.isFinite(c.arg) ? null : "arg is not a number", (s, reason, seq) -> {
                        s.reason = reason;
                        s.reasonSeq = seq;
                    });
        }

        @Override
        protected void commandPredicates(Predicates.Builder predicates) {
            predicates.add("cmdGet", () -> commandIs(c -> "GET".equals(c.name)));
        }

        void passValue() {
            Report s = assignStatus();
            s.value = reStatus().value;
            s.valueSeq++;
        }

        void sendNow() {
            sendStatus();
        }
    }

    private final Receptor receptor = new Receptor("core/a.test/vr");
    private final OutputBuffer<Cmd> cs = new OutputBuffer<>("command", Cmd.class, Cmd::new);
    private final OutputBuffer<Report> real = new OutputBuffer<>("re_status", Report.class, Report::new);
    private final InputBuffer<Cmd> reCommand = new InputBuffer<>("re_command", Cmd.class, Cmd::new);
    private final InputBuffer<Report> csStatus = new InputBuffer<>("status", Report.class, Report::new);

    VirtualSubsystemTest() {
        cs.connect(receptor.commandBuffer());
        real.connect(receptor.reStatusBuffer());
        receptor.reCommandBuffer().connect(reCommand);
        receptor.statusBuffer().connect(csStatus);
    }

    private void command(String name, double arg) {
        cs.message().name = name;
        cs.message().arg = arg;
        cs.send();
    }

    /** Receives the inputs, runs {@code behavior}, ends the iteration, and lets cs and the real side receive. */
    private void step(Runnable behavior) {
        for (InputBuffer<?> in : receptor.inputs()) {
            in.receive();
        }
        behavior.run();
        receptor.endIteration();
        reCommand.receive();
        csStatus.receive();
    }

    @Test
    void theBuffersAreTheSpecsFour() {
        assertEquals("core/a.test/vr", receptor.name().toString());
        assertEquals("test", receptor.fsm());
        assertEquals(List.of("command", "re_status"), receptor.inputs().stream().map(InputBuffer::name).toList());
        assertEquals(List.of("status", "re_command"), receptor.outputs().stream().map(OutputBuffer::name).toList());
        assertSame(receptor.inputs(), receptor.inputs(), "made once");
        assertEquals(List.of("cmdValid", "cmdGet", "tm"), List.copyOf(receptor.predicates().functions().keySet()));
    }

    @Test
    void aNameOfAnotherKindIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Receptor("core/a.test/re"));
        assertEquals("'core/a.test/re' names a subsystem of kind re; a virtual effector's name ends in /ve, a virtual receptor's in /vr",
                e.getMessage());
    }

    @Test
    void aValidCommandIsKeptQuietlyAndARejectionReachesCsInItsStep() {
        BooleanSupplier cmdValid = receptor.predicates().functions().get("cmdValid");
        BooleanSupplier cmdGet = receptor.predicates().functions().get("cmdGet");
        command("GET", 2);
        step(() -> {
            assertTrue(cmdValid.getAsBoolean());
            assertTrue(cmdGet.getAsBoolean());
            receptor.acceptOrReject();
        });
        assertEquals(2, receptor.commanded().arg);
        assertFalse(csStatus.isNew(), "an accepted command assigns cs nothing");
        command("GET", Double.NaN);
        step(() -> {
            assertFalse(cmdValid.getAsBoolean());
            assertEquals("arg is not a number", receptor.rejection());
            receptor.acceptOrReject();
        });
        assertTrue(csStatus.isNew(), "the rejection goes to cs in its step");
        assertEquals("arg is not a number", csStatus.get().reason);
        assertEquals(1, csStatus.get().reasonSeq);
        assertEquals(2, receptor.commanded().arg, "the rejected command leaves the accepted one");
        command("GET", 3);
        step(receptor::acceptOrReject);
        assertFalse(csStatus.isNew());
        assertNull(receptor.statusBuffer().message().reason, "the accepted command cleared the reason");
        step(() -> receptor.passReason("GET failed: no answer"));
        assertTrue(csStatus.isNew(), "a behaviour's failure reaches cs in its step");
        assertEquals("GET failed: no answer", csStatus.get().reason);
        assertEquals(2, csStatus.get().reasonSeq, "rejections and failures are counted together");
    }

    @Test
    void aValidCommandArrivingWhileIdleIsTakenAtTheCheckForTheBehaviourItSelects() {
        BooleanSupplier cmdValid = receptor.predicates().functions().get("cmdValid");
        command("GET", Double.NaN);
        step(() -> {
            assertFalse(cmdValid.getAsBoolean());
            receptor.acceptOrReject();
        });
        assertEquals("arg is not a number", csStatus.get().reason);
        command("GET", 4);
        step(() -> {
            assertTrue(cmdValid.getAsBoolean(), "idle ran in the previous pass: the check ends it");
            assertEquals(4, receptor.commanded().arg, "the selected behaviour's i0 reads the command of this pass");
        });
        assertNull(receptor.statusBuffer().message().reason, "taking it cleared cs's last rejection");
        command("GET", 5);
        step(() -> {
            assertTrue(cmdValid.getAsBoolean());
            assertEquals(4, receptor.commanded().arg, "idle did not run before this pass: a running behaviour keeps its command");
        });
    }

    @Test
    void newOfACountedFieldHoldsInTheStepAfterTheRealSideAssignedIt() {
        step(() -> assertFalse(receptor.value.isNew(), "no report yet"));
        real.message().value = 0.5;
        real.message().valueSeq++;
        real.send();
        step(() -> {
            assertTrue(receptor.value.isNew());
            receptor.passValue();
        });
        assertTrue(csStatus.isNew());
        assertEquals(0.5, csStatus.get().value);
        real.send();
        step(() -> assertFalse(receptor.value.isNew(), "the same count again is old"));
        assertFalse(csStatus.isNew(), "a step that assigns nothing sends cs nothing");
    }

    @Test
    void aStatusSentInItsStepIsNotSentAgain() {
        long before = receptor.statusBuffer().sentCount();
        step(() -> {
            receptor.passValue();
            receptor.sendNow();
        });
        assertEquals(before + 1, receptor.statusBuffer().sentCount());
    }

    @Test
    void tmIsTheMemoryAsTheStepFoundItAndABehaviourEndClearsIt() {
        BooleanSupplier tm = receptor.predicates().functions().get("tm");
        step(() -> receptor.nextMemory().tm = true);
        assertTrue(receptor.memory().tm);
        assertTrue(tm.getAsBoolean());
        step(receptor::endBehavior);
        assertFalse(tm.getAsBoolean());
        assertEquals("Mem[tm=false]", receptor.memory().toString());
    }
}
