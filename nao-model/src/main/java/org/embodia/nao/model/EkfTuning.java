package org.embodia.nao.model;

/**
 * Noise figures {@link NaoPoseEkf} assumes. Odometry uncertainty grows with the motion (variance
 * per metre walked and per radian turned), so a robot standing still gains none. The defaults
 * cover {@link WalkNoise#DEFAULT}: besides its random noise they allow for its scale biases and
 * heading drift, which a filter over [x, y, θ] cannot estimate and must treat as noise.
 *
 * @param translationVariancePerMetre variance of each translation component per metre walked (m²/m)
 * @param rotationVariancePerRadian variance of the odometric rotation per radian turned (rad²/rad)
 * @param rotationVariancePerMetre variance of the odometric rotation per metre walked (rad²/m)
 * @param yawVariance variance of one IMU yaw reading (rad²)
 */
public record EkfTuning(double translationVariancePerMetre, double rotationVariancePerRadian,
        double rotationVariancePerMetre, double yawVariance) {

    /** 6 % scale error and noise in translation, 12 % in rotation, 0.02 rad/m heading drift, 0.02 rad IMU yaw. */
    public static final EkfTuning DEFAULT = new EkfTuning(0.004, 0.02, 0.001, 0.02 * 0.02);

    public EkfTuning {
        requireNonNegative(translationVariancePerMetre, "translationVariancePerMetre");
        requireNonNegative(rotationVariancePerRadian, "rotationVariancePerRadian");
        requireNonNegative(rotationVariancePerMetre, "rotationVariancePerMetre");
        if (!(yawVariance > 0) || Double.isInfinite(yawVariance)) {
            throw new IllegalArgumentException("EkfTuning.yawVariance must be finite and positive, was " + yawVariance);
        }
    }

    private static void requireNonNegative(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("EkfTuning." + name + " must be finite and non-negative, was " + value);
        }
    }
}
