package org.embodia.nao.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The camera parameters NAO V5's MT9M114 lets ALVideoDevice.setParameter change, with NAOqi's ids
 * (alvisiondefinitions.h, see {@link Resolution}) and the documented ranges and defaults (Aldebaran, "NAO - Video
 * camera", table "Camera parameters - MT9M114": doc.aldebaran.com/2-1/family/robots/video_robot.html). Resolution,
 * frame rate and camera selection are set by subscribing, not here.
 *
 * <p>Exposure and white balance have no documented default (the automatic loops own them): ours are the values at
 * which switching the automatics off leaves the image unchanged, 25 ms and 5000 K.
 */
public enum CameraParameter {
    /** Target brightness of the automatic exposure; only acts while it is on. */
    BRIGHTNESS(0, "kCameraBrightnessID", 0, 255, 55),
    /** Gradient of the contrast curve at the target brightness: 16 (0.5) to 64 (2.0). */
    CONTRAST(1, "kCameraContrastID", 16, 64, 32),
    SATURATION(2, "kCameraSaturationID", 0, 255, 128),
    /** Documented as disabled on the MT9M114: accepted and kept, it changes nothing. */
    HUE(3, "kCameraHueID", -180, 180, 0),
    /** Analogue gain, 32 = ×1; only acts while the automatic exposure is off. */
    GAIN(6, "kCameraGainID", 32, 255, 32),
    HORIZONTAL_FLIP(7, "kCameraHFlipID", 0, 1, 0),
    VERTICAL_FLIP(8, "kCameraVFlipID", 0, 1, 0),
    AUTO_EXPOSITION(11, "kCameraAutoExpositionID", 0, 1, 1),
    AUTO_WHITE_BALANCE(12, "kCameraAutoWhiteBalanceID", 0, 1, 1),
    /** Exposure time in tenths of a millisecond; only acts while the automatic exposure is off. */
    EXPOSURE(17, "kCameraExposureID", 1, 2500, 250),
    /** Which automatic exposure algorithm runs; the simulation has one. */
    EXPOSURE_ALGORITHM(22, "kCameraExposureAlgorithmID", 0, 3, 1),
    /** −1 disables it; the rendered image has no blur to sharpen, so it changes nothing. */
    SHARPNESS(24, "kCameraSharpnessID", -1, 7, 0),
    /** Colour temperature (K) the image is balanced for; only acts while the automatic white balance is off. */
    WHITE_BALANCE(33, "kCameraWhiteBalanceID", 2700, 6500, 5000),
    /** The rendered scene has no backlight: accepted and kept, it changes nothing. */
    BACKLIGHT_COMPENSATION(34, "kCameraBacklightCompensationID", 0, 4, 1);

    private final int id;
    private final String naoqiName;
    private final int min;
    private final int max;
    private final int defaultValue;

    CameraParameter(int id, String naoqiName, int min, int max, int defaultValue) {
        this.id = id;
        this.naoqiName = naoqiName;
        this.min = min;
        this.max = max;
        this.defaultValue = defaultValue;
    }

    public static CameraParameter byId(int id) {
        for (CameraParameter parameter : values()) {
            if (parameter.id == id) {
                return parameter;
            }
        }
        throw new IllegalArgumentException("camera parameter id " + id
                + " cannot be set on NAO V5's cameras; these can: "
                + Arrays.stream(values()).map(CameraParameter::toString).collect(Collectors.joining(", ")));
    }

    public int id() {
        return id;
    }

    public String naoqiName() {
        return naoqiName;
    }

    public int min() {
        return min;
    }

    public int max() {
        return max;
    }

    public int defaultValue() {
        return defaultValue;
    }

    /** Throws, naming the parameter and its range, unless {@code value} is within it. */
    public void check(int value) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(naoqiName + " (" + id + "): " + value + " is outside [" + min + ", "
                    + max + "]");
        }
    }

    @Override
    public String toString() {
        return naoqiName + " (" + id + ")";
    }
}
