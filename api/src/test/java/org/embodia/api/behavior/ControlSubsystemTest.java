package org.embodia.api.behavior;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.embodia.api.behavior.MemoryTest.Marker;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.junit.jupiter.api.Test;

/** The plumbing a control subsystem gets: its declared buffers, its memory's timing, its predicates. */
class ControlSubsystemTest {

    /** A control subsystem with one input and two outputs, a predicate over each of them and the end of its iteration. */
    static final class Cs extends ControlSubsystem<Marker> {
        final InputBuffer<Marker> status = input("status", Marker.class, Marker::new);
        final OutputBuffer<Marker> command = output("command", Marker.class, Marker::new);
        final OutputBuffer<Marker> log = output("log", Marker.class, Marker::new);
        final List<String> ends = new ArrayList<>();

        Cs() {
            super("core/a./cs", "test.cs", Marker::new);
        }

        @Override
        protected void predicates(Predicates.Builder predicates) {
            predicates.add("tm", () -> memory().tm).add("statusValid", status::isNew);
        }

        @Override
        protected void iterationEnded() {
            ends.add("ended with s^i[tm]=" + memory().tm + " s^(i+1)[tm]=" + nextMemory().tm);
        }
    }

    @Test
    void itOffersTheBuffersItDeclaredInTheirOrderAndItsNames() {
        Cs cs = new Cs();
        assertEquals("core/a./cs", cs.name().toString());
        assertEquals("test.cs", cs.fsm());
        assertEquals(List.of(cs.status), cs.inputs());
        assertEquals(List.of(cs.command, cs.log), cs.outputs());
        assertThrows(UnsupportedOperationException.class, () -> cs.outputs().clear(), "the scheduler cannot change them");
    }

    @Test
    void behavioursWriteTheNextMemoryWhichTheIterationsEndCommitsAfterTheSubclasssOwnEnd() {
        Cs cs = new Cs();
        Predicates p = cs.predicates();
        assertEquals(Set.of("tm", "statusValid"), p.functions().keySet());
        cs.nextMemory().tm = true;
        assertFalse(p.functions().get("tm").getAsBoolean(), "s^i until the iteration ends");
        cs.endIteration();
        assertEquals(List.of("ended with s^i[tm]=false s^(i+1)[tm]=true"), cs.ends);
        assertTrue(p.functions().get("tm").getAsBoolean());
        assertTrue(cs.nextMemory().tm, "s^(i+1) starts as a copy of s^i");
    }

    @Test
    void aNameThatIsNotASubsystemsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ControlSubsystem<Marker>("no name", "x", Marker::new) {
            @Override
            protected void predicates(Predicates.Builder predicates) {
            }
        });
    }
}
