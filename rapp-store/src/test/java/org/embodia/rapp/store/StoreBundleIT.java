package org.embodia.rapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.embodia.speech.PcmAudio;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * The packaged bundle in Felix with what it imports, started as the launch profiles start bundles (the settings of
 * cnf/runs/framework.bnd, no extra system packages): com.sun.net.httpserver comes from the system bundle, and the store
 * starts once Config Admin configures PID org.embodia.rapp.store, restarts on a new configuration, and stops with no
 * thread left when the configuration is deleted. The test's class path holds the store's classes too, so the
 * framework's objects are reached through HTTP and reflection only.
 */
class StoreBundleIT {
    /** The jars the store's bundle needs at run time, found on this test's class path by a class each holds. */
    private static final List<String> BUNDLES = List.of(
            "org.apache.felix.log.Activator",
            "org.osgi.util.function.Function",
            "org.osgi.util.promise.Promise",
            "org.osgi.service.component.ComponentContext",
            "org.apache.felix.scr.impl.Activator",
            "org.apache.felix.cm.impl.Activator",
            "org.objectweb.asm.ClassVisitor",
            "org.objectweb.asm.commons.Remapper",
            "org.objectweb.asm.tree.ClassNode",
            "org.objectweb.asm.tree.analysis.Analyzer",
            "org.objectweb.asm.util.Printer",
            "org.apache.aries.spifly.dynamic.DynamicWeavingActivator",
            "org.slf4j.LoggerFactory",
            "org.slf4j.simple.SimpleLogger",
            "org.osgi.service.repository.Repository",
            "aQute.bnd.classfile.ClassFile",
            "aQute.bnd.osgi.repository.XMLResourceGenerator",
            "com.fasterxml.jackson.core.JsonFactory",
            "org.embodia.speech.SpeechRecognizer");
    private static final String PID = "org.embodia.rapp.store";
    /** How long the test waits for the framework to act: a deadline for a loaded machine, not a measure of speed. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path temp;
    private Framework framework;
    private BundleContext context;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void launch() throws Exception {
        framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow().newFramework(Map.of(
                Constants.FRAMEWORK_STORAGE, temp.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                Constants.FRAMEWORK_BOOTDELEGATION, "sun.*,com.sun.*"));
        framework.start();
        context = framework.getBundleContext();
        List<Bundle> installed = new ArrayList<>();
        for (String className : BUNDLES) {
            installed.add(context.installBundle(jarOf(className).toUri().toString()));
        }
        installed.add(context.installBundle(Path.of(System.getProperty("rapp.store.bundle")).toUri().toString()));
        for (Bundle bundle : installed) {
            bundle.start();
        }
    }

    @AfterEach
    void shutDown() throws Exception {
        framework.stop();
        framework.waitForStop(10_000);
    }

    @Test
    void theBundleResolvesWithTheHttpServerFromTheSystemBundle() {
        Bundle store = bundle("org.embodia.rapp.store");
        assertEquals(Bundle.ACTIVE, store.getState());
        BundleWire httpserver = store.adapt(BundleWiring.class).getRequiredWires("osgi.wiring.package").stream()
                .filter(w -> "com.sun.net.httpserver".equals(
                        w.getCapability().getAttributes().get("osgi.wiring.package")))
                .findFirst().orElseThrow();
        assertEquals(0, httpserver.getProvider().getBundle().getBundleId(),
                "Felix exports the JDK's com.sun.net.httpserver from the system bundle");
        assertEquals("biz.aQute.bndlib", wireProvider(store, "aQute.bnd.osgi.repository"));
        assertEquals("com.fasterxml.jackson.core.jackson-core", wireProvider(store, "com.fasterxml.jackson.core"));
        assertEquals("org.embodia.speech", wireProvider(store, "org.embodia.speech"));
    }

    @Test
    void configAdminStartsRestartsAndStopsTheStore() throws Exception {
        assertNull(service("org.embodia.rapp.store.api.RappStore"), "not before it is configured");
        Path first = Files.createDirectory(temp.resolve("first"));
        TestBundles.app(first, "greeter.jar", "greeter", "hello, hi", "org.example.greeter", "1.0.0");
        Object configuration = configuration();
        update(configuration, first, 0);

        ServiceReference<?> store = awaitStore(null);
        URI uri = URI.create((String) store.getProperty("rapp.store.uri"));
        assertEquals("127.0.0.1", uri.getHost());
        assertEquals(first.toString(), store.getProperty("rapp.store.directory"));
        String apps = get(uri.resolve("apps"));
        assertTrue(apps.contains("\"name\":\"greeter\"")
                && apps.contains(TestBundles.sha256(first.resolve("greeter.jar"))), apps);
        String index = get(uri.resolve("index.xml"));
        assertTrue(index.contains("xmlns=\"http://www.osgi.org/xmlns/repository/v1.0.0\"")
                && index.contains("namespace=\"rapp.app\""), index);
        // The speech endpoint loads Moonshine (ONNX Runtime, its native library) from the speech bundle inside the
        // framework: a second of silence, no sentence.
        Path silence = temp.resolve("silence.wav");
        PcmAudio.silence(16_000, 1).writeWav(silence);
        HttpResponse<String> heard = http.send(HttpRequest.newBuilder(uri.resolve("speech?language=English"))
                .POST(HttpRequest.BodyPublishers.ofFile(silence)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, heard.statusCode(), heard.body());
        assertTrue(heard.body().contains("\"sentence\":\"\""), heard.body());
        Object service = context.getService(store);
        Method appsMethod = service.getClass().getMethod("apps");
        assertEquals(1, ((List<?>) appsMethod.invoke(service)).size());
        context.ungetService(store);

        Path second = Files.createDirectory(temp.resolve("second"));
        TestBundles.app(second, "walker.jar", "walker", "walk", "org.example.walker", "1.0.0");
        update(configuration, second, 0);
        ServiceReference<?> restarted = awaitStore(second);
        URI secondUri = URI.create((String) restarted.getProperty("rapp.store.uri"));
        assertTrue(get(secondUri.resolve("apps")).contains("\"name\":\"walker\""));
        if (uri.getPort() != secondUri.getPort()) {
            assertTrue(refused(uri.getPort()), "the first server was closed before the second started");
        }

        configuration.getClass().getMethod("delete").invoke(configuration);
        // The service goes first, so no one is handed a store that is closing; the server then stops within ~1 s.
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while ((service("org.embodia.rapp.store.api.RappStore") != null || !refused(secondUri.getPort())
                || !storeThreads().isEmpty()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertNull(service("org.embodia.rapp.store.api.RappStore"));
        assertTrue(refused(secondUri.getPort()), "the server is closed");
        assertEquals(List.of(), storeThreads(), "no request thread outlives its store");
    }

    private static boolean refused(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static List<String> storeThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("rapp-store-http-")).toList();
    }

    @Test
    void aConfigurationWithoutADirectoryStartsNoStore() throws Exception {
        Object configuration = configuration();
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("port", 0);
        configuration.getClass().getMethod("update", Dictionary.class).invoke(configuration, properties);
        String expected = "org.embodia.rapp.store: 'directory' is not configured";
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!logged(expected) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(logged(expected), "the log service has the reason");
        assertNull(service("org.embodia.rapp.store.api.RappStore"));
        assertEquals(Bundle.ACTIVE, bundle("org.embodia.rapp.store").getState(), "the bundle itself is unharmed");
    }

    /** Whether a log entry's message or exception says {@code text}. */
    private boolean logged(String text) throws Exception {
        ServiceReference<?> reference = service("org.osgi.service.log.LogReaderService");
        Object reader = context.getService(reference);
        Class<?> readerType = bundle("org.apache.felix.log").loadClass("org.osgi.service.log.LogReaderService");
        Class<?> entryType = bundle("org.apache.felix.log").loadClass("org.osgi.service.log.LogEntry");
        Enumeration<?> entries = (Enumeration<?>) readerType.getMethod("getLog").invoke(reader);
        try {
            while (entries.hasMoreElements()) {
                Object entry = entries.nextElement();
                StringBuilder message = new StringBuilder(
                        String.valueOf(entryType.getMethod("getMessage").invoke(entry)));
                // SCR logs the constructor's exception wrapped in its own.
                for (Throwable e = (Throwable) entryType.getMethod("getException").invoke(entry); e != null;
                        e = e.getCause() == e ? null : e.getCause()) {
                    message.append(' ').append(e.getMessage());
                }
                if (message.toString().contains(text)) {
                    return true;
                }
            }
            return false;
        } finally {
            context.ungetService(reference);
        }
    }

