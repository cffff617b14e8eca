package org.embodia.rapp.app.walker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.app.testing.AppJar;
import org.junit.jupiter.api.Test;

/** The packaged bundle: what the store indexes and what the core agent's activate waits for. */
class AppJarIT {
    @Test
    void theManifestNamesTheAppAndItsKeywords() throws Exception {
        AppJar jar = AppJar.fromSystemProperty("rapp.app.jar");
        assertEquals("org.embodia.rapp.app.walker", jar.header("Bundle-SymbolicName"));
        assertEquals("walker", jar.header(DynamicAgent.APP_NAME_HEADER));
        assertEquals("walk", jar.header(DynamicAgent.APP_KEYWORDS_HEADER));
        assertNull(jar.header("Export-Package"), "an app exports nothing");
        assertTrue(jar.header("Import-Package").contains("org.embodia.rapp.api;version=\"[2.0,3)\""),
                jar.header("Import-Package"));
    }

    @Test
    void dsRegistersTheDynamicAgentUnderTheAppsName() throws Exception {
        AppJar jar = AppJar.fromSystemProperty("rapp.app.jar");
        assertEquals(List.of(new AppJar.Component(Walker.class.getName(), Walker.class.getName(),
                List.of(DynamicAgent.class.getName()), Map.of(DynamicAgent.APP_PROPERTY, "walker"))),
                jar.components());
    }
}
