package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.api.fsm.FsmDefinition;
import org.junit.jupiter.api.Test;

class DotExporterTest {

    @Test
    void statesEdgesAndTheCurrentState() throws FsmLoadException {
        FsmDefinition d = FsmLoader.load("t.yaml", FsmExecutorTest.DEFINITION);
        String dot = DotExporter.toDot(d, "repair");
        assertTrue(dot.startsWith("digraph \"test.exec\" {\n"), dot);
        assertTrue(dot.contains("\"__initial\" -> \"run\";"), dot);
        assertTrue(dot.contains("\"run\" [label=\"run\\nτ: done or longRun\\nε: broken or not CURRENT_BEHAVIOR_OK\"];"), dot);
        assertTrue(dot.contains("\"repair\" [label=\"repair\\nτ: fixed\", style=\"rounded,filled,bold\", fillcolor=\"#ffd54f\"];"), dot);
        assertTrue(dot.contains("\"run\" -> \"rest\" [label=\"σ: not IN_ERROR and not done and longRun\"];"), dot);
        assertEquals(7, dot.lines().filter(l -> l.contains("[label=\"σ:")).count());
        assertTrue(dot.endsWith("}\n"));
        assertThrows(IllegalArgumentException.class, () -> DotExporter.toDot(d, "nowhere"));
    }
}
