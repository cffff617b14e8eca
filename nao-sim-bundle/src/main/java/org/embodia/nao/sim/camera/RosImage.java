package org.embodia.nao.sim.camera;

/**
 * A camera image in the layout of ROS's sensor_msgs/Image, which the RAPP control subsystem expects (spec 3.7.3's img
 * conversion): header stamp and frame, height, width, encoding, is_bigendian, step (bytes per row) and data.
 *
 * @param stampSeconds header.stamp.sec
 * @param stampNanoseconds header.stamp.nanosec
 * @param frameId header.frame_id, the camera's optical frame as naoqi_driver names it
 * @param encoding "bgr8": three 8-bit channels, blue first
 * @param isBigendian 0: bytes, so byte order does not arise
 * @param step width × 3
 */
public record RosImage(int stampSeconds, int stampNanoseconds, String frameId, int height, int width, String encoding,
        int isBigendian, int step, byte[] data) {

    public static final String BGR8 = "bgr8";

    /** The image's pixels copied into a message; its rows are packed, so step is exactly width × 3. */
    public static RosImage of(CameraImage image) {
        long micros = image.timestampMicros();
        return new RosImage((int) Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L) * 1000,
                image.camera().opticalFrame(), image.height(), image.width(), BGR8, 0, 3 * image.width(),
                image.buffer());
    }

    public RosImage {
        data = data.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }
}
