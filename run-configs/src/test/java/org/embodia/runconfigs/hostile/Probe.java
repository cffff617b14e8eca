package org.embodia.runconfigs.hostile;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.embodia.rapp.api.Rapp;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;

/**
 * Tries what an app must not do, and reports each outcome in the error it ends with (which cs logs and rapp:status
 * shows): look up the robot's subsystems and every service, stop every other bundle, read /etc/passwd, list the
 * directory above its own, start a process (a command and a JVM). Before that, a RAPP call, to show the API works.
 */
public final class Probe extends HostileApp {
    @Override
    public void run(Rapp rapp) throws Exception {
        rapp.textToSpeech("Probing", "English");
        List<String> report = new ArrayList<>();
        ServiceReference<?>[] subsystems = context.getAllServiceReferences("org.embodia.api.agent.Subsystem", null);
        report.add("subsystems=" + (subsystems == null ? 0 : subsystems.length));
        ServiceReference<?>[] all = context.getAllServiceReferences(null, null);
        report.add("services=" + (all == null ? 0 : all.length));
        int stopped = 0;
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() != 0 && b != context.getBundle()) {
                b.stop();
                stopped++;
            }
        }
        report.add("stopped=" + stopped);
        report.add("passwd=" + attempt(() -> Files.readAllLines(Path.of("/etc/passwd")).size() + " lines"));
        Path here = Path.of("").toAbsolutePath();
        report.add("above=" + attempt(() -> String.valueOf(Files.list(here.getParent()).count())));
        report.add("exec=" + attempt(() -> "started " + new ProcessBuilder("id").start().pid()));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        report.add("jvm=" + attempt(() -> "started " + new ProcessBuilder(java, "-version").start().pid()));
        throw new IllegalStateException("probe: " + String.join(" ", report));
    }

    @FunctionalInterface
    private interface Attempt {
        String get() throws Exception;
    }

    private static String attempt(Attempt a) {
        try {
            return a.get();
        } catch (Exception e) {
            return "denied(" + e.getClass().getSimpleName() + ")";
        }
    }
}
