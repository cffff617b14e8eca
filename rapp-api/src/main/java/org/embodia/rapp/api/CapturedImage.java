package org.embodia.rapp.api;

/**
 * captured_image ([RAPP] §3.8.11, captureImage): an image in ROS's sensor_msgs/Image layout, rows of
 * {@code step} bytes, e.g. encoding {@code bgr8}.
 */
public record CapturedImage(int width, int height, String encoding, int step, byte[] data) {
}
