package org.embodia.nao.sim.body;

/**
 * One reading of NAO's inertial unit in the torso, in the units of NAOqi's InertialSensor keys.
 *
 * @param angleX torso roll (rad); the simulated torso never rolls, so 0
 * @param angleY torso pitch (rad), positive when leaning forward
 * @param angleZ yaw (rad), the integrated gyrometer, zero at switch-on
 * @param gyroscopeX roll rate (rad/s)
 * @param gyroscopeY pitch rate (rad/s)
 * @param gyroscopeZ yaw rate (rad/s)
 * @param accelerometerX specific force along the torso's x axis (m/s²)
 * @param accelerometerY specific force along the torso's y axis (m/s²)
 * @param accelerometerZ specific force along the torso's z axis (m/s²): +9.81 for a torso upright and at rest (our sign
 *        convention: what an ideal accelerometer measures, gravity's reaction pointing up)
 */
public record InertialReading(double angleX, double angleY, double angleZ, double gyroscopeX, double gyroscopeY,
        double gyroscopeZ, double accelerometerX, double accelerometerY, double accelerometerZ) {
}
