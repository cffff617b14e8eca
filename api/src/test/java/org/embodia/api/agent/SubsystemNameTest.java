package org.embodia.api.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SubsystemNameTest {

    @Test
    void parsesAndPrintsSeed004sNames() {
        SubsystemName lwr = SubsystemName.parse("core/a.lwr_l/re");
        assertEquals(new AgentName("core"), lwr.agent());
        assertEquals("lwr_l", lwr.name());
        assertEquals(SubsystemKind.REAL_EFFECTOR, lwr.kind());
        assertEquals('E', lwr.kind().symbol());
        assertEquals("core/a.lwr_l/re", lwr.toString());
        assertEquals("core/a./cs", SubsystemName.parse("core/a./cs").toString());
        assertEquals(SubsystemKind.VIRTUAL_RECEPTOR, SubsystemName.parse("core/a.kinect/vr").kind());
    }

    @Test
    void rejectsMalformedNames() {
        assertThrows(IllegalArgumentException.class, () -> SubsystemName.parse("core.body.ve"));
        assertThrows(IllegalArgumentException.class, () -> SubsystemName.parse("core/a.body/xx"));
        assertThrows(IllegalArgumentException.class, () -> SubsystemName.parse("core/a.2body/ve"));
        assertThrows(IllegalArgumentException.class, () -> new SubsystemName(new AgentName("core"), "cs", SubsystemKind.CONTROL));
        assertThrows(IllegalArgumentException.class, () -> new AgentName("a b"));
    }
}
