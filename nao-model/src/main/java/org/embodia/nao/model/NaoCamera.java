package org.embodia.nao.model;

/**
 * NAO V5's two head cameras: NAOqi's camera index, the position of each in the Head frame (the frame of HeadPitch) and
 * its downward tilt, from Aldebaran's "NAO - Video camera" page for head V4/V5
 * (doc.aldebaran.com/2-1/family/robots/video_robot.html: CameraTop x 0.05871 m, z 0.06364 m, WY 0.0209 rad [1.2°];
 * CameraBottom x 0.05071 m, z 0.01774 m, WY 0.6929 rad [39.7°]). Both are MT9M114 sensors with a field of view of
 * 60.9° horizontally and 47.6° vertically (same page). NAO V6's figures were not found; these are V5's.
 */
public enum NaoCamera {
    TOP(0, "CameraTop", 0.05871, 0.06364, 0.0209),
    BOTTOM(1, "CameraBottom", 0.05071, 0.01774, 0.6929);

    /** Horizontal and vertical field of view, rad. */
    public static final double HORIZONTAL_FIELD_OF_VIEW = Math.toRadians(60.9);
    public static final double VERTICAL_FIELD_OF_VIEW = Math.toRadians(47.6);

    private final int index;
    private final String naoqiName;
    private final double x;
    private final double z;
    private final double pitch;

    NaoCamera(int index, String naoqiName, double x, double z, double pitch) {
        this.index = index;
        this.naoqiName = naoqiName;
        this.x = x;
        this.z = z;
        this.pitch = pitch;
    }

    /** The camera NAOqi numbers {@code index} (AL::kTopCamera = 0, AL::kBottomCamera = 1). */
    public static NaoCamera byIndex(int index) {
        for (NaoCamera camera : values()) {
            if (camera.index == index) {
                return camera;
            }
        }
        throw new IllegalArgumentException("camera index " + index
                + " is neither 0 (kTopCamera) nor 1 (kBottomCamera)");
    }

    public int index() {
        return index;
    }

    public String naoqiName() {
        return naoqiName;
    }

    /** Forward offset in the Head frame, m. */
    public double x() {
        return x;
    }

    /** Upward offset in the Head frame, m. */
    public double z() {
        return z;
    }

    /** Downward tilt from the Head frame's x axis, rad. */
    public double pitch() {
        return pitch;
    }

    /** The ROS frame its images are stamped with (naoqi_driver's optical frames). */
    public String opticalFrame() {
        return naoqiName + "_optical_frame";
    }
}
