package org.embodia.nao.model;

import java.util.Random;

/**
 * NAO's walking base on the plane, stepped at NAOqi's 20 ms control period: the true pose, the
 * odometry the walk engine reports and the inertial unit's readings.
 *
 * <p>Frames: the global frame is the robot's pose when it was switched on (x forward, y left, θ
 * counter-clockwise), as in the RAPP specification; odometry and IMU yaw start there too. Velocities
 * and accelerations are in the robot frame.
 *
 * <p>{@link #moveVel} is NAOqi's {@code ALMotion.move}: a velocity the robot keeps until told
 * otherwise, saturated to the walk limits. {@link #moveTo} is {@code ALMotion.moveTo}: a target
 * relative to the robot, which the walk reaches in its own odometry, so the true end pose differs
 * from the target by the odometry's drift. The walk follows the commanded velocity with a first-order
 * lag of {@link #WALK_TIME_CONSTANT}.
 *
 * <p>{@link #step()} allocates nothing; {@link Random#nextGaussian()} draws the noise from the
 * seed given, so a run is reproducible.
 */
public final class NaoWalkSimulator {
    /** NAOqi's motion cycle (ALMotion runs at 50 Hz). */
    public static final double STEP = 0.02;

    /** NAOqi's default move configuration (ALMotion "Move config", NAOqi 2.1–2.8): MaxStepX (m). */
    public static final double MAX_STEP_X = 0.04;
    /** Default MaxStepY (m): how far the swing foot may land sideways from the support foot. */
    public static final double MAX_STEP_Y = 0.14;
    /** Default MaxStepTheta (rad). */
    public static final double MAX_STEP_THETA = 0.349;
    /** Reference foot separation of NAO's walk (NAOqi 1.x omni-directional walk documentation), m. */
    public static final double FOOT_SEPARATION = 0.095;
    /**
     * Duration of one step, s. Our assumption: NAOqi documents step sizes and a normalised step
     * frequency, not a step period.
     */
    public static final double STEP_PERIOD = 0.4;

    /** Forward and backward speed limit: one MaxStepX per step, 0.1 m/s. */
    public static final double MAX_VX = MAX_STEP_X / STEP_PERIOD;
    /** Sideways speed limit: MaxStepY beyond the foot separation per two steps (open, close), ≈0.056 m/s. */
    public static final double MAX_VY = (MAX_STEP_Y - FOOT_SEPARATION) / (2 * STEP_PERIOD);
    /** Turning speed limit: MaxStepTheta per two steps (open, close), ≈0.436 rad/s. */
    public static final double MAX_OMEGA = MAX_STEP_THETA / (2 * STEP_PERIOD);

    /** How quickly the walk takes up a new velocity, s (our approximation: about half a step). */
    public static final double WALK_TIME_CONSTANT = 0.2;
    /** Proportional gain of moveTo on the remaining distance and angle, 1/s. */
    public static final double MOVE_TO_GAIN = 1.5;
    /** moveTo has arrived when its odometry is this close to the target (m, rad). */
    public static final double MOVE_TO_POSITION_TOLERANCE = 0.005;
    public static final double MOVE_TO_ANGLE_TOLERANCE = 0.005;

    public static final double GRAVITY = 9.81;

    private enum Mode { IDLE, VELOCITY, MOVE_TO }

    private final Random random;
    private final WalkNoise noise;

    private Mode mode = Mode.IDLE;
    private boolean attained;
    private long steps;

    private double commandVx;
    private double commandVy;
    private double commandOmega;
    /** moveTo's target in the odometry frame; θ not wrapped so that turns beyond π stay whole. */
    private double goalX;
    private double goalY;
    private double goalTheta;

    private double trueX;
    private double trueY;
    private double trueTheta;
    private double vx;
    private double vy;
    private double omega;

    private double odomX;
    private double odomY;
    private double odomTheta;

    private double imuYawIntegral;
    private double imuYaw;
    private double gyroZ;
    private double accX;
    private double accY;
    private double accZ = GRAVITY;

    public NaoWalkSimulator(long seed) {
        this(seed, WalkNoise.DEFAULT);
    }

    public NaoWalkSimulator(long seed, WalkNoise noise) {
        if (noise == null) {
            throw new IllegalArgumentException("the walk noise model is null; use WalkNoise.NONE for none");
        }
        this.random = new Random(seed);
        this.noise = noise;
    }

    /** Walk at this velocity (robot frame: m/s, m/s, rad/s) until told otherwise; saturated to the limits. */
    public void moveVel(double vx, double vy, double omega) {
        requireFinite(vx, "moveVel", "vx");
        requireFinite(vy, "moveVel", "vy");
        requireFinite(omega, "moveVel", "omega");
        commandVx = vx;
        commandVy = vy;
        commandOmega = omega;
        mode = Mode.VELOCITY;
        attained = false;
    }

    /** Walk to the pose (x, y, θ) given in the robot frame now (m, m, rad); {@link #isAttained()} tells arrival. */
    public void moveTo(double x, double y, double theta) {
        requireFinite(x, "moveTo", "x");
        requireFinite(y, "moveTo", "y");
        requireFinite(theta, "moveTo", "theta");
        double c = Math.cos(odomTheta);
        double s = Math.sin(odomTheta);
        goalX = odomX + c * x - s * y;
        goalY = odomY + s * x + c * y;
        goalTheta = odomTheta + theta;
        mode = Mode.MOVE_TO;
        attained = false;
    }

    /** Stop walking; a moveTo under way ends without arriving. */
    public void stop() {
        mode = Mode.IDLE;
        attained = false;
    }

