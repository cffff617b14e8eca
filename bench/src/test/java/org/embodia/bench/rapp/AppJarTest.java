package org.embodia.bench.rapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import org.embodia.rapp.api.DynamicAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The apps bench's app jar: what the store and the app host read of it. */
class AppJarTest {
    @TempDir
    Path store;

    @Test
    void theJarHoldsTheAppAndNamesItAsTheStoreAndTheHostExpect() throws Exception {
        Path file = AppJar.write(store, "quick");
        assertEquals(store.resolve("quick.jar"), file);
        try (JarFile jar = new JarFile(file.toFile())) {
            Attributes a = jar.getManifest().getMainAttributes();
            assertEquals("quick", a.getValue(DynamicAgent.APP_NAME_HEADER));
            assertEquals("quick", a.getValue(DynamicAgent.APP_KEYWORDS_HEADER));
            assertEquals(QuickApp.class.getName(), a.getValue("Bundle-Activator"));
            assertEquals("org.embodia.bench.app.quick", a.getValue("Bundle-SymbolicName"));
            assertNotNull(jar.getEntry("org/embodia/bench/rapp/QuickApp.class"));
            assertEquals(2, jar.stream().count(), "the manifest and the app's class, nothing of the bench");
        }
    }
}
