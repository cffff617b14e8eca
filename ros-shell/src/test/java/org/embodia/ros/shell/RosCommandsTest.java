package org.embodia.ros.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RosCommandsTest {
    @Test
    void aMasterUriIsHttpWithHostAndPort() {
        assertEquals("http://localhost:11311", RosCommands.parse(" http://localhost:11311 ").toString());
        assertEquals(11312, RosCommands.parse("http://10.0.0.2:11312/").getPort());
    }

    @Test
    void otherUrisAreRefusedWithTheExpectedForm() {
        for (String bad : new String[] {"localhost:11311", "http://localhost", "rosrpc://a:1", "http://a b:1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RosCommands.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("ros: "), e.getMessage());
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }
}
