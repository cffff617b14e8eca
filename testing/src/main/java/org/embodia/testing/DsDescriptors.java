package org.embodia.testing;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The Declarative Services descriptors bnd generated from a bundle's {@code @Component} classes, read from the class
 * path as {@code OSGI-INF/<component>.xml}: what DS will see of a component without starting a framework.
 */
public final class DsDescriptors {

    /*
     * The api's Subsystem.SUBSYSTEM_PROPERTY and BEHAVIOR_PROPERTY, spelt out: this module cannot depend on the api,
     * whose own tests depend on this module (Allocations). The behaviours' components set their properties through
     * those constants, so the modules' FSM tests reading them here fail should the two ever differ.
     */
    /** The service property naming the subsystem a behaviour belongs to. */
    public static final String SUBSYSTEM = "embodia.subsystem";
    /** The service property naming the behaviour a state of the subsystem's FSM runs. */
    public static final String BEHAVIOR = "embodia.behavior";

    private DsDescriptors() {
    }

    /**
     * One component's descriptor: its single-valued properties by name, the interfaces it provides and the
     * interfaces it references, each in the order of the file.
     */
    public record Descriptor(String file, Map<String, String> properties, List<String> provides, List<String> references) {

        /** The value of property {@code name}, or {@code null} if the component has no such property. */
        public String property(String name) {
            return properties.get(name);
        }
    }

    /**
     * The descriptor of {@code component} (the component's name, by default its class's binary name) on
     * {@code loader}'s class path.
     *
     * @throws IllegalArgumentException if there is no {@code OSGI-INF/<component>.xml}, or it is not a DS descriptor
     */
    public static Descriptor read(ClassLoader loader, String component) throws IOException {
        Objects.requireNonNull(loader, "loader");
        String file = "OSGI-INF/" + Objects.requireNonNull(component, "component") + ".xml";
        try (InputStream in = loader.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalArgumentException("bnd generated no " + file + " on the class path: is " + component
                        + " a @Component class of this bundle, spelled as its binary name?");
            }
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // A descriptor is bnd's own output: nothing external is to be resolved while reading it.
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // Reported through the exception below rather than also printed to stderr.
            builder.setErrorHandler(new DefaultHandler());
            Element root = builder.parse(in).getDocumentElement();
            if (!root.getTagName().endsWith("component")) {
                throw new IllegalArgumentException(file + " is not a DS component descriptor: its root is <" + root.getTagName() + ">");
            }
            Map<String, String> properties = new LinkedHashMap<>();
            NodeList nodes = root.getElementsByTagName("property");
            for (int i = 0; i < nodes.getLength(); i++) {
                Element p = (Element) nodes.item(i);
                // Multi-valued properties keep their values in the text, one a line; these tests need none of them.
                if (p.hasAttribute("value")) {
                    properties.put(p.getAttribute("name"), p.getAttribute("value"));
                }
            }
            return new Descriptor(file, Collections.unmodifiableMap(properties), attributes(root, "provide", "interface"), attributes(root, "reference", "interface"));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalArgumentException(file + " is not well-formed XML: " + e.getMessage(), e);
        }
    }

    /**
     * The behaviours ({@value #BEHAVIOR}) that {@code components} offer to {@code subsystem}: the names the states of
     * its FSM definition must use.
     *
     * @throws IllegalArgumentException if a component has no descriptor (see {@link #read})
     * @throws IllegalStateException if a component is not a behaviour of {@code subsystem}
     */
    public static Set<String> behaviors(ClassLoader loader, String subsystem, Collection<String> components) throws IOException {
        Objects.requireNonNull(subsystem, "subsystem");
        Set<String> behaviors = new LinkedHashSet<>();
        for (String component : components) {
            Descriptor d = read(loader, component);
            if (!subsystem.equals(d.property(SUBSYSTEM))) {
                throw new IllegalStateException(d.file() + " is a component of " + SUBSYSTEM + " '" + d.property(SUBSYSTEM) + "', not of '" + subsystem + "'");
            }
            String behavior = d.property(BEHAVIOR);
            if (behavior == null) {
                throw new IllegalStateException(d.file() + " has no " + BEHAVIOR + " property: it is no behaviour of " + subsystem);
            }
            behaviors.add(behavior);
        }
        return behaviors;
    }

    private static List<String> attributes(Element root, String tag, String attribute) {
        List<String> values = new ArrayList<>();
        NodeList nodes = root.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            values.add(((Element) nodes.item(i)).getAttribute(attribute));
        }
        return List.copyOf(values);
    }
}
