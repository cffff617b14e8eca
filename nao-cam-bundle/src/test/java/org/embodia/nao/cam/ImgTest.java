package org.embodia.nao.cam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;

import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.Image;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.Resolution;
import org.junit.jupiter.api.Test;

/** img(): ALVideoDevice's BGR image to ROS's bgr8 layout, and the images it refuses. */
class ImgTest {

    @Test
    void aBgrImageBecomesBgr8WithItsBytesInPlace() {
        Image target = new Image();
        target.encoding = "left over";
        Arrays.fill(target.data, (byte) 0x55);
        assertNull(Img.img(Rig.bgrImage(Resolution.K_QQQVGA), Resolution.K_QQQVGA, target));
        NaoCamBehaviorTest.assertBgr8(Resolution.K_QQQVGA, target);
        assertEquals(240, Img.step(80), "ROS's step of an 80 pixels wide bgr8 image");
    }

    @Test
    void aPixelKeepsItsBlueGreenRedOrder() {
        Image source = Rig.bgrImage(Resolution.K_QQQQVGA);
        int x = 17;
        int y = 23;
        int at = 3 * (y * 40 + x);
        source.data[at] = (byte) 0x10; // blue
        source.data[at + 1] = (byte) 0x80; // green
        source.data[at + 2] = (byte) 0xF0; // red
        Image target = new Image();
        assertNull(Img.img(source, Resolution.K_QQQQVGA, target));
        int step = Img.step(target.width);
        assertEquals(0x10, target.data[y * step + 3 * x] & 0xff, "bgr8's first byte is blue");
        assertEquals(0x80, target.data[y * step + 3 * x + 1] & 0xff);
        assertEquals(0xF0, target.data[y * step + 3 * x + 2] & 0xff, "and its third red");
    }

    /** Converts {@code source} for a subscription at {@code subscribed}: the reason, after checking the target was left alone. */
    private static String refused(Image source, Resolution subscribed) {
        Image target = new Image();
        Image before = new Image();
        before.copyFrom(target);
        String reason = Img.img(source, subscribed, target);
        assertEquals(before.toString(), target.toString(), "the target is left as it was");
        assertEquals(0, target.length);
        return reason;
    }

    @Test
    void imagesThatAreNotBgrOfTheSubscribedSizeAreRefusedWithTheReason() {
        assertEquals("the real receptor delivered an image in kYUV422ColorSpace (9), not in kBGRColorSpace (13) as subscribed; it is not"
                + " passed to cs as bgr8", refused(Rig.alImage(Resolution.K_QVGA, ColorSpace.K_YUV422.id(), 0), Resolution.K_QVGA));
        assertEquals("the real receptor delivered an image in colour space id 40, not in kBGRColorSpace (13) as subscribed; it is not"
                + " passed to cs as bgr8", refused(Rig.alImage(Resolution.K_QVGA, 40, 0), Resolution.K_QVGA));
        Image fourLayers = Rig.bgrImage(Resolution.K_QQVGA);
        fourLayers.layers = 4;
        assertEquals("the real receptor's kBGRColorSpace (13) image has 4 bytes per pixel, not 3", refused(fourLayers, Resolution.K_QQVGA));
        assertEquals("the real receptor delivered a 160x120 image for a subscription at kVGA (2) 640x480",
                refused(Rig.bgrImage(Resolution.K_QQVGA), Resolution.K_VGA));
        Image truncated = Rig.bgrImage(Resolution.K_QQVGA);
        truncated.length -= 3;
        assertEquals("the real receptor's 160x120 BGR image holds 57597 bytes, not 57600", refused(truncated, Resolution.K_QQVGA));
        Image small = new Image(1000);
        assertEquals("a kQQVGA (0) 160x120 image of 57600 bytes does not fit cs's image buffer of 1000 bytes",
                Img.img(Rig.bgrImage(Resolution.K_QQVGA), Resolution.K_QQVGA, small));
        assertEquals(0, small.length);
        assertEquals(CamParams.kBGRColorSpace, ColorSpace.K_BGR.id(), "nao-api and nao-model agree on kBGRColorSpace");
    }
}
