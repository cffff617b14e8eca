package org.embodia.nao.model;

/**
 * The pose estimate [x, y, θ] of the RAPP core agent's body virtual effector (its memory's pose):
 * an extended Kalman filter that predicts from odometry increments and corrects with the IMU's yaw,
 * once per 20 ms step.
 *
 * <p>Prediction: the odometry's increment since the previous step, expressed in the odometry's own
 * robot frame, is applied at the estimated heading; its noise grows with the distance walked and the
 * angle turned ({@link EkfTuning}). Update: the IMU yaw, zero at switch-on like the global frame,
 * measures θ directly (H = [0 0 1]), the innovation wrapped into [−π, π]. Correcting θ also corrects
 * x and y through the covariance the prediction builds between heading and position.
 *
 * <p>Only the yaw is fused. The yaw rate is what the IMU integrates into that yaw, so it carries no
 * further information about θ; the accelerometers would have to be integrated twice for position,
 * and walking shakes them far more than the body's planar acceleration, so they would only add drift.
 * Consequently the odometry's translation scale error is unobservable: the filter keeps the heading,
 * and the position error grows only with that scale error times the distance from the start.
 *
 * <p>The spec's odometry {@code odm} is [x, y]; the step also takes the odometric heading, which
 * NAOqi's {@code getRobotPosition(false)} returns with them, because the prediction needs the
 * odometry's rotation to express its translation in the robot frame. All methods work on fields
 * and allocate nothing.
 */
public final class NaoPoseEkf {
    private final EkfTuning tuning;

    private double x;
    private double y;
    private double theta;
    /** Covariance, symmetric: p00 p01 p02 / p11 p12 / p22 over (x, y, θ). */
    private double p00;
    private double p01;
    private double p02;
    private double p11;
    private double p12;
    private double p22;

    private boolean hasOdometry;
    private double lastOdomX;
    private double lastOdomY;
    private double lastOdomTheta;

    public NaoPoseEkf() {
        this(EkfTuning.DEFAULT);
    }

    public NaoPoseEkf(EkfTuning tuning) {
        if (tuning == null) {
            throw new IllegalArgumentException("the EKF tuning is null; use EkfTuning.DEFAULT");
        }
        this.tuning = tuning;
    }

    /**
     * Start again at a pose known exactly (the global frame is the pose at switch-on, so the
     * estimate starts at 0, 0, 0 with no uncertainty); the next {@link #step} takes its odometry
     * as the reference for the following increments.
     */
    public void reset(double x, double y, double theta) {
        requireFinite(x, "reset", "x");
        requireFinite(y, "reset", "y");
        requireFinite(theta, "reset", "theta");
        this.x = x;
        this.y = y;
        this.theta = Angles.wrap(theta);
        p00 = 0;
        p01 = 0;
        p02 = 0;
        p11 = 0;
        p12 = 0;
        p22 = 0;
        hasOdometry = false;
    }

    /**
     * One control step, EKF(odm, im, pose): predict from the odometry's change since the previous
     * step (the first step only records it), then correct with the IMU yaw. NaN or infinite
     * inputs are refused before anything changes.
     */
    public void step(double odomX, double odomY, double odomTheta, double imuYaw) {
        requireFinite(odomX, "step", "odomX");
        requireFinite(odomY, "step", "odomY");
        requireFinite(odomTheta, "step", "odomTheta");
        requireFinite(imuYaw, "step", "imuYaw");
        if (hasOdometry) {
            double wx = odomX - lastOdomX;
            double wy = odomY - lastOdomY;
            double c = Math.cos(lastOdomTheta);
            double s = Math.sin(lastOdomTheta);
            predictUnchecked(c * wx + s * wy, -s * wx + c * wy, Angles.wrap(odomTheta - lastOdomTheta));
        }
        hasOdometry = true;
        lastOdomX = odomX;
        lastOdomY = odomY;
        lastOdomTheta = odomTheta;
        updateYawUnchecked(imuYaw);
    }

    /** Prediction from an odometry increment in the robot frame (m, m, rad). */
    public void predict(double dx, double dy, double dTheta) {
        requireFinite(dx, "predict", "dx");
        requireFinite(dy, "predict", "dy");
        requireFinite(dTheta, "predict", "dTheta");
        predictUnchecked(dx, dy, dTheta);
    }

    /** Correction with an IMU yaw reading (rad). */
    public void updateYaw(double yaw) {
        requireFinite(yaw, "updateYaw", "yaw");
        updateYawUnchecked(yaw);
    }

    private void predictUnchecked(double dx, double dy, double dTheta) {
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double worldDx = c * dx - s * dy;
        double worldDy = s * dx + c * dy;
        x += worldDx;
        y += worldDy;
        theta = Angles.wrap(theta + dTheta);

        // F = I except ∂x'/∂θ = a, ∂y'/∂θ = b; P' = F P Fᵀ + Q.
        double a = -worldDy;
        double b = worldDx;
        double n00 = p00 + 2 * a * p02 + a * a * p22;
        double n01 = p01 + a * p12 + b * p02 + a * b * p22;
        double n02 = p02 + a * p22;
        double n11 = p11 + 2 * b * p12 + b * b * p22;
        double n12 = p12 + b * p22;

        // Odometry noise isotropic in translation, so rotating it into the global frame leaves it diagonal.
        double distance = Math.sqrt(dx * dx + dy * dy);
        double qTranslation = tuning.translationVariancePerMetre() * distance;
        double qRotation = tuning.rotationVariancePerRadian() * Math.abs(dTheta) + tuning.rotationVariancePerMetre() * distance;
        p00 = n00 + qTranslation;
        p01 = n01;
        p02 = n02;
        p11 = n11 + qTranslation;
        p12 = n12;
        p22 += qRotation;
    }

    private void updateYawUnchecked(double yaw) {
        double innovation = Angles.wrap(yaw - theta);
        double s = p22 + tuning.yawVariance();
        double k0 = p02 / s;
        double k1 = p12 / s;
        double k2 = p22 / s;
        x += k0 * innovation;
        y += k1 * innovation;
        theta = Angles.wrap(theta + k2 * innovation);

        // P' = (I − K H) P, written out so that it stays exactly symmetric.
        double r = tuning.yawVariance() / s;
        p00 -= p02 * p02 / s;
        p01 -= p02 * p12 / s;
        p11 -= p12 * p12 / s;
        p02 *= r;
        p12 *= r;
        p22 *= r;
    }

    public double x() {
        return x;
    }

    public double y() {
        return y;
    }

    /** Estimated heading in [−π, π]. */
    public double theta() {
        return theta;
    }

    /** Covariance entry over (x, y, θ), indices 0..2. */
    public double covariance(int row, int column) {
        int lo = Math.min(row, column);
        int hi = Math.max(row, column);
        if (lo < 0 || hi > 2) {
            throw new IllegalArgumentException("covariance indices must be 0..2, were " + row + ", " + column);
        }
        if (lo == hi) {
            return lo == 0 ? p00 : lo == 1 ? p11 : p22;
        }
        return lo == 0 ? (hi == 1 ? p01 : p02) : p12;
    }

    private static void requireFinite(double value, String method, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("NaoPoseEkf." + method + ": " + name + " must be finite, was " + value);
        }
    }
}
