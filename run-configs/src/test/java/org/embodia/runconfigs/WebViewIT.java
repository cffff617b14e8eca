package org.embodia.runconfigs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web view in a real browser, Debian's Chromium driven through its ChromeDriver: the page of a running velma-sim
 * follows ve_body into safe and, after an exit-safe command sent from the page with the console's token, into transp;
 * a command without the token is refused; the 3-D view's joints follow a joint move; a NaN gets the shell's error. On
 * nao-sim the camera's image appears. Screenshots go to {@code target/web-view/}.
 */
class WebViewIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final long GENEROUS_SECONDS = 180;
    private static final Pattern ADDRESS = Pattern.compile("web view: (http://127\\.0\\.0\\.1:\\d+/)\\?token=([0-9a-f]+)");
    private static final Path SHOTS = Path.of("target", "web-view");

    private final List<WebDriver> browsers = new ArrayList<>();
    private Host robot;
    @TempDir
    Path profileDirs;

    @AfterEach
    void close() throws InterruptedException {
        browsers.forEach(WebDriver::quit);
        if (robot != null) {
            robot.kill();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The profile's jar as ./embodia runs it, its console kept, on a free port; the address it prints, with the token. */
    private Matcher start(String profile, String... jvm) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(List.of(jvm));
        command.add("-Dorg.osgi.service.http.port=" + freePort());
        command.addAll(List.of("-jar", ROOT.resolve("run-configs/target/" + profile + ".jar").toString()));
        robot = new Host(profile, command, ROOT, GENEROUS_SECONDS);
        return robot.await(ADDRESS, 0);
    }

    private WebDriver browser(String url) throws IOException {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/chromium")) && Files.isExecutable(Path.of("/usr/bin/chromedriver")),
                "Debian's chromium and chromium-driver are installed (.ci/setup)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        // Headless with software WebGL for the 3-D view; no background connections on a machine without a network.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1600,1200",
                "--user-data-dir=" + Files.createTempDirectory(profileDirs, "chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(Path.of("/usr/bin/chromedriver").toFile())
                .usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        browsers.add(driver);
        driver.get(url);
        until(driver, "the event stream is open", "return document.body.dataset.connected === 'true'");
        return driver;
    }

    private static Object js(WebDriver driver, String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private static void until(WebDriver driver, String what, String script, Object... args) {
        new WebDriverWait(driver, Duration.ofSeconds(GENEROUS_SECONDS)).withMessage(what)
                .until(d -> Boolean.TRUE.equals(js(d, script, args)));
    }

    /** The page's embodia.send(line): the server's reply. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> send(WebDriver driver, String line) {
        return (Map<String, Object>) ((JavascriptExecutor) driver).executeAsyncScript(
                "const done = arguments[arguments.length - 1]; window.embodia.send(arguments[0]).then(done, e => done({ok: false, error: String(e)}));",
                line);
    }

    private static void screenshot(WebDriver driver, String name) throws IOException {
        Files.createDirectories(SHOTS);
        Files.write(SHOTS.resolve(name), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }

    @SuppressWarnings("unchecked")
    private static List<Number> renderedJoints(WebDriver driver) {
        Object r = js(driver, "const r = window.embodia.velmaRendered(); return r && r.joints;");
        return r == null ? List.of() : (List<Number>) r;
    }

    @Test
    void velmaSimFromSafeToTranspByThePageAndTheBodyFollowsAJointMove() throws Exception {
        Matcher address = start("velma-sim");
        String base = address.group(1);
        WebDriver page = browser(base + "?token=" + address.group(2));
        until(page, "ve_body's FSM graph lights safe", "return window.embodia.fsmState('core/a.body/ve') === 'safe'");
        until(page, "the 3-D view rendered Velma's 17 joints", "const r = window.embodia.velmaRendered(); return !!r && r.joints.length === 17");
        screenshot(page, "velma-safe.png");

        WebDriver readOnly = browser(base);
        Map<String, Object> refused = send(readOnly, "velma:exitsafe");
        assertEquals(Boolean.FALSE, refused.get("ok"), refused.toString());
        assertTrue(String.valueOf(refused.get("error")).contains("no valid token"), refused.toString());
        assertEquals("safe", js(page, "return window.embodia.fsmState('core/a.body/ve')"), "a refused command changed nothing");

        Map<String, Object> exit = send(page, "velma:exitsafe");
        assertEquals(Boolean.TRUE, exit.get("ok"), exit.toString());
        until(page, "ve_body's FSM graph lights transp", "return window.embodia.fsmState('core/a.body/ve') === 'transp'");
        until(readOnly, "the read-only page follows too", "return window.embodia.fsmState('core/a.body/ve') === 'transp'");

        Map<String, Object> nan = send(page, "velma:jimp right NaN 1.3 -1.57 1.3 0 0 0 2");
        assertEquals(Boolean.FALSE, nan.get("ok"), nan.toString());
        assertTrue(String.valueOf(nan.get("error")).contains("NaN"), "the shell's error: " + nan);

        double[] target = {0.4, 1.0, -1.2, 1.1, 0.2, -0.3, 0.1};
        Map<String, Object> move = send(page, "velma:jimp right 0.4 1.0 -1.2 1.1 0.2 -0.3 0.1 2");
        assertEquals(Boolean.TRUE, move.get("ok"), move.toString());
        until(page, "the 3-D view's right arm reaches the target", """
                const r = window.embodia.velmaRendered(); const t = arguments[0];
                return !!r && t.every((q, i) => Math.abs(r.joints[1 + i] - q) < 0.05);""", toList(target));
        List<Number> joints = renderedJoints(page);
        for (int i = 0; i < target.length; i++) {
            assertEquals(target[i], joints.get(1 + i).doubleValue(), 0.05, "right arm joint " + i + " as the page drew it");
        }
        screenshot(page, "velma-moved.png");
        js(page, "document.getElementById('fsms').scrollIntoView()");
        screenshot(page, "velma-fsms.png");
        assertFalse(robot.since(0).stream().anyMatch(l -> l.contains("Exception")), String.join("\n", robot.since(0)));
    }

    @Test
    void naoSimShowsTheCameraImageAPageAskedFor() throws Exception {
        Matcher address = start("nao-sim", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED");
        WebDriver page = browser(address.group(1) + "?token=" + address.group(2));
        until(page, "the body's FSM graph lights idle", "return window.embodia.fsmState('core/a.body/ve') === 'idle'");
        Map<String, Object> image = send(page, "nao:image 0 2");
        assertEquals(Boolean.TRUE, image.get("ok"), image.toString());
        until(page, "the camera image appears", "const i = document.getElementById('camera'); return !!i && i.naturalWidth === 640");
        Map<String, Object> unknown = send(page, "nao:posture Dance");
        assertEquals(Boolean.FALSE, unknown.get("ok"), unknown.toString());
        screenshot(page, "nao.png");

        robot.send("agent:swap org.embodia.nao.shell org.embodia.nao.cs");
        until(page, "the store's apps appear", "const r = window.embodia.state.rapp; return !!r && r.apps.some(a => a.name === 'walker')");
        Map<String, Object> run = send(page, "rapp:run walker");
        assertEquals(Boolean.TRUE, run.get("ok"), run.toString());
        until(page, "the walker's RAPP calls appear, each ended ok",
                "const r = window.embodia.state.rapp; return !!r && r.calls.length > 0 && r.calls.every(c => c.app === 'walker' && c.outcome === 'ok')");
        js(page, "document.getElementById('rapp').scrollIntoView()");
        screenshot(page, "rapp.png");
    }

    private static List<Double> toList(double[] values) {
        List<Double> out = new ArrayList<>();
        for (double v : values) {
            out.add(v);
        }
        return out;
    }
}
