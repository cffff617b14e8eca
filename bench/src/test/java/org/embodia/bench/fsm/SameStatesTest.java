package org.embodia.bench.fsm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/** The comparison is fair only if the implementations are the same FSM. */
class SameStatesTest {

    @Test
    void embodiaSpringStatemachineStateless4jAndAPlainSwitchTakeVeBodyThroughTheSameStates() throws Exception {
        List<String> states = FsmBench.sameStates(VeBodyTrace.LENGTH);
        assertEquals(Set.of("idle", "safe", "safe_st", "safe_st_ok", "transp", "transp_st"), new TreeSet<>(states),
                "the trace takes ve_body through every state");
        long transparent = states.stream().filter(s -> s.startsWith("transp")).count();
        assertEquals(true, transparent > VeBodyTrace.LENGTH / 4, "and mostly through transparent mode: " + transparent);
    }

    @Test
    void theTextStateRingVisitsTenStatesInTurn() throws Exception {
        TextStateRing ring = new TextStateRing();
        String first = ring.step();
        for (int i = 1; i < 10; i++) {
            ring.step();
        }
        assertEquals(first, ring.step(), "ten iterations later the ring is back");
    }
}
