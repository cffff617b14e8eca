package org.embodia.nao.shell;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.embodia.nao.api.Image;

/** Saves what r_core,cam gave cs: a ROS-layout image, bgr8 or mono8, as PNG. */
final class Images {
    private Images() {
    }

    static void writePng(Image image, Path file) throws IOException {
        BufferedImage out = new BufferedImage(image.width, image.height, BufferedImage.TYPE_INT_RGB);
        int layers = image.layers;
        if (!("bgr8".equals(image.encoding) && layers == 3) && !("mono8".equals(image.encoding) && layers == 1)) {
            throw new IOException("cannot save an image of encoding " + image.encoding + " with " + layers + " bytes per pixel; bgr8 and mono8 can be");
        }
        int step = image.width * layers;
        for (int y = 0; y < image.height; y++) {
            for (int x = 0; x < image.width; x++) {
                int at = y * step + x * layers;
                int b = image.data[at] & 0xff;
                int g = layers == 3 ? image.data[at + 1] & 0xff : b;
                int r = layers == 3 ? image.data[at + 2] & 0xff : b;
                out.setRGB(x, y, r << 16 | g << 8 | b);
            }
        }
        if (!ImageIO.write(out, "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
