package org.embodia.bench.web;

import static org.embodia.bench.console.ProfileConsole.ending;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.embodia.bench.console.ProfileConsole;
import org.embodia.bench.console.RtTiming;
import org.embodia.bench.console.Scratch;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code ./embodia bench web [--rounds 3] [--seconds 20] [--clients 10]}: whether the web view touches velma-sim's
 * real-time loop. velma-sim runs with its web view on a free port, its Gogo console on this JVM's pipe. After
 * {@code agent:steady core 5 180}, each round runs three phases in the same order, so that the machine's drift falls
 * on each alike:
 * <ul>
 * <li>none: nobody connected;</li>
 * <li>streams: {@code --clients} of Java's HttpClient reading {@code /api/events} and throwing it away, the server's
 * cost alone;</li>
 * <li>chromium: as many Chromium pages showing the view with the console's token (ChromeDriver, headless, WebGL in
 * software), each connected before the phase is timed.</li>
 * </ul>
 * A phase is timed after a settling pause: {@code agent:reset core}, {@code --seconds}, {@code agent:diag core}; from
 * it the activity rt's compute p50 and p99, its period p99 and overruns, and beside them the CPU each process took in
 * the window. Prints a row per round and phase, the medians over rounds with their ratios to none, then one JSON line.
 * A benchmark: nothing is asserted.
 */
public final class WebOverheadBench {
    private static final Pattern ADDRESS = Pattern.compile("web view: (http://127\\.0\\.0\\.1:\\d+/)\\?token=([0-9a-f]+)");
    private static final long GENEROUS_SECONDS = 180;
    /** Between a phase's clients connecting and its window: their start-up (page load, first frames) is not the view's pace. */
    private static final long SETTLE_SECONDS = 5;
    private static final Path LOG_DIR = Path.of("target", "bench-web");
    /** Selenium warns that it has no DevTools support for this Chromium's version: the bench uses none. Held, as JUL keeps loggers weakly. */
    private static final Logger DEVTOOLS = Logger.getLogger("org.openqa.selenium.devtools");

    private WebOverheadBench() {
    }

    enum Phase {
        NONE("none"), STREAMS("event streams"), CHROMIUM("Chromium pages");

        final String label;

        Phase(String label) {
            this.label = label;
        }
    }

    /**
     * CPU over a window, % of one CPU (the machine has {@link Runtime#availableProcessors()} × 100): velma-sim's JVM,
     * this one (the stream clients), the browsers (Chromium's and ChromeDriver's processes), and every other process.
     */
    record Cpu(double velmaSim, double clients, double browsers, double others) {
    }

