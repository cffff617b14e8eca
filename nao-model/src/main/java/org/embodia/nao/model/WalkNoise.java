package org.embodia.nao.model;

/**
 * Error model of {@link NaoWalkSimulator}'s odometry and IMU. The defaults are our assumptions, not
 * measurements of a NAO: its odometry comes from the walk engine's planned footsteps, so foot slip
 * shows up as a scale error (larger when turning) and a slow heading drift; its IMU yaw is the
 * integrated gyrometer, so it drifts with the gyro bias.
 *
 * @param translationScaleBias relative error of the odometry's translation (0.06: it reports 6 % more than walked)
 * @param rotationScaleBias relative error of the odometry's rotation
 * @param headingDriftPerMetre rotation (rad) the odometry misses per metre walked
 * @param translationNoise odometry translation noise, standard deviation per √metre walked (m/√m)
 * @param rotationNoise odometry rotation noise, standard deviation per √radian turned (rad/√rad)
 * @param gyroBias constant yaw-rate bias of the gyrometer (rad/s)
 * @param gyroNoise yaw-rate noise of the gyrometer, standard deviation per sample (rad/s)
 * @param yawNoise noise of the IMU's yaw output on top of the integrated gyro, per sample (rad)
 * @param accelerationNoise accelerometer noise, standard deviation per sample and axis (m/s²)
 */
public record WalkNoise(double translationScaleBias, double rotationScaleBias, double headingDriftPerMetre,
        double translationNoise, double rotationNoise, double gyroBias, double gyroNoise, double yawNoise,
        double accelerationNoise) {

    /** The model the tests run with; see the class comment for what the figures stand for. */
    public static final WalkNoise DEFAULT = new WalkNoise(0.06, 0.12, 0.02, 0.01, 0.02, 0.0005, 0.01, 0.002, 0.05);

    /** No errors: odometry and IMU report the true motion. */
    public static final WalkNoise NONE = new WalkNoise(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public WalkNoise {
        requireFinite(translationScaleBias, "translationScaleBias");
        requireFinite(rotationScaleBias, "rotationScaleBias");
        requireFinite(headingDriftPerMetre, "headingDriftPerMetre");
        requireNonNegative(translationNoise, "translationNoise");
        requireNonNegative(rotationNoise, "rotationNoise");
        requireFinite(gyroBias, "gyroBias");
        requireNonNegative(gyroNoise, "gyroNoise");
        requireNonNegative(yawNoise, "yawNoise");
        requireNonNegative(accelerationNoise, "accelerationNoise");
        if (translationScaleBias <= -1 || rotationScaleBias <= -1) {
            throw new IllegalArgumentException("a scale bias of -1 or less would reverse or stop the odometry: translation "
                    + translationScaleBias + ", rotation " + rotationScaleBias);
        }
    }

    private static void requireFinite(double value, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("WalkNoise." + name + " must be finite, was " + value);
        }
    }

    private static void requireNonNegative(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("WalkNoise." + name + " must be finite and non-negative, was " + value);
        }
    }
}
