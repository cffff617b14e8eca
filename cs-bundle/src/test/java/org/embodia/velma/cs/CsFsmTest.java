package org.embodia.velma.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DeterminismFault;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StaticCheck;
import org.junit.jupiter.api.Test;

/** The shipped velma.cs definition ([VELMA-BEH]) under the engine. */
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

    /**
     * ε as written: ε_idle = FALSE, so an idle whose behaviour throws stays idle (the throw is only
     * counted); the other states' ε read CURRENT_BEHAVIOR_OK, so a throwing jnt_imp ends at the next check
     * through ε and IN_ERROR selects idle.
     */
    @Test
    void aThrowingBehaviourEndsItsStateOnlyWhereEpsilonReadsCurrentBehaviorOk() throws FsmLoadException {
        FsmDefinition d = definition();
        boolean[] in = {true, true, false, false, false, false, false, true};
        boolean[] failing = {true};
        Map<String, Behavior> behaviors = new HashMap<>();
        for (String state : List.of("idle", "safe", "safe_col", "cart_imp", "jnt_imp")) {
            behaviors.put(state, iteration -> {
                if (failing[0]) {
                    throw new IllegalStateException(state + " lost its model");
                }
            });
        }
        Predicates.Builder p = Predicates.builder();
        for (int i = 0; i < d.inputs().size(); i++) {
            int index = i;
            p.add(d.inputs().get(i).name(), () -> in[index]);
        }
        FsmExecutor fsm = FsmExecutor.create(d, behaviors, p.build());
        for (int i = 0; i < 5; i++) {
            assertTrue(fsm.step());
            assertTrue(fsm.lastRunFailed());
            assertEquals("idle", fsm.currentState(), "ε_idle is FALSE: a failing idle stays idle");
        }
        assertEquals(false, fsm.predicateValues().get("CURRENT_BEHAVIOR_OK"));
        failing[0] = false;
        in[1] = false;
        fsm.step();
        assertEquals("safe", fsm.currentState());
        in[2] = true;
        in[4] = true;
        fsm.step();
        assertEquals("jnt_imp", fsm.currentState());
        in[2] = false;
        in[4] = false;
        failing[0] = true;
        fsm.step();
        assertEquals("jnt_imp", fsm.currentState(), "the pass that throws was already decided");
        failing[0] = false;
        fsm.step();
        assertEquals("jnt_imp", fsm.lastState());
        assertTrue(fsm.lastInError(), "¬CURRENT_BEHAVIOR_OK in ε_jnt_imp");
        assertEquals("idle", fsm.currentState());
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
