package org.embodia.nao.sim.camera;

import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.NaoCamera;

/**
 * One frame from a camera, as ALVideoDevice.getImageRemote delivers it in kBGRColorSpace: width × height pixels, row
 * by row from the top left, three bytes each in the order blue, green, red. Immutable.
 */
public final class CameraImage {
    private final NaoCamera camera;
    private final int width;
    private final int height;
    private final byte[] bgr;
    private final long timestampMicros;

    private CameraImage(NaoCamera camera, int width, int height, byte[] bgr, long timestampMicros) {
        if (width <= 0 || height <= 0 || bgr.length != 3 * width * height) {
            throw new IllegalArgumentException("a " + width + "x" + height + " BGR image has " + 3L * width * height
                    + " bytes, not " + bgr.length);
        }
        this.camera = camera;
        this.width = width;
        this.height = height;
        this.bgr = bgr;
        this.timestampMicros = timestampMicros;
    }

    /** Takes the array without copying: for the renderer, which hands over a fresh one and keeps no reference. */
    static CameraImage wrap(NaoCamera camera, int width, int height, byte[] bgr, long timestampMicros) {
        return new CameraImage(camera, width, height, bgr, timestampMicros);
    }

    public NaoCamera camera() {
        return camera;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Bytes per pixel. */
    public int layers() {
        return 3;
    }

    public ColorSpace colorSpace() {
        return ColorSpace.K_BGR;
    }

    /** When the frame was taken, µs of simulated time. */
    public long timestampMicros() {
        return timestampMicros;
    }

    /** A copy of the pixels, BGR. */
    public byte[] data() {
        return bgr.clone();
    }

    /** Copies the pixels, BGR, into the start of {@code out}, which must hold width × height × 3 bytes. */
    public void copyPixels(byte[] out) {
        System.arraycopy(bgr, 0, out, 0, bgr.length);
    }

    /** The pixel at column x, row y as 0xRRGGBB. */
    public int rgb(int x, int y) {
        if (x < 0 || x >= width || y < 0 || y >= height) {
            throw new IllegalArgumentException("pixel (" + x + ", " + y + ") is outside the " + width + "x" + height
                    + " image");
        }
        int at = 3 * (y * width + x);
        return (bgr[at + 2] & 0xff) << 16 | (bgr[at + 1] & 0xff) << 8 | bgr[at] & 0xff;
    }

    /** Mean over all pixels and channels, 0..255. */
    public double meanIntensity() {
        long sum = 0;
        for (byte value : bgr) {
            sum += value & 0xff;
        }
        return (double) sum / bgr.length;
    }

    /** The pixels without a copy, for this package's converters, which only read them. */
    byte[] buffer() {
        return bgr;
    }
}
