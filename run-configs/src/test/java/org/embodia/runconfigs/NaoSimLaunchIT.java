package org.embodia.runconfigs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported nao-sim jar as {@code ./embodia run nao-sim --script <file>} starts it: the NAO core agent on the
 * simulated NAO's clock, driven through the {@code nao:} commands, and a rejected command failing the script with the
 * virtual effector's reason.
 */
class NaoSimLaunchIT {
    record Run(int exit, String out, String err) {}

    @TempDir
    Path dir;

    private Run launch(String script) throws IOException, InterruptedException {
        Path jar = Path.of("target", "nao-sim.jar");
        assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
        Path file = Files.writeString(dir.resolve("test.gosh"), script, UTF_8);
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process felix = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-Dembodia.script=" + file.toAbsolutePath(), "-Dgosh.args=--nointeractive", "-jar", jar.toAbsolutePath().toString()))
                // As ./embodia runs it: from the checkout's root, where the profile's store finds the example apps.
                .directory(Path.of("..").toAbsolutePath().normalize().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        felix.getOutputStream().close();
        assertTrue(felix.waitFor(300, TimeUnit.SECONDS), "the JVM exits once the script has ended");
        return new Run(felix.exitValue(), Files.readString(out, UTF_8), Files.readString(err, UTF_8));
    }

    @Test
    void behavioursRunThroughTheVirtualAndRealSubsystemsOfTheRunningAgent() throws IOException, InterruptedException {
        Run run = launch("""
                nao:stiffness 1.0
                nao:posture StandInit
                nao:inter 0.5 HeadYaw 0.4
                nao:get body Device/SubDeviceList/HeadYaw/Position/Sensor/Value
                nao:press Head/Touch/Middle true
                nao:touch Device/SubDeviceList/Head/Touch/Middle/Sensor/Value
                nao:image 1 1
                fsm:dot nao.cam image
                nao:status
                """);
        assertEquals(0, run.exit(), run.out() + run.err());
        assertFalse(run.err().contains("Registered provider"), "SPI Fly's INFO lines go to the OSGi log, not the console: " + run.err());
        assertTrue(run.out().contains("posture StandInit: attained true"), run.out());
        assertTrue(run.out().contains("inter: attained true"), run.out());
        assertTrue(run.out().matches("(?s).*body Device/SubDeviceList/HeadYaw/Position/Sensor/Value=0\\.(39|40|41).*"), run.out());
        assertTrue(run.out().contains("touch Device/SubDeviceList/Head/Touch/Middle/Sensor/Value=1.0"), run.out());
        assertTrue(run.out().contains("image: 320×240, bgr8, 230400 bytes"), run.out());
        assertTrue(run.out().contains("digraph"), "the running profile exports its FSMs as DOT: " + run.out());
        assertTrue(run.out().contains("core/a.body/ve      idle"), run.out());
    }

    @Test
    void theRappControlSubsystemSwappedInRunsTheStoresAppsAndTheConsoleComesBack() throws IOException, InterruptedException {
        Run run = launch("""
                agent:swap org.embodia.nao.shell org.embodia.nao.cs
                rapp:run walker
                rapp:run photographer
                rapp:status
                agent:swap org.embodia.nao.cs org.embodia.nao.shell
                nao:posture Crouch
                """);
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("walker ran and was destroyed"), run.out());
        assertTrue(run.out().contains("photographer ran and was destroyed"), run.out());
        assertTrue(run.out().contains("cs listen, app -, da_status -, activated 2, destroyed 2"), run.out());
        assertTrue(run.out().contains("posture Crouch: attained true"), "the console is core/a./cs again: " + run.out());
    }

