package org.embodia.velma.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DeterminismFault;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StaticCheck;
import org.junit.jupiter.api.Test;

/** The shipped velma.cs definition (seed 000) under the engine. */
class CsFsmTest {

    static FsmDefinition definition() throws FsmLoadException {
        return FsmLoader.load("fsm/velma.cs.yaml", CsFsmTest.class.getClassLoader().getResourceAsStream("fsm/velma.cs.yaml"), Map.of());
    }

    @Test
    void theStaticCheckFindsTheSpecsOwnSelfCollisionHole() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(definition());
        assertEquals(List.of(
                "cart_imp NONE_HOLDS CURRENT_BEHAVIOR_OK and veBodyStatusValid and not veBodyInSafeState and recvOneCmd and recvCartImpCmd "
                        + "and not recvJntImpCmd and not recvSafeColCmd and inSelfCollision",
                "jnt_imp NONE_HOLDS CURRENT_BEHAVIOR_OK and veBodyStatusValid and not veBodyInSafeState and recvOneCmd and not recvCartImpCmd "
                        + "and recvJntImpCmd and not recvSafeColCmd and inSelfCollision"),
                report.findings().stream().map(f -> f.state() + " " + f.kind() + " " + f.when()).toList(), report.format());
    }

    /**
     * Inputs in definition order: veBodyStatusValid, veBodyInSafeState, recvOneCmd, recvCartImpCmd,
     * recvJntImpCmd, recvSafeColCmd, inSelfCollision, motorsReady.
     */
    @Test
    void selfCollisionWithACommandOfTheStatesOwnKindStopsTheFsm() throws FsmLoadException {
        boolean[] in = {true, false, false, false, false, false, false, true};
        FsmExecutor fsm = FsmExecutor.forReplay(definition(), i -> in[i]);
        fsm.step();
        assertEquals("safe", fsm.currentState());
        in[2] = true;
        in[3] = true;
        fsm.step();
        assertEquals("cart_imp", fsm.currentState());
        in[6] = true;
        assertFalse(fsm.step());
        DeterminismFault f = fsm.fault();
        assertEquals("cart_imp", f.state());
        assertEquals(2, f.iteration());
        assertTrue(f.holding().isEmpty());
        assertEquals(true, f.predicates().get("inSelfCollision"));
    }

    @Test
    void everyStateButIdleFallsBackToIdleWhenVeBodyIsInSafeMode() throws FsmLoadException {
        for (String start : List.of("safe", "safe_col", "cart_imp", "jnt_imp")) {
            FsmDefinition d = definition();
            assertEquals("not CURRENT_BEHAVIOR_OK or not veBodyStatusValid or veBodyInSafeState",
                    d.state(start).orElseThrow().errorCondition().toString());
            assertEquals("IN_ERROR", d.state(start).orElseThrow().transitions().stream()
                    .filter(t -> t.target().equals("idle")).findFirst().orElseThrow().initialCondition().toString());
        }
    }
}
