package org.embodia.nao.sim.camera;

import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.NaoCamera;
import org.embodia.nao.model.Resolution;

/**
 * Renders what a head camera sees of a {@link Scene} by casting one ray through the centre of each pixel (a pinhole
 * with NAO V5's field of view), then applies the camera's settings the way the sensor's processing would.
 *
 * <p>The processing, our model of the MT9M114's: with automatic exposure on, the image is scaled by Brightness over its
 * default 55 (Brightness is the exposure loop's target); with it off, by exposure time and gain over their defaults.
 * With automatic white balance off, the image is balanced for the set colour temperature while the scene is lit at
 * 5000 K: a lower setting makes it bluer, a higher one redder (red and blue scaled by the square root of the ratio).
 * Saturation scales each pixel's distance from its grey (luma) by Saturation / 128; Contrast scales the distance from
 * mid-grey by Contrast / 32, the gradient the documentation describes. Then the flips. Hue, sharpness, backlight
 * compensation and the exposure algorithm are kept but change nothing.
 */
public final class CameraRenderer {
    private static final double SCENE_COLOUR_TEMPERATURE = 5000;
    private static final double MID_GREY = 0.5;

    private final Scene scene;

    public CameraRenderer(Scene scene) {
        this.scene = scene;
    }

    public CameraImage render(NaoCamera camera, HeadPose pose, Resolution resolution, CameraSettings settings,
            long timestampMicros) {
        int width = resolution.width();
        int height = resolution.height();

        // Camera orientation: heading, torso pitch, HeadYaw, HeadPitch, the camera's own tilt (all about z or y)
        double[] rotation = multiply(rotationZ(pose.theta()), multiply(rotationY(pose.torsoPitch()),
                multiply(rotationZ(pose.headYaw()), rotationY(pose.headPitch() + camera.pitch()))));
        // Camera position: the camera in the Head frame, turned by the head, raised to the neck, pitched with the torso
        double[] head = multiply(rotationZ(pose.headYaw()), rotationY(pose.headPitch()));
        double[] inTorso = apply(head, camera.x(), 0, camera.z());
        double[] inRobot = apply(rotationY(pose.torsoPitch()), inTorso[0], inTorso[1],
                inTorso[2] + HeadPose.NECK_HEIGHT);
        double[] inWorld = apply(rotationZ(pose.theta()), inRobot[0], inRobot[1], inRobot[2] + pose.torsoHeight());
        double ox = pose.x() + inWorld[0];
        double oy = pose.y() + inWorld[1];
        double oz = inWorld[2];

        double exposure = settings.get(CameraParameter.AUTO_EXPOSITION) == 1
                ? (double) settings.get(CameraParameter.BRIGHTNESS) / CameraParameter.BRIGHTNESS.defaultValue()
                : (double) settings.get(CameraParameter.EXPOSURE) / CameraParameter.EXPOSURE.defaultValue()
                        * settings.get(CameraParameter.GAIN) / CameraParameter.GAIN.defaultValue();
        double redGain = exposure;
        double blueGain = exposure;
        if (settings.get(CameraParameter.AUTO_WHITE_BALANCE) == 0) {
            double ratio = settings.get(CameraParameter.WHITE_BALANCE) / SCENE_COLOUR_TEMPERATURE;
            redGain *= Math.sqrt(ratio);
            blueGain /= Math.sqrt(ratio);
        }
        double saturation = settings.get(CameraParameter.SATURATION) / 128.0;
        double contrast = settings.get(CameraParameter.CONTRAST) / (double) CameraParameter.CONTRAST.defaultValue();
        boolean mirrored = settings.get(CameraParameter.HORIZONTAL_FLIP) == 1;
        boolean upsideDown = settings.get(CameraParameter.VERTICAL_FLIP) == 1;

        double tanHalfWidth = Math.tan(NaoCamera.HORIZONTAL_FIELD_OF_VIEW / 2);
        double tanHalfHeight = Math.tan(NaoCamera.VERTICAL_FIELD_OF_VIEW / 2);
        byte[] bgr = new byte[3 * width * height];
        double[] rgb = new double[3];
        for (int row = 0; row < height; row++) {
            // Camera frame: x along the optical axis, y to the left, z up; image rows run down, columns right
            double up = -(2 * (row + 0.5) / height - 1) * tanHalfHeight;
            for (int column = 0; column < width; column++) {
                double left = -(2 * (column + 0.5) / width - 1) * tanHalfWidth;
                double dx = rotation[0] + rotation[1] * left + rotation[2] * up;
                double dy = rotation[3] + rotation[4] * left + rotation[5] * up;
                double dz = rotation[6] + rotation[7] * left + rotation[8] * up;
                scene.trace(ox, oy, oz, dx, dy, dz, rgb);

                double red = rgb[0] * redGain;
                double green = rgb[1] * exposure;
                double blue = rgb[2] * blueGain;
                double luma = 0.299 * red + 0.587 * green + 0.114 * blue;
                red = MID_GREY + (luma + (red - luma) * saturation - MID_GREY) * contrast;
                green = MID_GREY + (luma + (green - luma) * saturation - MID_GREY) * contrast;
                blue = MID_GREY + (luma + (blue - luma) * saturation - MID_GREY) * contrast;

                int x = mirrored ? width - 1 - column : column;
                int y = upsideDown ? height - 1 - row : row;
                int at = 3 * (y * width + x);
                bgr[at] = toByte(blue);
                bgr[at + 1] = toByte(green);
                bgr[at + 2] = toByte(red);
            }
        }
        return CameraImage.wrap(camera, width, height, bgr, timestampMicros);
    }

    private static byte toByte(double value) {
        return (byte) Math.round(255 * Math.max(0, Math.min(1, value)));
    }

    /** Row-major 3 × 3 rotations. */
    private static double[] rotationZ(double angle) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        return new double[] {c, -s, 0, s, c, 0, 0, 0, 1};
    }

    /** Positive angles turn the x axis down, as NAO's pitch joints do. */
    private static double[] rotationY(double angle) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        return new double[] {c, 0, s, 0, 1, 0, -s, 0, c};
    }

    private static double[] multiply(double[] a, double[] b) {
        double[] product = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                product[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
        }
        return product;
    }

    private static double[] apply(double[] m, double x, double y, double z) {
        return new double[] {m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z,
                m[6] * x + m[7] * y + m[8] * z};
    }
}
