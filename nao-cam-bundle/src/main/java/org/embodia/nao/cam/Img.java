package org.embodia.nao.cam;

import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.Image;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.Resolution;

/**
 * The spec's img() (§3.7.3): the real receptor's image, as ALVideoDevice.getImageRemote gives it in
 * kBGRColorSpace (OpenCV's BGR cv::Mat layout: rows from the top, three bytes per pixel in the order
 * blue, green, red, rows packed), becomes the image in the layout of ROS's sensor_msgs/Image that cs
 * needs: encoding "bgr8" (three 8-bit channels, blue first, so the bytes keep their order and
 * is_bigendian does not arise), step = width × 3 bytes per row, data of height × step bytes. nao-api's
 * {@link Image} has no step field: its rows are packed, so step is length / height.
 *
 * <p>An image in another colour space, or not of the size subscribed for, is refused with the reason,
 * never passed under a bgr8 label it does not have. A conversion allocates nothing.
 */
final class Img {
    /** ROS's encoding of 8-bit blue, green, red pixels (sensor_msgs/image_encodings.h BGR8). */
    static final String BGR8 = "bgr8";
    /** Bytes per bgr8 pixel. */
    static final int BGR_LAYERS = 3;

    private Img() {
    }

    /** ROS's step of a bgr8 image {@code width} pixels wide: bytes per row. */
    static int step(int width) {
        return BGR_LAYERS * width;
    }

    /**
     * cy[image] = img(Rx[image]): converts {@code source}, which the real receptor took for a
     * subscription at {@code subscribed}, into {@code target}.
     *
     * @return null when {@code target} holds the converted image; otherwise why {@code source} cannot be
     *         passed as bgr8, {@code target} being left as it was
     */
    static String img(Image source, Resolution subscribed, Image target) {
        String problem = problem(source, subscribed, target);
        if (problem != null) {
            return problem;
        }
        int sourceStride = source.width * source.layers;
        int step = step(source.width);
        for (int row = 0; row < source.height; row++) {
            System.arraycopy(source.data, row * sourceStride, target.data, row * step, step);
        }
        target.width = source.width;
        target.height = source.height;
        target.layers = BGR_LAYERS;
        target.colorSpace = CamParams.kBGRColorSpace;
        target.encoding = BGR8;
        target.timestampNanos = source.timestampNanos;
        target.length = source.height * step;
        return null;
    }

    private static String problem(Image source, Resolution subscribed, Image target) {
        if (source.colorSpace != CamParams.kBGRColorSpace) {
            ColorSpace delivered = CamCommandCheck.colorSpace(source.colorSpace);
            return "the real receptor delivered an image in " + (delivered != null ? delivered.toString() : "colour space id " + source.colorSpace)
                    + ", not in " + ColorSpace.K_BGR + " as subscribed; it is not passed to cs as " + BGR8;
        }
        if (source.layers != BGR_LAYERS) {
            return "the real receptor's " + ColorSpace.K_BGR + " image has " + source.layers + " bytes per pixel, not " + BGR_LAYERS;
        }
        if (source.width != subscribed.width() || source.height != subscribed.height()) {
            return "the real receptor delivered a " + source.width + "x" + source.height + " image for a subscription at " + subscribed;
        }
        long bytes = (long) source.width * source.height * BGR_LAYERS;
        if (source.length != bytes) {
            return "the real receptor's " + source.width + "x" + source.height + " BGR image holds " + source.length + " bytes, not " + bytes;
        }
        if (bytes > target.data.length) {
            return "a " + subscribed + " image of " + bytes + " bytes does not fit cs's image buffer of " + target.data.length + " bytes";
        }
        return null;
    }
}
