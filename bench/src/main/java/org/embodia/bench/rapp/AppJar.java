package org.embodia.bench.rapp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.embodia.rapp.api.DynamicAgent;

/**
 * Writes {@link QuickApp} as an app jar the RAPP Store takes, {@code <store>/<name>.jar}, named and called by {@code
 * name} ({@value #NAME} by default): {@code AppJar <store directory> [name]}. For {@code ./embodia bench apps}.
 */
public final class AppJar {
    static final String NAME = "quick";

    private AppJar() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: AppJar <store directory> [app name (" + NAME + ")]");
            System.exit(2);
        }
        Path jar = write(Files.createDirectories(Path.of(args[0])), args.length > 1 ? args[1] : NAME);
        System.out.println(jar);
    }

    /** The jar: the app's class and a manifest with its activator, its imports and the store's RAPP headers. */
    static Path write(Path store, String name) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "org.embodia.bench.app." + name);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", QuickApp.class.getName());
        a.putValue("Import-Package", "org.embodia.rapp.api;version=\"[2.0,3)\",org.osgi.framework;version=\"[1.8,2)\"");
        a.putValue(DynamicAgent.APP_NAME_HEADER, name);
        a.putValue(DynamicAgent.APP_KEYWORDS_HEADER, name);
        String entry = QuickApp.class.getName().replace('.', '/') + ".class";
        Path file = store.resolve(name + ".jar");
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, m);
                InputStream in = QuickApp.class.getClassLoader().getResourceAsStream(entry)) {
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
        return file;
    }
}
