package org.embodia.nao.sim.camera;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import javax.imageio.ImageIO;

import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.NaoCamera;
import org.embodia.nao.model.Resolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SimulatedCamerasTest {
    private static final int TOP = 0;
    private static final int BOTTOM = 1;
    private static final int BGR = 13;
    private static final int QVGA = 1;
    /** NAO standing at the origin, facing +x, looking straight ahead. */
    private static final HeadPose STANDING = new HeadPose(0, 0, 0, 0.333, 0, 0, 0);

    private final AtomicReference<HeadPose> head = new AtomicReference<>(STANDING);
    private final AtomicLong clock = new AtomicLong();
    private final SimulatedCameras cameras = new SimulatedCameras(Scene.room(), head::get, clock::get);

    private CameraImage look(int camera, HeadPose pose) {
        head.set(pose);
        String handle = cameras.subscribeCamera("test", camera, QVGA, BGR, 30);
        try {
            return cameras.getImageRemote(handle);
        } finally {
            cameras.unsubscribe(handle);
        }
    }

    private CameraImage look(HeadPose pose) {
        return look(TOP, pose);
    }

    private static HeadPose head(double yaw, double pitch) {
        return new HeadPose(0, 0, 0, 0.333, 0, yaw, pitch);
    }

    private static int red(int rgb) {
        return rgb >> 16 & 0xff;
    }

    private static int green(int rgb) {
        return rgb >> 8 & 0xff;
    }

    private static int blue(int rgb) {
        return rgb & 0xff;
    }

    private static int centre(CameraImage image) {
        return image.rgb(image.width() / 2, image.height() / 2);
    }

    /** Pixels that are strongly red: the red ball. */
    private static int redPixels(CameraImage image) {
        int count = 0;
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                int rgb = image.rgb(x, y);
                if (red(rgb) > 120 && green(rgb) < 40 && blue(rgb) < 40) {
                    count++;
                }
            }
        }
        return count;
    }

    private static double meanAbsoluteDifference(CameraImage a, CameraImage b) {
        byte[] x = a.data();
        byte[] y = b.data();
        long sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += Math.abs((x[i] & 0xff) - (y[i] & 0xff));
        }
        return (double) sum / x.length;
    }

    private static double channelMean(CameraImage image, int shift) {
        long sum = 0;
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                sum += image.rgb(x, y) >> shift & 0xff;
            }
        }
        return (double) sum / (image.width() * image.height());
    }

    private static double standardDeviation(CameraImage image) {
        double mean = image.meanIntensity();
        double sum = 0;
        for (byte value : image.data()) {
            double d = (value & 0xff) - mean;
            sum += d * d;
        }
        return Math.sqrt(sum / (3.0 * image.width() * image.height()));
    }

    @ParameterizedTest
    @EnumSource(Resolution.class)
    void everyResolutionDecodesFromPngAtItsSize(Resolution resolution, @TempDir Path directory) throws Exception {
        String handle = cameras.subscribeCamera("png", TOP, resolution.id(), BGR, 5);
        CameraImage image = cameras.getImageRemote(handle);
        Path file = directory.resolve(resolution.naoqiName() + ".png");

        ImageFiles.writePng(image, file);
        BufferedImage decoded = ImageIO.read(file.toFile());

        assertEquals(resolution.width(), image.width());
        assertEquals(resolution.height(), image.height());
        assertEquals(3 * resolution.width() * resolution.height(), image.data().length);
        assertEquals(resolution.width(), decoded.getWidth());
        assertEquals(resolution.height(), decoded.getHeight());
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                assertEquals(image.rgb(x, y), decoded.getRGB(x, y) & 0xffffff, "pixel " + x + ", " + y);
            }
        }
    }

    @Test
    void naoqiResolutionIdsHaveTheirDocumentedSizes() {
        assertEquals("kQQQQVGA (8) 40x30", Resolution.byId(8).toString());
        assertEquals("kQQQVGA (7) 80x60", Resolution.byId(7).toString());
        assertEquals("kQQVGA (0) 160x120", Resolution.byId(0).toString());
        assertEquals("kQVGA (1) 320x240", Resolution.byId(1).toString());
        assertEquals("kVGA (2) 640x480", Resolution.byId(2).toString());
        assertEquals("k4VGA (3) 1280x960", Resolution.byId(3).toString());
        assertEquals(13, ColorSpace.K_BGR.id());
        assertEquals("kYUV422ColorSpace", ColorSpace.byId(9).naoqiName());
        assertEquals("kRGBColorSpace", ColorSpace.byId(11).naoqiName());
        assertEquals("kHSYColorSpace", ColorSpace.byId(12).naoqiName());
        assertEquals(24, CameraParameter.SHARPNESS.id());
        assertEquals(17, CameraParameter.EXPOSURE.id());
    }

    @Test
    void lookingAheadTheTopCameraSeesTheBlueWallAndTheBottomOneTheFloor() {
        int wall = centre(look(TOP, STANDING));
        int floor = centre(look(BOTTOM, STANDING));

        assertTrue(blue(wall) > red(wall) + 30, Integer.toHexString(wall));
        // The floor is wood-coloured: more red than blue
        assertTrue(red(floor) > blue(floor) + 30, Integer.toHexString(floor));
    }

    @Test
    void theSceneLooksDifferentWhenTheHeadTurns() {
        CameraImage ahead = look(head(0, 0));
        CameraImage left = look(head(1.5, 0));

        assertTrue(meanAbsoluteDifference(ahead, left) > 20, meanAbsoluteDifference(ahead, left) + "");
        // To the left stands the green wall
        int seen = centre(left);
        assertTrue(green(seen) > red(seen) + 30 && green(seen) > blue(seen) + 30, Integer.toHexString(seen));
    }

    @Test
    void theRedBallAheadIsSeenOnlyWhenTheHeadTurnsTowardsIt() {
        // The ball lies 1 m ahead, 0.3 m to the left: turn 0.3 rad left and look 0.35 rad down
        CameraImage towards = look(head(0.3, 0.35));
        CameraImage away = look(head(-1.0, 0.35));

        assertTrue(redPixels(towards) > 100, redPixels(towards) + " red pixels");
        assertEquals(0, redPixels(away));
    }

    @Test
    void walkingForwardBringsTheBallCloserSoItLooksBigger() {
        int far = redPixels(look(head(0.3, 0.35)));
        int near = redPixels(look(new HeadPose(0.4, 0.1, 0.2, 0.333, 0, 0.2, 0.45)));

        assertTrue(near > 2 * far, far + " then " + near + " red pixels");
    }

    @Test
    void brightnessChangesTheMeanIntensity() {
        double normal = look(STANDING).meanIntensity();
        cameras.setParameter(TOP, 0, 110);
        double brighter = look(STANDING).meanIntensity();
        cameras.setParameter(TOP, 0, 20);
        double darker = look(STANDING).meanIntensity();

        assertTrue(brighter > normal + 30, normal + " -> " + brighter);
        assertTrue(darker < normal - 30, normal + " -> " + darker);
        assertEquals(20, cameras.getParameter(TOP, 0));
        assertEquals(55, cameras.getParameter(BOTTOM, 0), "each camera has its own parameters");
    }

    @Test
    void withoutAutomaticExposureExposureAndGainSetTheBrightness() {
        double normal = look(STANDING).meanIntensity();
        cameras.setParameter(TOP, 11, 0);
        assertEquals(normal, look(STANDING).meanIntensity(), 1e-9, "switching it off keeps the image");

        cameras.setParameter(TOP, 0, 200);
        assertEquals(normal, look(STANDING).meanIntensity(), 1e-9, "brightness needs automatic exposure");
        cameras.setParameter(TOP, 17, 100);
        double shorter = look(STANDING).meanIntensity();
        cameras.setParameter(TOP, 6, 64);
        double moreGain = look(STANDING).meanIntensity();

        assertTrue(shorter < normal - 30, normal + " -> " + shorter);
        assertTrue(moreGain > shorter + 20, shorter + " -> " + moreGain);
    }

    @Test
    void contrastAndSaturationChangeTheImageMeasurably() {
        CameraImage normal = look(STANDING);
        cameras.setParameter(TOP, 1, 64);
        CameraImage contrasty = look(STANDING);
        cameras.setParameter(TOP, 1, 32);
        cameras.setParameter(TOP, 2, 0);
        CameraImage grey = look(STANDING);

        assertTrue(standardDeviation(contrasty) > 1.5 * standardDeviation(normal),
                standardDeviation(normal) + " -> " + standardDeviation(contrasty));
        for (int y = 0; y < grey.height(); y += 7) {
            for (int x = 0; x < grey.width(); x += 7) {
                int rgb = grey.rgb(x, y);
                assertTrue(Math.abs(red(rgb) - green(rgb)) <= 1 && Math.abs(green(rgb) - blue(rgb)) <= 1,
                        Integer.toHexString(rgb));
            }
        }
        assertTrue(meanAbsoluteDifference(normal, grey) > 5);
    }

    @Test
    void aLowWhiteBalanceWithoutTheAutomaticMakesTheImageBluer() {
        CameraImage normal = look(STANDING);
        cameras.setParameter(TOP, 33, 2700);
        assertEquals(0, meanAbsoluteDifference(normal, look(STANDING)), "the automatic white balance overrides it");

        cameras.setParameter(TOP, 12, 0);
        CameraImage warmSetting = look(STANDING);

        double before = channelMean(normal, 0) / channelMean(normal, 16);
        double after = channelMean(warmSetting, 0) / channelMean(warmSetting, 16);
        assertTrue(after > 1.3 * before, before + " -> " + after + " blue/red");
    }

    @Test
    void theFlipsMirrorTheImage() {
        CameraImage normal = look(STANDING);
        cameras.setParameter(TOP, 7, 1);
        cameras.setParameter(TOP, 8, 1);
        CameraImage flipped = look(STANDING);

        for (int y = 0; y < normal.height(); y += 5) {
            for (int x = 0; x < normal.width(); x += 5) {
                assertEquals(normal.rgb(x, y), flipped.rgb(normal.width() - 1 - x, normal.height() - 1 - y));
            }
        }
    }

    @Test
    void defaultsComeBackAndHueAndSharpnessAreKeptButChangeNothing() {
        CameraImage normal = look(STANDING);
        cameras.setParameter(TOP, 3, 90);
        cameras.setParameter(TOP, 24, 7);
        assertEquals(0, meanAbsoluteDifference(normal, look(STANDING)));
        assertEquals(90, cameras.getParameter(TOP, 3));

        cameras.setParameter(TOP, 0, 0);
        cameras.setAllParametersToDefault(TOP);

        assertEquals(55, cameras.getParameter(TOP, 0));
        assertEquals(0, cameras.getParameter(TOP, 3));
        assertEquals(0, meanAbsoluteDifference(normal, look(STANDING)));
    }

    @Test
    void imagesCarryTheCameraAndTheClocksTime() {
        clock.set(12_345_678);

        CameraImage image = look(BOTTOM, STANDING);

        assertEquals(NaoCamera.BOTTOM, image.camera());
        assertEquals(12_345_678, image.timestampMicros());
        assertEquals(ColorSpace.K_BGR, image.colorSpace());
        assertEquals(3, image.layers());
    }

    @Test
    void theRosImageHasTheBgr8Layout() {
        clock.set(3_500_000);
        CameraImage image = look(TOP, STANDING);

        RosImage message = RosImage.of(image);

        assertEquals(240, message.height());
        assertEquals(320, message.width());
        assertEquals("bgr8", message.encoding());
        assertEquals(0, message.isBigendian());
        assertEquals(960, message.step());
        assertArrayEquals(image.data(), message.data());
        assertEquals(3, message.stampSeconds());
        assertEquals(500_000_000, message.stampNanoseconds());
        assertEquals("CameraTop_optical_frame", message.frameId());
        // Pixel (x, y) starts at y * step + 3x, blue first
        int at = 17 * message.step() + 3 * 40;
        int rgb = image.rgb(40, 17);
        assertEquals(blue(rgb), message.data()[at] & 0xff);
        assertEquals(red(rgb), message.data()[at + 2] & 0xff);
    }

    @Test
    void aTakenNameGetsASuffixAndUnsubscribingEndsTheHandle() {
        String first = cameras.subscribeCamera("rapp", TOP, QVGA, BGR, 15);
        String second = cameras.subscribeCamera("rapp", BOTTOM, 8, BGR, 15);

        assertEquals("rapp", first);
        assertEquals("rapp_0", second);
        assertEquals(NaoCamera.BOTTOM, cameras.subscription(second).camera());
        assertEquals(40, cameras.getImageRemote(second).width());

        cameras.unsubscribe(first);
        assertFalse(cameras.subscribers().contains(first));
        assertMessage("no camera subscriber \"rapp\"; the subscribers are [rapp_0]",
                () -> cameras.getImageRemote(first));
    }

    @Test
    void badSubscriptionsAndParametersAreRefusedNamingTheRange() {
        assertMessage("camera index 2 is neither 0 (kTopCamera) nor 1 (kBottomCamera)",
                () -> cameras.subscribeCamera("x", 2, QVGA, BGR, 5));
        assertMessage("resolution id 4 is not one of NAO V5's camera resolutions: kQQQQVGA (8) 40x30,"
                + " kQQQVGA (7) 80x60, kQQVGA (0) 160x120, kQVGA (1) 320x240, kVGA (2) 640x480, k4VGA (3) 1280x960",
                () -> cameras.subscribeCamera("x", TOP, 4, BGR, 5));
        assertMessage("subscribeCamera: colour space kYUV422ColorSpace (9) is not simulated; the cameras render"
                + " kBGRColorSpace (13)", () -> cameras.subscribeCamera("x", TOP, QVGA, 9, 5));
        assertMessage("colour space id 40 is not one of NAOqi's, which are 0..21",
                () -> cameras.subscribeCamera("x", TOP, QVGA, 40, 5));
        assertMessage("subscribeCamera: 0 fps is outside [1, 30]",
                () -> cameras.subscribeCamera("x", TOP, QVGA, BGR, 0));
        assertMessage("subscribeCamera: the subscriber's name must not be empty",
                () -> cameras.subscribeCamera(" ", TOP, QVGA, BGR, 5));
        assertMessage("kCameraBrightnessID (0): 300 is outside [0, 255]", () -> cameras.setParameter(TOP, 0, 300));
        assertMessage("kCameraContrastID (1): 8 is outside [16, 64]", () -> cameras.setParameter(BOTTOM, 1, 8));
        String notSettable = assertThrows(IllegalArgumentException.class, () -> cameras.setParameter(TOP, 14, 1))
                .getMessage();
        assertTrue(notSettable.startsWith(
                "camera parameter id 14 cannot be set on NAO V5's cameras; these can: kCameraBrightnessID (0),"),
                notSettable);
        assertMessage("HeadPose.headYaw must be finite, was NaN", () -> head(Double.NaN, 0));
        assertTrue(cameras.subscribers().isEmpty());
    }

    private static void assertMessage(String expected, Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
