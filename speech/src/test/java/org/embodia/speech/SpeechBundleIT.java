package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * The packaged bundle in Felix: it must resolve with nothing but the JRE, and FreeTTS and Sphinx4 must find their
 * classes, voices, model and dictionary through the bundle's class loader alone. A word and a sentence are synthesized
 * and recognized inside the framework.
 */
class SpeechBundleIT {

    @Test
    void theBundleResolvesSpeaksAndRecognizesInFelix(@TempDir Path directory) throws Exception {
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow().newFramework(Map.of(
                Constants.FRAMEWORK_STORAGE, directory.resolve("felix-cache").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT,
                // as in cnf/runs/framework.bnd, the launch settings of every Embodia profile
                Constants.FRAMEWORK_BOOTDELEGATION, "sun.*,com.sun.*"));
        framework.start();
        try {
            Bundle bundle = framework.getBundleContext()
                    .installBundle(Path.of(System.getProperty("speech.bundle")).toUri().toString());
            bundle.start();
            assertEquals(Bundle.ACTIVE, bundle.getState());

            Class<?> synthesizerClass = bundle.loadClass(SpeechSynthesizer.class.getName());
            Class<?> recognizerClass = bundle.loadClass(SpeechRecognizer.class.getName());
            Class<?> audioClass = bundle.loadClass(PcmAudio.class.getName());
            // Defined by the bundle, not taken from this test's class path
            assertSame(bundle, FrameworkUtil.getBundle(synthesizerClass));
            assertSame(bundle, FrameworkUtil.getBundle(bundle.loadClass("edu.cmu.sphinx.recognizer.Recognizer")));
            assertSame(bundle, FrameworkUtil.getBundle(bundle.loadClass("com.sun.speech.freetts.Voice")));

            Thread thread = Thread.currentThread();
            ClassLoader contextClassLoader = thread.getContextClassLoader();
            // A context class loader that finds nothing: the libraries must not depend on it.
            thread.setContextClassLoader(new ClassLoader(null) {
            });
            try {
                AutoCloseable synthesizer = (AutoCloseable) synthesizerClass.getConstructor().newInstance();
                AutoCloseable recognizer = (AutoCloseable) recognizerClass.getConstructor().newInstance();
                try (synthesizer; recognizer) {
                    var synthesize = synthesizerClass.getMethod("synthesize", String.class);
                    Object word = recognizerClass.getMethod("recognize", audioClass, Collection.class, double.class)
                            .invoke(recognizer, synthesize.invoke(synthesizer, "goodbye"),
                                    List.of("hello", "goodbye", "walk", "photo", "stop"), 0.3);
                    Object sentence = recognizerClass.getMethod("recognizeSentence", audioClass, Collection.class)
                            .invoke(recognizer, synthesize.invoke(synthesizer, "go for a walk"),
                                    List.of("go", "for", "a", "walk", "photo", "take", "hello"));

                    assertEquals(Optional.of("goodbye"), word.getClass().getMethod("word").invoke(word), word.toString());
                    // The first four as said (FreeTTS's tail may add a short word: SpeechRecognizerTest's error rate)
                    assertEquals(List.of("go", "for", "a", "walk"), ((List<?>) sentence).subList(0, 4), sentence.toString());
                }
            } finally {
                thread.setContextClassLoader(contextClassLoader);
            }
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }
}
