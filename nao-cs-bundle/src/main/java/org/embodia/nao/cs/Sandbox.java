package org.embodia.nao.cs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The command line of an app's process: its JVM, inside Debian's bubblewrap when sandboxed. The sandbox has a mount
 * namespace of its own in which the process sees the JDK, the system's libraries and the app host's jars, read-only,
 * its own directory and the transport's, writable, and nothing else (no /etc, no home, no other app's directory); an
 * unprivileged user; no network, no other process (in its own PID namespace, and the app host forbids starting any);
 * it dies with bubblewrap, which cs kills to end it.
 */
final class Sandbox {
    static final String BWRAP = "bwrap";

    private Sandbox() {
    }

    /** Where the program is, or null when this machine has none on its PATH. */
    private static Path onPath(String program) {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * {@code java}: the app host's JVM and its arguments; {@code writable}: the process's directory and the transport's.
     * Sandboxed or not, the process runs under SCHED_IDLE (util-linux's chrt): an app, however busy, takes only the CPU
     * time the robot's loop leaves.
     */
    static List<String> command(AppProcessSettings settings, List<String> java, Path processDir, Path transportDir) throws IOException {
        List<String> c = new ArrayList<>();
        Path chrt = onPath("chrt");
        if (chrt != null) {
            c.addAll(List.of(chrt.toString(), "--idle", "0"));
        }
        if (!settings.sandbox()) {
            c.addAll(java);
            return c;
        }
        Path bwrap = onPath(BWRAP);
        if (bwrap == null) {
            throw new IOException("app.sandbox is true and this machine has no bubblewrap (bwrap) on its PATH: install Debian's"
                    + " bubblewrap (./embodia does), or set app.sandbox to false to run apps unconfined");
        }
        c.addAll(List.of(bwrap.toString(), "--unshare-all", "--uid", "65534", "--gid", "65534",
                "--die-with-parent", "--new-session", "--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"));
        for (Path ro : readOnly(settings)) {
            c.addAll(List.of("--ro-bind", ro.toString(), ro.toString()));
        }
        for (String link : List.of("/lib", "/lib64", "/bin")) {
            Path p = Path.of(link);
            if (Files.isSymbolicLink(p)) {
                c.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), link));
            }
        }
        for (Path rw : List.of(processDir, transportDir)) {
            c.addAll(List.of("--bind", rw.toString(), rw.toString()));
        }
        c.addAll(List.of("--chdir", processDir.toString(), "--"));
        c.addAll(java);
        return c;
    }

    /**
     * The JDK (and the files its configuration links to, which Debian keeps under /etc), the system's libraries, the
     * app host's class path.
     */
    private static Set<Path> readOnly(AppProcessSettings settings) throws IOException {
        Set<Path> paths = new LinkedHashSet<>();
        Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
        paths.add(javaHome);
        Path conf = javaHome.resolve("conf");
        if (Files.isDirectory(conf)) {
            try (Stream<Path> files = Files.walk(conf)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    if (Files.isSymbolicLink(f) && Files.exists(f)) {
                        paths.add(f.toRealPath().getParent());
                    }
                }
            }
        }
        for (String lib : List.of("/usr/lib", "/usr/lib64", "/lib", "/lib64")) {
            Path p = Path.of(lib);
            if (Files.isDirectory(p) && !Files.isSymbolicLink(p)) {
                paths.add(p);
            }
        }
        paths.add(settings.hostPath().toRealPath());
        return paths;
    }
}
