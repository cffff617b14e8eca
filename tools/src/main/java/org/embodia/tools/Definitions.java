package org.embodia.tools;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Manifest;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;

/**
 * Finds a definition by shipped name or by file. Shipped definitions are the ones the subsystem
 * bundles on the classpath list in their {@code Embodia-FSM} manifest header, as the engine's
 * extender finds them inside the framework.
 */
final class Definitions {
    static final String HEADER = "Embodia-FSM";

    private Definitions() {
    }

    /** Shipped definition name (the file name without .yaml) to its resource path. */
    static Map<String, String> shipped() throws IOException {
        Map<String, String> out = new TreeMap<>();
        ClassLoader loader = Definitions.class.getClassLoader();
        Enumeration<URL> manifests = loader.getResources("META-INF/MANIFEST.MF");
        while (manifests.hasMoreElements()) {
            try (InputStream in = manifests.nextElement().openStream()) {
                String header = new Manifest(in).getMainAttributes().getValue(HEADER);
                if (header == null) {
                    continue;
                }
                for (String entry : header.split(",")) {
                    String path = entry.trim();
                    String file = path.substring(path.lastIndexOf('/') + 1);
                    out.put(file.replaceFirst("\\.(ya?ml|json)$", ""), path);
                }
            }
        }
        return out;
    }

    static FsmDefinition load(String nameOrFile, Map<String, Integer> parameters) throws UsageException, FsmLoadException, IOException {
        Path path = Path.of(nameOrFile);
        if (Files.isRegularFile(path)) {
            return FsmLoader.load(path, parameters);
        }
        Map<String, String> shipped = shipped();
        String resource = shipped.get(nameOrFile);
        if (resource == null) {
            throw new UsageException("'" + nameOrFile + "' is neither a definition file nor a shipped FSM (shipped: "
                    + String.join(", ", shipped.keySet()) + ")");
        }
        InputStream in = Definitions.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new UsageException("shipped FSM '" + nameOrFile + "' names " + resource + ", which its bundle does not hold");
        }
        return FsmLoader.load(resource, in, parameters);
    }
}
