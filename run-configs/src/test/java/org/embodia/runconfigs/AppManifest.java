package org.embodia.runconfigs;

import java.util.jar.Attributes;
import java.util.jar.Manifest;

import org.embodia.rapp.api.DynamicAgent;

/** The manifest of a RAPP app as the store lists it: a bundle's headers with the app's name and keywords. */
final class AppManifest {
    private AppManifest() {
    }

    static Manifest of(String symbolicName, String app, String keywords) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue(DynamicAgent.APP_NAME_HEADER, app);
        a.putValue(DynamicAgent.APP_KEYWORDS_HEADER, keywords);
        return m;
    }
}