    /**
     * A service of that class whatever its class space: the test's class path holds the same API classes, which the
     * framework would otherwise take for another version than the bundles'.
     */
    private ServiceReference<?> service(String className) throws Exception {
        ServiceReference<?>[] references = context.getAllServiceReferences(className, null);
        return references == null ? null : references[0];
    }

    private Object configuration() throws Exception {
        ServiceReference<?> reference = service("org.osgi.service.cm.ConfigurationAdmin");
        assertNotNull(reference, "Config Admin runs");
        Object admin = context.getService(reference);
        Class<?> type = bundle("org.apache.felix.configadmin").loadClass("org.osgi.service.cm.ConfigurationAdmin");
        return type.getMethod("getConfiguration", String.class, String.class).invoke(admin, PID, "?");
    }

    private static void update(Object configuration, Path directory, int port) throws Exception {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("directory", directory.toString());
        properties.put("port", port);
        Class<?> type = configuration.getClass().getClassLoader().loadClass("org.osgi.service.cm.Configuration");
        type.getMethod("update", Dictionary.class).invoke(configuration, properties);
    }

    /** Waits up to {@link #PATIENCE} for the store's service, serving {@code directory} if given. */
    private ServiceReference<?> awaitStore(Path directory) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            ServiceReference<?> reference = service("org.embodia.rapp.store.api.RappStore");
            if (reference != null && (directory == null
                    || directory.toString().equals(reference.getProperty("rapp.store.directory")))) {
                return reference;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no RappStore service" + (directory == null ? "" : " serving " + directory));
    }

    private String get(URI uri) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), uri + ": " + response.body());
        return response.body();
    }

    private Bundle bundle(String bsn) {
        for (Bundle bundle : context.getBundles()) {
            if (bsn.equals(bundle.getSymbolicName())) {
                return bundle;
            }
        }
        throw new AssertionError("no bundle " + bsn);
    }

    private static String wireProvider(Bundle bundle, String packageName) {
        return bundle.adapt(BundleWiring.class).getRequiredWires("osgi.wiring.package").stream()
                .filter(w -> packageName.equals(w.getCapability().getAttributes().get("osgi.wiring.package")))
                .map(w -> w.getProvider().getBundle().getSymbolicName()).findFirst().orElseThrow();
    }

    /** The jar on the class path holding the class, found without loading it. */
    private static Path jarOf(String className) throws URISyntaxException {
        URL url = ClassLoader.getSystemResource(className.replace('.', '/') + ".class");
        if (url == null || !"jar".equals(url.getProtocol())) {
            throw new IllegalStateException(className + " is not in a jar on the class path: " + url);
        }
        String spec = url.toURI().getSchemeSpecificPart();
        return Path.of(URI.create(spec.substring(0, spec.indexOf("!/"))));
    }
}
