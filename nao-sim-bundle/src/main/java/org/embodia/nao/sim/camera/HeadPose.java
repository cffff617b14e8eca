package org.embodia.nao.sim.camera;

/**
 * Where the head is, as the cameras need it: the robot's pose on the floor, its torso's height and pitch, and the
 * head joints. The torso is level sideways; the Head frame sits {@link #NECK_HEIGHT} above the torso frame's origin,
 * turned by HeadYaw and then HeadPitch (NAO V5 model: qiBullet nao.urdf, joint HeadYaw at z 0.1265 m).
 *
 * @param x robot position on the floor, m
 * @param y robot position on the floor, m
 * @param theta robot heading, rad, counter-clockwise
 * @param torsoHeight height of the torso frame's origin above the floor, m
 * @param torsoPitch torso pitch, rad, positive leaning forward
 * @param headYaw HeadYaw, rad, positive turning left
 * @param headPitch HeadPitch, rad, positive looking down
 */
public record HeadPose(double x, double y, double theta, double torsoHeight, double torsoPitch, double headYaw,
        double headPitch) {

    public static final double NECK_HEIGHT = 0.1265;

    public HeadPose {
        requireFinite(x, "x");
        requireFinite(y, "y");
        requireFinite(theta, "theta");
        requireFinite(torsoHeight, "torsoHeight");
        requireFinite(torsoPitch, "torsoPitch");
        requireFinite(headYaw, "headYaw");
        requireFinite(headPitch, "headPitch");
    }

    private static void requireFinite(double value, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("HeadPose." + name + " must be finite, was " + value);
        }
    }
}