    /** Advance the simulation by {@link #STEP}. */
    public void step() {
        double targetVx = 0;
        double targetVy = 0;
        double targetOmega = 0;
        if (mode == Mode.VELOCITY) {
            targetVx = commandVx;
            targetVy = commandVy;
            targetOmega = commandOmega;
        } else if (mode == Mode.MOVE_TO) {
            double ex = goalX - odomX;
            double ey = goalY - odomY;
            double c = Math.cos(odomTheta);
            double s = Math.sin(odomTheta);
            double exRobot = c * ex + s * ey;
            double eyRobot = -s * ex + c * ey;
            double eTheta = goalTheta - odomTheta;
            if (Math.sqrt(exRobot * exRobot + eyRobot * eyRobot) < MOVE_TO_POSITION_TOLERANCE && Math.abs(eTheta) < MOVE_TO_ANGLE_TOLERANCE) {
                mode = Mode.IDLE;
                attained = true;
            } else {
                targetVx = MOVE_TO_GAIN * exRobot;
                targetVy = MOVE_TO_GAIN * eyRobot;
                targetOmega = MOVE_TO_GAIN * eTheta;
            }
        }
        // One factor for all three keeps the direction of motion when a component saturates.
        double over = Math.max(1, Math.max(Math.abs(targetVx) / MAX_VX,
                Math.max(Math.abs(targetVy) / MAX_VY, Math.abs(targetOmega) / MAX_OMEGA)));
        targetVx /= over;
        targetVy /= over;
        targetOmega /= over;

        double blend = STEP / WALK_TIME_CONSTANT;
        double newVx = vx + (targetVx - vx) * blend;
        double newVy = vy + (targetVy - vy) * blend;
        double newOmega = omega + (targetOmega - omega) * blend;
        double dx = 0.5 * (vx + newVx) * STEP;
        double dy = 0.5 * (vy + newVy) * STEP;
        double dTheta = 0.5 * (omega + newOmega) * STEP;
        // Acceleration of the body in its rotating frame: v̇ + ω × v.
        accX = (newVx - vx) / STEP - newOmega * newVy + noise.accelerationNoise() * random.nextGaussian();
        accY = (newVy - vy) / STEP + newOmega * newVx + noise.accelerationNoise() * random.nextGaussian();
        accZ = GRAVITY + noise.accelerationNoise() * random.nextGaussian();
        vx = newVx;
        vy = newVy;
        omega = newOmega;

        double mid = trueTheta + 0.5 * dTheta;
        trueX += Math.cos(mid) * dx - Math.sin(mid) * dy;
        trueY += Math.sin(mid) * dx + Math.cos(mid) * dy;
        trueTheta += dTheta;

        // Odometry: the same increment, scaled by the biases, with noise whose variance grows with the motion.
        double distance = Math.sqrt(dx * dx + dy * dy);
        double translationSigma = noise.translationNoise() * Math.sqrt(distance);
        double odomDx = dx * (1 + noise.translationScaleBias()) + translationSigma * random.nextGaussian();
        double odomDy = dy * (1 + noise.translationScaleBias()) + translationSigma * random.nextGaussian();
        double odomDTheta = dTheta * (1 + noise.rotationScaleBias()) - noise.headingDriftPerMetre() * distance
                + noise.rotationNoise() * Math.sqrt(Math.abs(dTheta)) * random.nextGaussian();
        double odomMid = odomTheta + 0.5 * odomDTheta;
        odomX += Math.cos(odomMid) * odomDx - Math.sin(odomMid) * odomDy;
        odomY += Math.sin(odomMid) * odomDx + Math.cos(odomMid) * odomDy;
        odomTheta += odomDTheta;

        gyroZ = dTheta / STEP + noise.gyroBias() + noise.gyroNoise() * random.nextGaussian();
        imuYawIntegral += gyroZ * STEP;
        imuYaw = Angles.wrap(imuYawIntegral + noise.yawNoise() * random.nextGaussian());
        steps++;
    }

    /** Simulated time since the start, s. */
    public double time() {
        return steps * STEP;
    }

    public long steps() {
        return steps;
    }

    /** True once a moveTo has arrived (in the robot's odometry), until the next command. */
    public boolean isAttained() {
        return attained;
    }

    /** True while a command is being executed. */
    public boolean isCommanded() {
        return mode != Mode.IDLE;
    }

    public double trueX() {
        return trueX;
    }

    public double trueY() {
        return trueY;
    }

    /** True heading in [−π, π]. */
    public double trueTheta() {
        return Angles.wrap(trueTheta);
    }

    /** True velocity in the robot frame (m/s, m/s, rad/s). */
    public double trueVx() {
        return vx;
    }

    public double trueVy() {
        return vy;
    }

    public double trueOmega() {
        return omega;
    }

    /** The walk engine's odometry: its belief of the pose in the global frame. */
    public double odomX() {
        return odomX;
    }

    public double odomY() {
        return odomY;
    }

    /** Odometric heading in [−π, π]. */
    public double odomTheta() {
        return Angles.wrap(odomTheta);
    }

    /** The inertial unit's yaw (integrated gyrometer, zero at switch-on), in [−π, π]. */
    public double imuYaw() {
        return imuYaw;
    }

    /** Gyrometer yaw rate, rad/s. */
    public double gyroZ() {
        return gyroZ;
    }

    /** Accelerometer, robot frame, m/s² (z includes gravity). */
    public double accX() {
        return accX;
    }

    public double accY() {
        return accY;
    }

    public double accZ() {
        return accZ;
    }

    private static void requireFinite(double value, String command, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(command + ": " + name + " must be finite, was " + value);
        }
    }
}
