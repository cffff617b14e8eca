package org.embodia.api.behavior;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.embodia.api.buffer.Message;
import org.junit.jupiter.api.Test;

class MemoryTest {

    static final class Marker implements Message<Marker> {
        boolean tm;
        double x;

        @Override
        public void copyFrom(Marker source) {
            tm = source.tm;
            x = source.x;
        }
    }

    @Test
    void writesBecomeVisibleInTheNextIterationAndUnwrittenFieldsKeepTheirValue() {
        Memory<Marker> m = new Memory<>(Marker::new);
        m.next().tm = true;
        m.next().x = 1.5;
        assertEquals(false, m.current().tm, "s^i is not changed by writes to s^(i+1)");
        m.commit();
        assertEquals(true, m.current().tm);
        m.next().x = 2.5;
        m.commit();
        assertEquals(true, m.current().tm, "a field not assigned (the dash) keeps its value");
        assertEquals(2.5, m.current().x);
    }

    @Test
    void predicatesRejectReservedAndRepeatedNames() {
        assertThrows(IllegalArgumentException.class, () -> Predicates.builder().add("IN_ERROR", () -> true));
        assertThrows(IllegalArgumentException.class, () -> Predicates.builder().add("recv status", () -> true));
        assertThrows(IllegalArgumentException.class, () -> Predicates.builder().add("a", () -> true).add("a", () -> false));
        assertEquals(2, Predicates.builder().add("a", () -> true).add("b", () -> false).build().functions().size());
    }
}
