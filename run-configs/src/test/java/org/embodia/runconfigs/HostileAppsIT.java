package org.embodia.runconfigs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.embodia.runconfigs.hostile.Exit;
import org.embodia.runconfigs.hostile.Hog;
import org.embodia.runconfigs.hostile.HostileApp;
import org.embodia.runconfigs.hostile.Probe;
import org.embodia.runconfigs.hostile.Spin;
import org.embodia.runconfigs.hostile.Stuck;
import org.embodia.runconfigs.hostile.Threads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile apps on the running nao-sim profile, as {@code ./embodia run nao-sim} starts it, with the RAPP cs swapped in
 * and pointed at a store of them ({@code rapp:store}): each runs in a process of its own, and whatever it does the
 * core keeps its loop's period, cs destroys it and listens again, no process of it stays, and it reaches
 * nothing but the RAPP API. The console is driven through its standard input.
 */
class HostileAppsIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final long GENEROUS_SECONDS = 240;
    private static final Pattern OVERRUNS = Pattern.compile("activity rt \\(clock=nao\\.sim\\): (\\d+) cycles, (\\d+) overruns(.*)");
    /**
     * An app that took the loop's CPU would make it overrun cycle after cycle; on a shared 2-core VM a cycle in a
     * thousand may overrun for the machine's own reasons (one in 2,600 was seen), which says nothing of the apps.
     */
    private static final long CYCLES_PER_OVERRUN = 1000;
    private static final Pattern STATUS = Pattern.compile("(?:^|g! )cs (\\S+), app (\\S+), da_status (\\S+), activated (\\d+), destroyed (\\d+)(.*)");

    @TempDir
    Path dir;
    private Host nao;

    @AfterEach
    void stop() throws InterruptedException {
        if (nao != null) {
            nao.kill();
        }
    }

    /** A jar the store takes as app {@code name}: the hostile class and its base, with their manifest. */
    private static void appJar(Path store, String name, Class<? extends HostileApp> app) throws IOException {
        Manifest m = AppManifest.of("hostile." + name, name, name);
        Attributes a = m.getMainAttributes();
        a.putValue("Bundle-Activator", app.getName());
        a.putValue("Import-Package", "org.embodia.rapp.api;version=\"[2.0,3)\",org.osgi.framework;version=\"[1.8,2)\"");
        Path classes = Path.of(HostileApp.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path pkg = classes.resolve(HostileApp.class.getPackageName().replace('.', '/'));
        try (OutputStream out = Files.newOutputStream(store.resolve(name + ".jar")); JarOutputStream jar = new JarOutputStream(out, m)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(pkg)) {
                for (Path f : files) {
                    String file = f.getFileName().toString();
                    if (file.equals("HostileApp.class") || file.equals(app.getSimpleName() + ".class")
                            || file.startsWith(app.getSimpleName() + "$")) {
                        jar.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                        jar.write(Files.readAllBytes(f));
                        jar.closeEntry();
                    }
                }
            }
        }
    }

    /** The loop's cycles and overruns so far; it is not in FAULT (overruns in a row). */
    private long[] loop() throws IOException, InterruptedException {
        Matcher m = nao.ask("agent:diag core", OVERRUNS);
        assertFalse(m.group(3).contains("FAULT"), m.group());
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    /** cs's status once it listens again after the app's destroy. */
    private Matcher listening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + GENEROUS_SECONDS * 1_000_000_000L;
        while (true) {
            Matcher s = nao.ask("rapp:status", STATUS);
            if (s.group(1).equals("listen") && s.group(2).equals("-")) {
                return s;
            }
            assertTrue(System.nanoTime() < deadline, "cs listens again: " + s.group());
            Thread.sleep(500);
        }
    }

    /**
     * The app processes the robot's JVM started, once there are {@code count}: the spare, and an app's while it runs.
     * Each is counted once, as cs launched it (chrt, then bubblewrap, whose child is the app host's JVM), because a
     * process under SCHED_IDLE may take minutes to exec its JVM while an app spins beside it on a busy machine.
     */
    private Set<Long> appProcesses(int count, String what) throws InterruptedException {
        long deadline = System.nanoTime() + GENEROUS_SECONDS * 1_000_000_000L;
        while (true) {
            Set<Long> pids = nao.process.children()
                    .filter(p -> p.info().arguments().map(List::of).orElse(List.of()).contains("org.embodia.rapp.host.AppHost"))
                    .map(ProcessHandle::pid).collect(Collectors.toSet());
            if (pids.size() == count) {
                return pids;
            }
            if (System.nanoTime() >= deadline) {
                List<String> tree = nao.process.descendants().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
                List<String> out = nao.since(Math.max(0, nao.mark() - 30));
                fail(what + ": " + pids + "; the robot's processes:\n" + String.join("\n", tree) + "\nit printed:\n" + String.join("\n", out));
            }
            Thread.sleep(200);
        }
    }

    /** Waits until cs has activated {@code app}, its {@code count}th, which then runs (its process may start slowly). */
    private void running(String app, int count) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + GENEROUS_SECONDS * 1_000_000_000L;
        while (true) {
            Matcher s = nao.ask("rapp:status", STATUS);
            if (s.group(2).equals(app) && Integer.parseInt(s.group(4)) == count) {
                return;
            }
            assertTrue(s.group(2).equals(app) && System.nanoTime() < deadline, app + " runs: " + s.group());
            Thread.sleep(500);
        }
    }

    /** Runs the app with rapp:run and returns the line that says how it ended. */
    private String run(String app, int seconds) throws IOException, InterruptedException {
        int from = nao.mark();
        nao.send("rapp:run " + app + " " + seconds);
        return nao.line(nao.awaitIndex(Pattern.compile(Pattern.quote(app) + "( ran and was destroyed|: | did not end within)"), from));
    }

    @Test
    void noAppTakesTheRobotDownOrReachesMoreThanTheRappApi() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store"));
        appJar(store, "exit", Exit.class);
        appJar(store, "spin", Spin.class);
        appJar(store, "hog", Hog.class);
        appJar(store, "threads", Threads.class);
        appJar(store, "stuck", Stuck.class);
        appJar(store, "probe", Probe.class);
        try (DirectoryStream<Path> examples = Files.newDirectoryStream(ROOT.resolve("dynamic-agents/store/target/store"), "*walker*.jar")) {
            for (Path walker : examples) {
                Files.copy(walker, store.resolve(walker.getFileName()));
            }
        }

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-jar", ROOT.resolve("run-configs/target/nao-sim.jar").toString()));
        nao = new Host("nao-sim", command, ROOT, GENEROUS_SECONDS);
        nao.ask("agent:swap org.embodia.nao.shell org.embodia.nao.cs", Pattern.compile("org\\.embodia\\.nao\\.cs"));
        String apps = nao.ask("rapp:store " + store, Pattern.compile("cs uses RAPP Store at .*; apps: (.*)")).group(1);
        assertEquals(List.of("exit", "hog", "probe", "spin", "stuck", "threads", "walker"),
                List.of(apps.split(", ")).stream().sorted().toList());
        long[] before = loop();

        // System.exit in run: its JVM ends, not the robot's.
        String exit = run("exit", 120);
        assertTrue(exit.contains("process ended with exit code 0 while the agent ran"), exit);
        listening();

        // An OutOfMemoryError's worth of memory: the app's JVM ends at its own heap limit.
        String hog = run("hog", 120);
        assertTrue(hog.contains("process ended with exit code"), hog);
        listening();

        // A BundleActivator.start that never returns: activate's time-out, then the process is killed.
        String stuck = run("stuck", 120);
        assertTrue(stuck.contains("did not start its agent in time"), stuck);
        listening();

        // Nine threads spinning through interrupts, then a thousand held threads: destroy ends the process.
        int activated = 2;
        for (String app : List.of("spin", "threads")) {
            String never = run(app, 10);
            assertTrue(never.contains("did not end within 10"), never);
            running(app, ++activated);
            Set<Long> both = appProcesses(2, app + "'s process runs beside the spare");
            nao.ask("rapp:destroy", Pattern.compile("destroying the running app"));
            listening();
            Set<Long> left = appProcesses(1, app + "'s process ends");
            assertTrue(both.containsAll(left), "the spare stays: " + left + " of " + both);
        }

        // What it must not reach: the robot's services and bundles, files outside its directory, new processes.
        String probe = run("probe", 120);
        for (String denied : List.of("subsystems=0", "passwd=denied", "above=1 ", "exec=denied", "jvm=denied")) {
            assertTrue(probe.contains(denied), denied + " in: " + probe);
        }
        Matcher services = Pattern.compile("services=(\\d+)").matcher(probe);
        assertTrue(services.find(), probe);
        assertTrue(Integer.parseInt(services.group(1)) < 20,
                "the app's framework holds the framework's, SCR's and its own services; the robot's holds over a hundred: " + probe);
        listening();

        // cs goes on: an app that behaves runs and ends as it should, and the loop never overran.
        String walker = run("walker", 120);
        assertTrue(walker.contains("walker ran and was destroyed"), walker);
        Matcher last = listening();
        assertEquals(6, Integer.parseInt(last.group(4)), "every app but stuck, whose start never returned, was activated: " + last.group());
        long[] after = loop();
        long cycles = after[0] - before[0];
        long overran = after[1] - before[1];
        System.out.println("HostileAppsIT: " + before[1] + " overruns in " + before[0] + " cycles before the apps, " + overran + " in the "
                + cycles + " cycles while they ran");
        assertTrue(cycles > 0 && overran * CYCLES_PER_OVERRUN <= cycles, "the loop kept its period while the apps ran: " + overran
                + " overruns in " + cycles + " cycles");
        appProcesses(1, "only the spare app process is left");
    }
}
