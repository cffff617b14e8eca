package org.embodia.rapp.app.photographer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.app.testing.RecordingRapp;
import org.embodia.rapp.app.testing.RecordingRapp.Call;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;

class PhotographerTest {
    /** How long a test waits for the agent's thread: it ends on its interrupt, which a loaded machine may delay. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-02T03:04:05.678Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    private Photographer photographerIn(Path photos) {
        return new Photographer(() -> photos, CLOCK);
    }

    /** A kVGA test card: blue rises along x, green along y, red along both. */
    private static CapturedImage card(String encoding, int width, int height, int padding) {
        int step = 3 * width + padding;
        byte[] data = new byte[step * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int[] bgr = {x % 256, y % 256, (x + y) % 256};
                int at = y * step + 3 * x;
                boolean rgb = encoding.equals("rgb8");
                data[at] = (byte) (rgb ? bgr[2] : bgr[0]);
                data[at + 1] = (byte) bgr[1];
                data[at + 2] = (byte) (rgb ? bgr[0] : bgr[2]);
            }
        }
        return new CapturedImage(width, height, encoding, step, data);
    }

    private static void assertIsTheCard(Path png, int width, int height) throws IOException {
        BufferedImage read = ImageIO.read(png.toFile());
        assertNotNull(read, png + " is not an image ImageIO reads");
        assertEquals(width, read.getWidth());
        assertEquals(height, read.getHeight());
        for (int y = 0; y < height; y += 7) {
            for (int x = 0; x < width; x += 5) {
                int expected = ((x + y) % 256) << 16 | (y % 256) << 8 | x % 256;
                assertEquals(expected, read.getRGB(x, y) & 0xffffff, "pixel " + x + "," + y);
            }
        }
    }

    private List<Path> files(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted().toList();
        }
    }

    @Test
    void itTakesAVgaPhotoSavesItAsPngAndSaysSo() throws Exception {
        RecordingRapp rapp = new RecordingRapp().answer("captureImage", card("bgr8", 640, 480, 0));
        Path photos = temp.resolve("photos");
        photographerIn(photos).run(rapp);
        assertEquals(List.of(
                new Call("captureImage", 0, 2),
                new Call("textToSpeech", "Photo taken.", "English")), rapp.calls());
        assertEquals(List.of(photos.resolve("photo-20250102-030405-678.png")), files(photos));
        assertIsTheCard(photos.resolve("photo-20250102-030405-678.png"), 640, 480);
    }

    @Test
    void rgb8AndPaddedRowsAreSavedTheSame() throws Exception {
        Path saved = photographerIn(temp).save(card("rgb8", 640, 480, 4), temp);
        assertIsTheCard(saved, 640, 480);
    }

    @Test
    void aSecondPhotoInTheSameMillisecondKeepsTheFirst() throws Exception {
        Photographer photographer = photographerIn(temp);
        Path first = photographer.save(card("bgr8", 16, 8, 0), temp);
        Path second = photographer.save(card("bgr8", 32, 8, 0), temp);
        assertEquals(temp.resolve("photo-20250102-030405-678.png"), first);
        assertEquals(temp.resolve("photo-20250102-030405-678-1.png"), second);
        assertEquals(Set.of(first, second), Set.copyOf(files(temp)));
        assertIsTheCard(first, 16, 8);
        assertIsTheCard(second, 32, 8);
    }

    @Test
    void anImageItCannotSaveIsAnErrorThatSavesAndSaysNothing() throws Exception {
        Map<CapturedImage, String> bad = Map.of(
                new CapturedImage(640, 480, "yuv422", 1280, new byte[1280 * 480]),
                "captureImage answered encoding 'yuv422'; photographer saves bgr8 or rgb8",
                new CapturedImage(640, 480, "bgr8", 1920, new byte[1920 * 479]),
                "captureImage answered 919680 bytes; a 640×480 image with rows of 1920 bytes needs 921600",
                new CapturedImage(640, 480, "bgr8", 1000, new byte[1920 * 480]),
                "captureImage answered rows of 1000 bytes, fewer than the 1920 of 640 bgr8 pixels",
                new CapturedImage(0, 480, "bgr8", 0, new byte[0]),
                "captureImage answered a 0×480 image");
        for (Map.Entry<CapturedImage, String> image : bad.entrySet()) {
            RecordingRapp rapp = new RecordingRapp().answer("captureImage", image.getKey());
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> photographerIn(temp).run(rapp));
            assertEquals(image.getValue(), error.getMessage());
            assertEquals(List.of("captureImage"), rapp.functions());
        }
        assertEquals(List.of(), files(temp));
    }

    @Test
    void aDirectoryThatCannotBeMadeStopsItBeforeTheCamera() throws Exception {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");
        RecordingRapp rapp = new RecordingRapp();
        IOException error = assertThrows(IOException.class, () -> photographerIn(file.resolve("photos")).run(rapp));
        assertTrue(error.getMessage().startsWith("photographer cannot save photos in " + file.resolve("photos")),
                error.getMessage());
        assertEquals(List.of(), rapp.calls());
    }

    @Test
    void theFrameworkPropertyComesBeforeTheDataArea() {
        Path configured = temp.resolve("configured");
        File data = temp.resolve("data").toFile();
        assertEquals(configured, Photographer.directoryOf(context(" " + configured + " ", data)).get());
        assertEquals(data.toPath(), Photographer.directoryOf(context(null, data)).get());
        assertEquals(data.toPath(), Photographer.directoryOf(context("  ", data)).get());
    }

    @Test
    void noDataAreaAndNoPropertyIsAnErrorWhenItRuns() {
        Photographer photographer = new Photographer(context(null, null));
        RecordingRapp rapp = new RecordingRapp();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> photographer.run(rapp));
        assertEquals("the framework gives photographer no persistent data area and rapp.photographer.dir is not set:"
                + " nowhere to save photos", error.getMessage());
        assertEquals(List.of(), rapp.calls());
    }

    @Test
    void aRejectedCaptureEndsTheRunWithoutAFile() throws Exception {
        RappException rejected = new RappException("r_core,cam: camera busy");
        RecordingRapp rapp = new RecordingRapp().fail("captureImage", rejected);
        assertSame(rejected, assertThrows(RappException.class, () -> photographerIn(temp).run(rapp)));
        assertEquals(List.of("captureImage"), rapp.functions());
        assertEquals(List.of(), files(temp));
    }

    @Test
    void anInterruptDuringACompletedCaptureStopsBeforeSaving() throws Exception {
        RecordingRapp rapp = new RecordingRapp().answer("captureImage", card("bgr8", 640, 480, 0))
                .interruptDuring("captureImage");
        InterruptedException stopped = assertThrows(InterruptedException.class, () -> photographerIn(temp).run(rapp));
        assertEquals("photographer interrupted: the core agent destroyed it", stopped.getMessage());
        assertEquals(List.of("captureImage"), rapp.functions());
        assertEquals(List.of(), files(temp));
    }

    @Test
    void anInterruptWhileWaitingForTheCameraEndsTheRunPromptly() throws Exception {
        RecordingRapp rapp = new RecordingRapp().blockIn("captureImage");
        Photographer photographer = photographerIn(temp);
        CompletableFuture<Void> run = new CompletableFuture<>();
        Thread agent = new Thread(() -> {
            try {
                photographer.run(rapp);
                run.complete(null);
            } catch (Exception | Error e) {
                run.completeExceptionally(e);
            }
        }, "photographer-under-test");
        agent.start();
        assertTrue(rapp.awaitBlocked(PATIENCE.toSeconds(), TimeUnit.SECONDS), "photographer never reached captureImage");
        agent.interrupt();
        ExecutionException ended = assertTimeoutPreemptively(PATIENCE,
                () -> assertThrows(ExecutionException.class, run::get));
        assertTrue(ended.getCause() instanceof RappException, ended.getCause().toString());
        assertEquals(List.of("captureImage"), rapp.functions());
        agent.join(PATIENCE.toMillis());
        assertFalse(agent.isAlive());
        assertEquals(List.of(), files(temp));
    }

    /** A BundleContext answering only what the photographer asks of it. */
    private static BundleContext context(String directoryProperty, File dataArea) {
        return (BundleContext) Proxy.newProxyInstance(PhotographerTest.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getProperty" -> Photographer.DIRECTORY_PROPERTY.equals(args[0]) ? directoryProperty : null;
                    case "getDataFile" -> dataArea == null ? null : new File(dataArea, (String) args[0]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
