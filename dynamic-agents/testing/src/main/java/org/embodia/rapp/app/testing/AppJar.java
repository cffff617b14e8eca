package org.embodia.rapp.app.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A built app jar as the core agent sees it: the manifest's main attributes and the DS components its
 * {@code Service-Component} header names. Read once, when made.
 */
public final class AppJar {
    /** One DS component description: its name, implementation class, services and properties (name to value). */
    public record Component(String name, String implementation, List<String> services, Map<String, String> properties) {
    }

    private final Path jar;
    private final Attributes manifest;
    private final List<Component> components;

    /** @throws IOException naming the jar if it cannot be read, has no manifest, or a descriptor is missing or malformed */
    public AppJar(Path jar) throws IOException {
        this.jar = jar;
        if (!Files.isRegularFile(jar)) {
            throw new IOException("app jar " + jar.toAbsolutePath() + " does not exist: is the module packaged?");
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            if (file.getManifest() == null) {
                throw new IOException("app jar " + jar + " has no manifest");
            }
            manifest = file.getManifest().getMainAttributes();
            List<Component> read = new ArrayList<>();
            String header = manifest.getValue("Service-Component");
            if (header != null) {
                for (String descriptor : header.split(",")) {
                    read.add(component(file, descriptor.trim()));
                }
            }
            components = List.copyOf(read);
        }
    }

    /**
     * The jar the system property {@code property} names (failsafe sets it to the module's packaged jar).
     *
     * @throws IOException if the property is not set or the jar cannot be read
     */
    public static AppJar fromSystemProperty(String property) throws IOException {
        String path = System.getProperty(property);
        if (path == null || path.isBlank()) {
            throw new IOException("system property " + property + " must name the app jar; run this test with failsafe");
        }
        return new AppJar(Path.of(path));
    }

    public Path path() {
        return jar;
    }

    /** The manifest header {@code name}, or null. */
    public String header(String name) {
        return manifest.getValue(name);
    }

    /** The DS components, in the order of the {@code Service-Component} header. */
    public List<Component> components() {
        return components;
    }

    private Component component(JarFile file, String descriptor) throws IOException {
        ZipEntry entry = file.getEntry(descriptor);
        if (entry == null) {
            throw new IOException("app jar " + jar + ": Service-Component names " + descriptor + ", which it lacks");
        }
        Document document;
        try (InputStream in = file.getInputStream(entry)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            document = factory.newDocumentBuilder().parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("app jar " + jar + ": " + descriptor + " is not a DS descriptor: " + e, e);
        }
        Element root = document.getDocumentElement();
        Map<String, String> properties = new LinkedHashMap<>();
        NodeList propertyElements = root.getElementsByTagName("property");
        for (int i = 0; i < propertyElements.getLength(); i++) {
            Element property = (Element) propertyElements.item(i);
            properties.put(property.getAttribute("name"), property.getAttribute("value"));
        }
        List<String> services = new ArrayList<>();
        NodeList provides = root.getElementsByTagName("provide");
        for (int i = 0; i < provides.getLength(); i++) {
            services.add(((Element) provides.item(i)).getAttribute("interface"));
        }
        NodeList implementation = root.getElementsByTagName("implementation");
        String implementationClass = implementation.getLength() == 0 ? ""
                : ((Element) implementation.item(0)).getAttribute("class");
        return new Component(root.getAttribute("name"), implementationClass, List.copyOf(services),
                Map.copyOf(properties));
    }
}
