package org.embodia.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Over descriptors in this module's test resources, written as bnd writes them. */
class DsDescriptorsTest {
    private final ClassLoader loader = DsDescriptorsTest.class.getClassLoader();

    @Test
    void aDescriptorsPropertiesServicesAndReferencesAreRead() throws IOException {
        DsDescriptors.Descriptor idle = DsDescriptors.read(loader, "org.example.walk.Idle");
        assertEquals("OSGI-INF/org.example.walk.Idle.xml", idle.file());
        assertEquals(Map.of("embodia.subsystem", "core/a.walk/ve", "embodia.behavior", "idle"), idle.properties());
        assertEquals(List.of("org.embodia.api.behavior.Behavior"), idle.provides());
        assertEquals(List.of("org.example.walk.Walk"), idle.references());

        DsDescriptors.Descriptor walk = DsDescriptors.read(loader, "org.example.walk.Walk");
        assertEquals(List.of("org.embodia.api.agent.Subsystem", "org.example.walk.Walk"), walk.provides());
        assertEquals(List.of(), walk.references());
        assertNull(walk.property(DsDescriptors.BEHAVIOR));
        assertNull(walk.property("embodia.joints"), "a multi-valued property has no single value");
    }

    @Test
    void theBehavioursOfASubsystemAreCollectedInTheGivenOrder() throws IOException {
        assertEquals(List.of("step", "idle"),
                List.copyOf(DsDescriptors.behaviors(loader, "core/a.walk/ve", List.of("org.example.walk.Step", "org.example.walk.Idle"))));
        assertEquals(Set.of(), DsDescriptors.behaviors(loader, "core/a.walk/ve", List.of()));
    }

    @Test
    void aComponentOfAnotherSubsystemOrWithoutABehaviourIsAnError() {
        assertEquals("OSGI-INF/org.example.walk.Other.xml is a component of embodia.subsystem 'core/a.talk/ve', not of 'core/a.walk/ve'",
                assertThrows(IllegalStateException.class,
                        () -> DsDescriptors.behaviors(loader, "core/a.walk/ve", List.of("org.example.walk.Idle", "org.example.walk.Other"))).getMessage());
        assertEquals("OSGI-INF/org.example.walk.Walk.xml has no embodia.behavior property: it is no behaviour of core/a.walk/ve",
                assertThrows(IllegalStateException.class, () -> DsDescriptors.behaviors(loader, "core/a.walk/ve", List.of("org.example.walk.Walk")))
                        .getMessage());
    }

    @Test
    void aMissingOrBrokenDescriptorIsNamed() {
        assertEquals("bnd generated no OSGI-INF/org.example.walk.Run.xml on the class path: is org.example.walk.Run a @Component class of this bundle,"
                + " spelled as its binary name?", assertThrows(IllegalArgumentException.class, () -> DsDescriptors.read(loader, "org.example.walk.Run"))
                        .getMessage());
        String broken = assertThrows(IllegalArgumentException.class, () -> DsDescriptors.read(loader, "org.example.walk.Broken")).getMessage();
        assertEquals("OSGI-INF/org.example.walk.Broken.xml is not well-formed XML: ", broken.substring(0, broken.indexOf(':') + 2));
    }
}