    /**
     * A store that lists an app whose keyword is no word of the recognizer's dictionary: cs leaves the word out of its
     * dictionary at init, naming the app and the word, so in the silent room cs listens, never informing of a command
     * nobody gave, and the other apps run.
     */
    @Test
    void aKeywordTheRecognizerCannotSayKeepsNobodyFromBeingListenedTo() throws IOException, InterruptedException {
        Path store = Files.createDirectories(dir.resolve("store"));
        try (var shipped = Files.list(Path.of("..", "dynamic-agents", "store", "target", "store"))) {
            for (Path jar : shipped.filter(f -> f.toString().endsWith(".jar")).toList()) {
                Files.copy(jar, store.resolve(jar.getFileName()));
            }
        }
        app(store.resolve("quiet.jar"), "quiet", "rtquiet");
        Run run = launch("""
                agent:swap org.embodia.nao.shell org.embodia.nao.cs
                rapp:store %s
                rapp:run greeter
                rapp:status
                agent:switches core core/a./cs
                """.formatted(store.toAbsolutePath()));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().matches("(?s).*apps: [^\n]*quiet.*"), "the store lists the app: " + run.out());
        assertTrue((run.out() + run.err()).contains("init: app 'quiet': its keyword 'rtquiet' is left out of the dictionary"),
                "cs names the app and the word it cannot listen for: " + run.out() + run.err());
        assertTrue(run.out().contains("greeter ran and was destroyed"), run.out());
        assertTrue(run.out().contains("cs listen"), run.out());
        assertTrue(run.out().contains("listen -> "), "cs's switches are shown: " + run.out());
        assertFalse(run.out().contains("-> inform"), "cs never informed of a command in the silent room: " + run.out());
    }

    /**
     * Another synthesizer than the one the product was built with, as a new user would try (Debian's espeak-ng, its
     * default voice, which .ci/setup installs): its "hello", played into the microphones, starts the greeter; a garbled
     * long command (its "please take a photo of me" played backwards) is informed of, and starts no app.
     */
    @Test
    void anotherVoicesHelloStartsTheGreeterAndAGarbledCommandStartsNoApp() throws IOException, InterruptedException {
        Path hello = dir.resolve("hello.wav");
        Path sentence = dir.resolve("sentence.wav");
        Path garbled = dir.resolve("garbled.wav");
        tool("espeak-ng", "-w", hello.toString(), "hello");
        tool("espeak-ng", "-w", sentence.toString(), "please take a photo of me");
        tool("sox", sentence.toString(), garbled.toString(), "reverse");
        Run run = launch("""
                agent:swap org.embodia.nao.shell org.embodia.nao.cs
                rapp:hear %s
                rapp:destroy
                rapp:hear long
                rapp:hear %s
                rapp:status
                """.formatted(hello.toAbsolutePath(), garbled.toAbsolutePath()));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("cs started greeter: listen -> interpret_short -> load"), run.out());
        assertTrue(run.out().contains("cs records a long command: listen -> interpret_short -> record_cmd"), run.out());
        assertTrue(run.out().contains("cs informed and listens again: record_cmd -> interpret_long -> inform -> listen"),
                run.out());
        assertTrue(run.out().contains("activated 1, destroyed 1"), "the greeter alone was started: " + run.out());
    }

    private static void tool(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + " (.ci/setup installs it): " + output);
    }

    /** A RAPP app as the store lists it, with nothing but its manifest and one file. */
    private static void app(Path jar, String name, String keywords) throws IOException {
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(o, AppManifest.of("test." + name, name, keywords))) {
            out.putNextEntry(new JarEntry("content.txt"));
            out.write(name.getBytes(UTF_8));
            out.closeEntry();
        }
    }

    @Test
    void aRejectedCommandFailsTheScriptWithTheReasonAndLeavesIdle() throws IOException, InterruptedException {
        Run run = launch("""
                nao:posture Handstand
                nao:status
                """);
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("script: line 1: nao:posture Handstand: core/a.body/ve rejected the command: POSTURE rejected:"), run.err());
        assertFalse(run.out().contains("g! nao:status"), run.out());
    }
}
