package org.embodia.rapp.app.photographer;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * The photographer app: takes a photo with the top camera at VGA, saves it as a PNG file named after the time it was
 * saved, says "Photo taken." and returns. The photos go to the directory of the framework property
 * {@value #DIRECTORY_PROPERTY} when it is set, otherwise to the bundle's persistent data area.
 */
@Component(service = DynamicAgent.class, property = DynamicAgent.APP_PROPERTY + "=" + Photographer.APP_NAME)
public final class Photographer implements DynamicAgent {
    static final String APP_NAME = "photographer";
    static final String DIRECTORY_PROPERTY = "rapp.photographer.dir";
    static final String LANGUAGE = "English";
    static final String TAKEN = "Photo taken.";
    /** NAOqi ALVideoDevice camera indices: 0 top (forehead), 1 bottom (mouth). */
    static final int TOP_CAMERA = 0;
    /** NAOqi ALVideoDevice resolution kVGA = 2: 640×480. */
    static final int K_VGA = 2;
    /** UTC, so that names sort in the order the photos were taken whatever the robot's time zone. */
    private static final DateTimeFormatter NAMES =
            DateTimeFormatter.ofPattern("'photo-'uuuuMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);

    private final Supplier<Path> directory;
    private final Clock clock;

    @Activate
    public Photographer(BundleContext context) {
        this(directoryOf(context), Clock.systemUTC());
    }

    /** @param directory the photos' directory, or an {@link IllegalStateException} saying why there is none */
    Photographer(Supplier<Path> directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /**
     * The directory of {@value #DIRECTORY_PROPERTY} (relative paths from the framework's working directory), else the
     * bundle's data area. A missing one is reported when the app runs, so that cs sees it as the app's Error rather
     * than as an app that never registers.
     */
    static Supplier<Path> directoryOf(BundleContext context) {
        String configured = context.getProperty(DIRECTORY_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return () -> {
                try {
                    return Path.of(configured.strip());
                } catch (InvalidPathException e) {
                    throw new IllegalStateException(DIRECTORY_PROPERTY + " '" + configured + "' is not a path: "
                            + e.getMessage(), e);
                }
            };
        }
        File data = context.getDataFile("");
        return () -> {
            if (data == null) {
                throw new IllegalStateException("the framework gives " + APP_NAME + " no persistent data area and "
                        + DIRECTORY_PROPERTY + " is not set: nowhere to save photos");
            }
            return data.toPath();
        };
    }

    @Override
    public void run(Rapp rapp) throws IOException, InterruptedException {
        // The directory first: if photos cannot be saved the robot is not asked for one.
        Path photos = directory.get();
        try {
            Files.createDirectories(photos);
        } catch (IOException e) {
            throw new IOException(APP_NAME + " cannot save photos in " + photos + ": " + e, e);
        }
        stopIfInterrupted();
        CapturedImage image = rapp.captureImage(TOP_CAMERA, K_VGA);
        stopIfInterrupted();
        save(image, photos);
        stopIfInterrupted();
        rapp.textToSpeech(TAKEN, LANGUAGE);
    }

    /**
     * Saves the image as {@code photo-<UTC time>.png} in {@code photos} ({@code -1}, {@code -2} ... appended if the
     * name is taken). The file appears whole or not at all: it is written under a hidden name and then renamed.
     *
     * @return the file
     * @throws IllegalArgumentException naming what is wrong if the image is not a whole bgr8 or rgb8 image
     */
    Path save(CapturedImage image, Path photos) throws IOException {
        BufferedImage picture = toBufferedImage(image);
        String name = NAMES.format(clock.instant());
        Path part = Files.createTempFile(photos, "." + name, ".png.part");
        try {
            if (!ImageIO.write(picture, "png", part.toFile())) {
                throw new IOException("this Java platform has no PNG writer");
            }
            for (int n = 0;; n++) {
                Path target = photos.resolve(n == 0 ? name + ".png" : name + "-" + n + ".png");
                try {
                    // Not ATOMIC_MOVE: on POSIX that replaces an existing photo silently.
                    return Files.move(part, target);
                } catch (FileAlreadyExistsException e) {
                    // Two photos in one millisecond: try the next suffix.
                }
            }
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /** A ROS sensor_msgs/Image of encoding bgr8 or rgb8 as an image with one byte each of blue, green and red. */
    static BufferedImage toBufferedImage(CapturedImage image) {
        if (image == null) {
            throw new IllegalArgumentException("captureImage answered no image");
        }
        int width = image.width();
        int height = image.height();
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("captureImage answered a " + width + "×" + height + " image");
        }
        boolean rgb = "rgb8".equals(image.encoding());
        if (!rgb && !"bgr8".equals(image.encoding())) {
            throw new IllegalArgumentException("captureImage answered encoding '" + image.encoding() + "'; "
                    + APP_NAME + " saves bgr8 or rgb8");
        }
        long row = 3L * width;
        if (image.step() < row) {
            throw new IllegalArgumentException("captureImage answered rows of " + image.step() + " bytes, fewer than the "
                    + row + " of " + width + " " + image.encoding() + " pixels");
        }
        long needed = (long) image.step() * (height - 1) + row;
        if (image.data() == null || image.data().length < needed) {
            throw new IllegalArgumentException("captureImage answered " + (image.data() == null ? 0 : image.data().length)
                    + " bytes; a " + width + "×" + height + " image with rows of " + image.step() + " bytes needs "
                    + needed);
        }
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        // TYPE_3BYTE_BGR keeps its pixels as bytes blue, green, red: bgr8 rows copy as they are.
        byte[] pixels = ((DataBufferByte) picture.getRaster().getDataBuffer()).getData();
        byte[] data = image.data();
        for (int y = 0; y < height; y++) {
            int from = y * image.step();
            int to = (int) (y * row);
            if (rgb) {
                for (int x = 0; x < row; x += 3) {
                    pixels[to + x] = data[from + x + 2];
                    pixels[to + x + 1] = data[from + x + 1];
                    pixels[to + x + 2] = data[from + x];
                }
            } else {
                System.arraycopy(data, from, pixels, to, (int) row);
            }
        }
        return picture;
    }

    /** A destroyed app stops before its next call even if the call it was in completed. */
    private static void stopIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(APP_NAME + " interrupted: the core agent destroyed it");
        }
    }
}
