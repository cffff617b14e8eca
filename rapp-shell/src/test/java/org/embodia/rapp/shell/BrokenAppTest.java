package org.embodia.rapp.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/** The failures demo's unresolvable app: what its manifest says, that a store serves it, and that Felix cannot resolve it. */
class BrokenAppTest {
    @TempDir
    Path dir;

    @Test
    void itsManifestNamesTheAppItsKeywordAndImportsAPackageNobodyExports() throws Exception {
        Path jar = BrokenApp.write(dir);
        assertEquals(dir.resolve(BrokenApp.FILE), jar);
        try (JarFile file = new JarFile(jar.toFile())) {
            Attributes a = file.getManifest().getMainAttributes();
            assertEquals("2", a.getValue(Constants.BUNDLE_MANIFESTVERSION));
            assertEquals(BrokenApp.SYMBOLIC_NAME, a.getValue(Constants.BUNDLE_SYMBOLICNAME));
            assertEquals(BrokenApp.VERSION, a.getValue(Constants.BUNDLE_VERSION));
            assertEquals(BrokenApp.NAME, a.getValue(DynamicAgent.APP_NAME_HEADER));
            assertEquals(BrokenApp.KEYWORD, a.getValue(DynamicAgent.APP_KEYWORDS_HEADER));
            String imports = a.getValue(Constants.IMPORT_PACKAGE);
            assertTrue(imports.contains(BrokenApp.MISSING_PACKAGE + ";version=\"[1.0,2)\""), imports);
            assertTrue(imports.contains("org.embodia.rapp.api;version=\"[2.0,3)\""), imports);
        }
    }

    @Test
    void aStoreServesItAsAnyApp() throws Exception {
        BrokenApp.write(dir);
        try (StoreServers.Running store = StoreServers.start(dir, 0)) {
            List<StoreApp> apps = new StoreClient(store.uri()).apps();
            assertEquals(1, apps.size(), apps.toString());
            StoreApp app = apps.get(0);
            assertEquals(BrokenApp.NAME, app.name());
            assertEquals(List.of(BrokenApp.KEYWORD), app.keywords());
            assertEquals(BrokenApp.SYMBOLIC_NAME, app.bsn());
            assertEquals("bundles/" + BrokenApp.FILE, app.url());
        }
    }

    @Test
    void felixInstallsItButCannotResolveItNamingTheMissingPackage() throws Exception {
        Path jar = BrokenApp.write(dir);
        // As in nao-sim, the RAPP API is there (here from the class path): the missing package is what fails.
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow().newFramework(Map.of(
                Constants.FRAMEWORK_STORAGE, dir.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "org.embodia.rapp.api;version=2.0.0"));
        framework.start();
        try {
            Bundle bundle = framework.getBundleContext().installBundle(jar.toUri().toString());
            BundleException e = assertThrows(BundleException.class, bundle::start);
            assertTrue(e.getMessage().contains("osgi.wiring.package=" + BrokenApp.MISSING_PACKAGE), e.getMessage());
            assertFalse(e.getMessage().contains("osgi.wiring.package=org.embodia.rapp.api)"), e.getMessage());
            assertEquals(Bundle.INSTALLED, bundle.getState());
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }
}
