package org.embodia.web.nao;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

import javax.imageio.ImageIO;

import org.embodia.nao.api.Image;

/** A camera image (bgr8 or mono8, the layouts the simulated cameras deliver) as PNG, for the page's img. */
final class Png {
    private Png() {
    }

    static void write(Image image, OutputStream out) throws IOException {
        int layers = image.layers;
        if (!("bgr8".equals(image.encoding) && layers == 3) && !("mono8".equals(image.encoding) && layers == 1)) {
            throw new IOException("cannot show an image of encoding " + image.encoding + " with " + layers + " bytes per pixel; bgr8 and mono8 can be");
        }
        BufferedImage rgb = new BufferedImage(image.width, image.height, BufferedImage.TYPE_INT_RGB);
        int at = 0;
        for (int y = 0; y < image.height; y++) {
            for (int x = 0; x < image.width; x++, at += layers) {
                int b = image.data[at] & 0xff;
                int g = layers == 3 ? image.data[at + 1] & 0xff : b;
                int r = layers == 3 ? image.data[at + 2] & 0xff : b;
                rgb.setRGB(x, y, r << 16 | g << 8 | b);
            }
        }
        if (!ImageIO.write(rgb, "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
