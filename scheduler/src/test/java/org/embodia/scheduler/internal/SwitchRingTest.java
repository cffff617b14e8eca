package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.embodia.scheduler.StateSwitch;
import org.junit.jupiter.api.Test;

/** The ring of an FSM's last switches, which agent:switches and agent:watch read. */
class SwitchRingTest {
    private static final int SIZE = 1024;

    @Test
    void switchesOfOneCycleKeepTheirOrderWhereTheRingWrapsBetweenThem() {
        SwitchRing ring = new SwitchRing(List.of("p"));
        for (int k = 0; k < SIZE - 1; k++) {
            ring.record(k, "s" + k, "s" + (k + 1), 0);
        }
        // The last slot, then the first again: two switches of one cycle, as ve_body's transp -> transp_st -> safe.
        ring.record(5000, "transp", "transp_st", 1);
        ring.record(5000, "transp_st", "safe", 0);

        List<StateSwitch> kept = ring.snapshot();
        assertEquals(SIZE, kept.size());
        assertEquals("s1 -> s2", line(kept.get(0)), "the oldest kept; s0 -> s1 was overwritten");
        assertEquals("transp -> transp_st", line(kept.get(SIZE - 2)));
        assertEquals("transp_st -> safe", line(kept.get(SIZE - 1)));
        assertEquals(false, kept.get(SIZE - 1).predicates().get("p"));
    }

    @Test
    void anEmptyRingHasNoSwitches() {
        assertEquals(List.of(), new SwitchRing(List.of()).snapshot());
    }

    private static String line(StateSwitch s) {
        return s.from() + " -> " + s.to();
    }
}
