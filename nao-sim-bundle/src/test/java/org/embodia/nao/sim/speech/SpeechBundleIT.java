package org.embodia.nao.sim.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.embodia.nao.sim.BundleFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.launch.Framework;

/**
 * The packaged bundle in Felix: it must resolve with nothing but the JRE and the NAO model bundle, and FreeTTS and
 * Sphinx4 must find their classes, voices, model and dictionary through the bundle's class loader alone. The
 * loudspeaker says a word into a WAV file and the recognizer hears it, all inside the framework.
 */
class SpeechBundleIT {

    @Test
    void theBundleResolvesSpeaksAndRecognizesInFelix(@TempDir Path directory) throws Exception {
        Framework framework = BundleFramework.start(directory);
        try {
            Bundle bundle = BundleFramework.installSimulation(framework);
            assertEquals(Bundle.ACTIVE, bundle.getState());

            Class<?> synthesizerClass = bundle.loadClass(SpeechSynthesizer.class.getName());
            Class<?> recognizerClass = bundle.loadClass(SpeechRecognizer.class.getName());
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
                    Class<?> loudspeakerClass = bundle.loadClass(Loudspeaker.class.getName());
                    Object loudspeaker = loudspeakerClass.getConstructor(synthesizerClass, Path.class)
                            .newInstance(synthesizer, directory.resolve("played"));
                    Object playback = loudspeakerClass.getMethod("say", String.class).invoke(loudspeaker, "goodbye");
                    Path file = (Path) playback.getClass().getMethod("file").invoke(playback);
                    Object audio = playback.getClass().getMethod("audio").invoke(playback);

                    Object recognition = recognizerClass
                            .getMethod("recognize", audio.getClass(), Collection.class, double.class)
                            .invoke(recognizer, audio, List.of("hello", "goodbye", "walk", "photo", "stop"), 0.3);

                    assertTrue(Files.size(file) > 10_000, file + " holds the played audio");
                    assertEquals(Optional.of("goodbye"), recognition.getClass().getMethod("word").invoke(recognition),
                            recognition.toString());
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
