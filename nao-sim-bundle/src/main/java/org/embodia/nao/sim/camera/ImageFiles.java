package org.embodia.nao.sim.camera;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

/** Saving camera images: Java's TYPE_3BYTE_BGR stores pixels exactly as NAOqi's kBGRColorSpace does. */
public final class ImageFiles {
    private ImageFiles() {
    }

    public static BufferedImage toBufferedImage(CameraImage image) {
        BufferedImage buffered = new BufferedImage(image.width(), image.height(), BufferedImage.TYPE_3BYTE_BGR);
        byte[] pixels = ((DataBufferByte) buffered.getRaster().getDataBuffer()).getData();
        System.arraycopy(image.buffer(), 0, pixels, 0, pixels.length);
        return buffered;
    }

    /** Writes the image as a PNG file, replacing any file there. */
    public static void writePng(CameraImage image, Path file) throws IOException {
        if (!ImageIO.write(toBufferedImage(image), "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime to write " + file);
        }
    }
}
