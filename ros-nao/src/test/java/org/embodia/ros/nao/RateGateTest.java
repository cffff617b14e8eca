package org.embodia.ros.nao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RateGateTest {
    private static final long MS = 1_000_000L;

    @Test
    void atTheLoopsOwnRateEveryMessagePassesDespiteJitter() {
        RateGate gate = new RateGate(50);
        long t = 5_000 * MS;
        int passed = 0;
        for (int i = 0; i < 500; i++) {
            long jitter = (i % 3 - 1) * 3 * MS;
            if (gate.pass(t + i * 20 * MS + jitter)) {
                passed++;
            }
        }
        assertEquals(500, passed);
    }

    @Test
    void fifteenHertzOutOfFiftyIsFifteenASecondInTheLongRun() {
        RateGate gate = new RateGate(15);
        int passed = 0;
        for (int i = 0; i < 50 * 10; i++) {
            if (gate.pass(i * 20 * MS)) {
                passed++;
            }
        }
        assertEquals(150, passed, 1);
    }

    @Test
    void afterAGapItStartsAgainRatherThanCatchingUp() {
        RateGate gate = new RateGate(10);
        assertTrue(gate.pass(0));
        assertFalse(gate.pass(50 * MS));
        assertTrue(gate.pass(2_000 * MS));
        assertFalse(gate.pass(2_020 * MS), "no burst after the pause");
        assertTrue(gate.pass(2_100 * MS));
    }

    @Test
    void aRateIsAPositiveNumber() {
        assertThrows(IllegalArgumentException.class, () -> new RateGate(0));
        assertThrows(IllegalArgumentException.class, () -> new RateGate(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new RateGate(Double.POSITIVE_INFINITY));
    }
}
