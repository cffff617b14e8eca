package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * image: one camera image, its pixels in a preallocated array. The real receptor's image is in
 * ALVideoDevice's layout (colour space {@link #colorSpace}); the virtual receptor's img() gives cs the
 * same pixels named with a ROS encoding ({@link #encoding}, e.g. "bgr8").
 */
public final class Image implements Message<Image> {
    /** A 640×480 (kVGA) image of three bytes per pixel. */
    public static final int VGA_BGR_BYTES = 640 * 480 * 3;

    /** Width, pixels. */
    public int width;
    /** Height, pixels. */
    public int height;
    /** Bytes per pixel. */
    public int layers;
    /** ALVideoDevice's colour space code, e.g. {@link CamParams#kBGRColorSpace}. */
    public int colorSpace;
    /** ROS encoding of the pixels ("bgr8", ...), or null before img() converted the image. */
    public String encoding;
    /** When the camera took the image, ns since the epoch. */
    public long timestampNanos;
    /** The pixels, row by row, valid up to {@link #length}. */
    public final byte[] data;
    /** How many bytes of {@link #data} are valid: width × height × layers. */
    public int length;

    /** An image buffer for up to {@link #VGA_BGR_BYTES}. */
    public Image() {
        this(VGA_BGR_BYTES);
    }

    /** An image buffer for up to {@code capacity} bytes of pixels. */
    public Image(int capacity) {
        data = new byte[capacity];
    }

    /**
     * @throws IllegalArgumentException when {@code i}'s pixels do not fit; buffers carrying images
     *         must be made with a capacity for the largest resolution their camera is set to
     */
    @Override
    public void copyFrom(Image i) {
        if (i.length > data.length) {
            throw new IllegalArgumentException("a " + i.width + "×" + i.height + " image of " + i.length + " bytes does not fit an image buffer of "
                    + data.length + " bytes");
        }
        width = i.width;
        height = i.height;
        layers = i.layers;
        colorSpace = i.colorSpace;
        encoding = i.encoding;
        timestampNanos = i.timestampNanos;
        System.arraycopy(i.data, 0, data, 0, i.length);
        length = i.length;
    }

    @Override
    public String toString() {
        return "[" + width + "×" + height + "×" + layers + ", colour space " + colorSpace + ", encoding " + encoding + ", " + length + " bytes, t="
                + timestampNanos + " ns]";
    }
}