    /** One timed phase (or the medians over rounds, with their overruns summed): activity rt's figures (µs) and the CPU taken meanwhile. */
    record Sample(int round, Phase phase, double p50, double p99, double periodP99, long overruns, Cpu cpu, String note) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 3;
        int seconds = 20;
        int clients = 10;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: bench web [--rounds <n>] [--seconds <s>] [--clients <n>]");
            }
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("usage: bench web [--rounds <n>] [--seconds <s>] [--clients <n>]");
            }
        }
        DEVTOOLS.setLevel(Level.SEVERE);
        Path scratch = Files.createTempDirectory("embodia-bench-web");
        // Ctrl-C skips main's finally: what this JVM started goes with it all the same.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            Scratch.deleteTree(scratch, "web bench");
        }));
        Files.createDirectories(LOG_DIR);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Sample> samples = new ArrayList<>();
        try (ProfileConsole velma = new ProfileConsole("velma-sim",
                List.of(java, "-Dorg.osgi.service.http.port=" + Scratch.freePort(), "-jar", "run-configs/target/velma-sim.jar"), LOG_DIR.resolve("velma-sim.log"))) {
            Matcher address = velma.await(ADDRESS, GENEROUS_SECONDS);
            String base = address.group(1);
            String page = base + "?token=" + address.group(2);
            System.err.printf(Locale.ROOT, "web bench: velma-sim at %s (log: %s); waiting for 5 s without an overrun...%n", base,
                    LOG_DIR.resolve("velma-sim.log"));
            velma.ask("agent:steady core 5 " + GENEROUS_SECONDS, ending("without an overrun"), GENEROUS_SECONDS + 20);
            System.out.printf(Locale.ROOT, "%d rounds of %d s per phase, %d clients, %d CPUs; CPU in %% of one CPU%n", rounds, seconds, clients,
                    Runtime.getRuntime().availableProcessors());
            System.out.printf(Locale.ROOT, "%-5s %-15s %9s %9s %11s %8s | %9s %8s %8s %8s  %s%n", "round", "phase", "p50 µs", "p99 µs",
                    "period p99", "overruns", "velma-sim", "clients", "browsers", "others", "");
            for (int r = 1; r <= rounds; r++) {
                for (Phase phase : Phase.values()) {
                    Sample s = switch (phase) {
                        case NONE -> timed(velma, r, phase, seconds, () -> "");
                        case STREAMS -> {
                            try (Streams streams = new Streams(URI.create(base + "api/events"), clients)) {
                                yield timed(velma, r, phase, seconds, streams::note);
                            }
                        }
                        case CHROMIUM -> {
                            try (Browsers browsers = new Browsers(scratch)) {
                                browsers.open(page, clients);
                                yield timed(velma, r, phase, seconds, browsers::note);
                            }
                        }
                    };
                    samples.add(s);
                    System.out.printf(Locale.ROOT, "%-5d %-15s %9.1f %9.1f %11.1f %8d | %9.0f %8.0f %8.0f %8.0f  %s%n", s.round(),
                            s.phase().label, s.p50(), s.p99(), s.periodP99(), s.overruns(), s.cpu().velmaSim(), s.cpu().clients(),
                            s.cpu().browsers(), s.cpu().others(), s.note());
                }
            }
        } finally {
            Scratch.deleteTree(scratch, "web bench");
        }
        report(samples, rounds, seconds, clients);
    }

    /**
     * The phase's window, its clients already connected: settle, reset, wait, diag; the CPU each process took in it, and
     * the note on the clients at its end.
     */
    private static Sample timed(ProfileConsole velma, int round, Phase phase, int seconds, Supplier<String> note) throws Exception {
        Thread.sleep(SETTLE_SECONDS * 1000);
        velma.ask("agent:reset core", ending("diagnostics reset"), 30);
        CpuClock start = CpuClock.now(velma.process());
        Thread.sleep(seconds * 1000L);
        List<String> diag = velma.ask("agent:diag core", RtTiming::complete, 30);
        CpuClock end = CpuClock.now(velma.process());
        RtTiming rt = RtTiming.parse(diag);
        return new Sample(round, phase, rt.p50(), rt.p99(), rt.periodP99(), rt.overruns(), start.to(end), note.get());
    }

    private static void report(List<Sample> samples, int rounds, int seconds, int clients) {
        Map<Phase, Sample> medians = new EnumMap<>(Phase.class);
        for (Phase phase : Phase.values()) {
            List<Sample> of = samples.stream().filter(s -> s.phase() == phase).toList();
            medians.put(phase, new Sample(0, phase, median(of, Sample::p50), median(of, Sample::p99), median(of, Sample::periodP99),
                    of.stream().mapToLong(Sample::overruns).sum(), new Cpu(median(of, s -> s.cpu().velmaSim()),
                            median(of, s -> s.cpu().clients()), median(of, s -> s.cpu().browsers()), median(of, s -> s.cpu().others())), ""));
        }
        Sample none = medians.get(Phase.NONE);
        System.out.printf(Locale.ROOT, "%nmedians over %d rounds (overruns: all rounds')%n%-15s %9s %9s %9s %9s %11s %8s | %9s %8s %8s %8s%n", rounds,
                "phase", "p50 µs", "p99 µs", "p50/none", "p99/none", "period p99", "overruns", "velma-sim", "clients", "browsers", "others");
        StringBuilder json = new StringBuilder(String.format(Locale.ROOT, "{\"bench\":\"web\",\"rounds\":%d,\"seconds\":%d,\"clients\":%d", rounds,
                seconds, clients));
        for (Sample m : medians.values()) {
            double r50 = m.p50() / none.p50();
            double r99 = m.p99() / none.p99();
            System.out.printf(Locale.ROOT, "%-15s %9.1f %9.1f %9.2f %9.2f %11.1f %8d | %9.0f %8.0f %8.0f %8.0f%n", m.phase().label, m.p50(), m.p99(),
                    r50, r99, m.periodP99(), m.overruns(), m.cpu().velmaSim(), m.cpu().clients(), m.cpu().browsers(), m.cpu().others());
            json.append(String.format(Locale.ROOT, ",\"%s\":{\"p50_us\":%.1f,\"p99_us\":%.1f,\"ratio_p50\":%.2f,\"ratio_p99\":%.2f,\"period_p99_us\":%.1f,"
                    + "\"overruns\":%d,\"cpu_pct\":{\"velma_sim\":%.0f,\"clients\":%.0f,\"browsers\":%.0f,\"others\":%.0f}}",
                    m.phase().name().toLowerCase(Locale.ROOT), m.p50(), m.p99(), r50, r99, m.periodP99(), m.overruns(), m.cpu().velmaSim(), m.cpu().clients(),
                    m.cpu().browsers(), m.cpu().others()));
        }
        System.out.println(json.append('}'));
    }

    private static double median(List<Sample> samples, ToDoubleFunction<Sample> figure) {
        double[] v = samples.stream().mapToDouble(figure).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * CPU time so far (ns) of every process, by pid, and which are velma-sim and the browsers. Per process rather than
     * /proc/stat's sampled ticks, which miss most of a loop that wakes every 2 ms for microseconds. A process begun in
     * the window counts from its start; one ended in it is not counted.
     */
    record CpuClock(long nanos, long velmaSim, Map<Long, Long> cpu, Set<Long> browsers) {
        static CpuClock now(Process velmaSim) {
            Map<Long, Long> cpu = new HashMap<>();
            ProcessHandle.allProcesses().forEach(h -> h.info().totalCpuDuration().ifPresent(d -> cpu.put(h.pid(), d.toNanos())));
            Set<Long> browsers = ProcessHandle.current().descendants().filter(h -> h.info().command().map(c -> c.contains("chrom")).orElse(false))
                    .map(ProcessHandle::pid).collect(Collectors.toSet());
            return new CpuClock(System.nanoTime(), velmaSim.pid(), cpu, browsers);
        }

        Cpu to(CpuClock end) {
            long self = ProcessHandle.current().pid();
            double[] spent = new double[4];
            for (Map.Entry<Long, Long> e : end.cpu.entrySet()) {
                long pid = e.getKey();
                int k = pid == velmaSim ? 0 : pid == self ? 1 : end.browsers.contains(pid) ? 2 : 3;
                spent[k] += e.getValue() - cpu.getOrDefault(pid, 0L);
            }
            double wall = end.nanos - nanos;
            return new Cpu(100 * spent[0] / wall, 100 * spent[1] / wall, 100 * spent[2] / wall, 100 * spent[3] / wall);
        }
    }

    /** Event-stream clients reading /api/events and throwing it away, each on a thread of its own. */
    static final class Streams implements AutoCloseable {
        private final List<InputStream> bodies = new ArrayList<>();
        private final List<Thread> readers = new ArrayList<>();
        private final AtomicLongArray events;
        private final AtomicLongArray bytes;
        private final long start = System.nanoTime();

        Streams(URI uri, int n) throws Exception {
            events = new AtomicLongArray(n);
            bytes = new AtomicLongArray(n);
            // HTTP/1.1 as EventSource asks, each stream on a connection of its own.
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            try {
                for (int i = 0; i < n; i++) {
                    HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").build(),
                            HttpResponse.BodyHandlers.ofInputStream());
                    bodies.add(r.body());
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException(uri + " answered " + r.statusCode());
                    }
                    int k = i;
                    Thread t = new Thread(() -> read(k, r.body()), "event stream " + i);
                    t.setDaemon(true);
                    t.start();
                    readers.add(t);
                }
                long deadline = System.nanoTime() + GENEROUS_SECONDS * 1_000_000_000L;
                for (int i = 0; i < n; i++) {
                    while (events.get(i) == 0) {
                        if (System.nanoTime() - deadline > 0) {
                            throw new IllegalStateException("event stream " + i + " had no event in " + GENEROUS_SECONDS + " s");
                        }
                        Thread.sleep(50);
                    }
                }
            } catch (Exception e) {
                close();
                throw e;
            }
        }

        /** Counts the stream's bytes and its events (its lines beginning "data:", one a snapshot). */
        private void read(int i, InputStream body) {
            byte[] buffer = new byte[1 << 16];
            boolean lineStart = true;
            boolean data = false;
            try {
                for (int n; (n = body.read(buffer)) > 0;) {
                    bytes.addAndGet(i, n);
                    for (int k = 0; k < n; k++) {
                        if (buffer[k] == '\n') {
                            if (data) {
                                events.incrementAndGet(i);
                            }
                            lineStart = true;
                            data = false;
                        } else {
                            data |= lineStart && buffer[k] == 'd';
                            lineStart = false;
                        }
                    }
                }
            } catch (IOException e) {
                // Closed by close().
            }
        }

        /** Since the streams opened: the least and the most events per second of a stream, and the bytes of an event. */
        String note() {
            double seconds = (System.nanoTime() - start) / 1e9;
            long[] e = new long[events.length()];
            long allBytes = 0;
            for (int i = 0; i < e.length; i++) {
                e[i] = events.get(i);
                allBytes += bytes.get(i);
            }
            Arrays.sort(e);
            return String.format(Locale.ROOT, "%d streams, %.1f-%.1f events/s each, %.0f KB an event", e.length, e[0] / seconds,
                    e[e.length - 1] / seconds, allBytes / 1000.0 / Math.max(1, Arrays.stream(e).sum()));
        }

        @Override
        public void close() throws InterruptedException {
            for (InputStream b : bodies) {
                try {
                    b.close();
                } catch (IOException e) {
                    // Closing is all we ask of it.
                }
            }
            for (Thread t : readers) {
                t.join(5000);
            }
        }
    }

    /** Chromium pages showing the view, through Debian's ChromeDriver, each with a profile of its own. */
    static final class Browsers implements AutoCloseable {
        private final Path scratch;
        private final List<WebDriver> drivers = new ArrayList<>();

        Browsers(Path scratch) {
            this.scratch = scratch;
        }

        /** Opens n pages at the url, then waits until each says its event stream is open. */
        void open(String url, int n) throws IOException {
            for (int i = 0; i < n; i++) {
                ChromeOptions options = new ChromeOptions();
                options.setBinary("/usr/bin/chromium");
                // Headless with software WebGL for the 3-D view; no background connections on a machine without a network.
                options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--window-size=1280,900", "--user-data-dir=" + Files.createTempDirectory(scratch, "chromium"));
                ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(Path.of("/usr/bin/chromedriver").toFile())
                        .usingAnyFreePort().build();
                WebDriver driver = new ChromeDriver(service, options);
                drivers.add(driver);
                driver.get(url);
            }
            for (WebDriver d : drivers) {
                new WebDriverWait(d, Duration.ofSeconds(GENEROUS_SECONDS)).withMessage("the page's event stream is open").until(Browsers::connected);
            }
        }

        private static boolean connected(WebDriver d) {
            return Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript("return document.body.dataset.connected === 'true'"));
        }

        String note() {
            return String.format(Locale.ROOT, "%d of %d pages connected at the end", drivers.stream().filter(Browsers::connected).count(), drivers.size());
        }

        @Override
        public void close() {
            for (WebDriver d : drivers) {
                try {
                    d.quit();
                } catch (RuntimeException e) {
                    System.err.println("web bench: a browser did not quit: " + e);
                }
            }
        }
    }
}
