package org.embodia.nao.sim.memory;

import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.sim.body.InertialReading;
import org.embodia.nao.sim.body.SimulatedBody;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.TouchSensor;
import org.embodia.nao.model.DeviceKeys;

/**
 * Feeds ALMemory from the simulated body, as NAOqi's DCM does every cycle: joint positions, commands and stiffness,
 * the inertial unit, the FSRs and their totals. The touch sensors have no simulated cause, so {@link #touch} and
 * {@link #release} set them, for tests and the shell; {@link #update()} leaves them alone.
 *
 * <p>Every key exists from construction on, so a query before the first step finds the initial state.
 */
public final class SensorFeed {
    private final AlMemory memory;
    private final SimulatedBody body;

    public SensorFeed(AlMemory memory, SimulatedBody body) {
        this.memory = memory;
        this.body = body;
        for (TouchSensor sensor : TouchSensor.values()) {
            memory.insertData(sensor.key(), 0f);
        }
        update();
    }

    /** Writes the body's current state; call after each {@link SimulatedBody#step()}. */
    public void update() {
        for (NaoJoint joint : NaoJoint.values()) {
            memory.insertData(DeviceKeys.jointPosition(joint), (float) body.angle(joint.naoqiName()));
            memory.insertData(DeviceKeys.jointCommand(joint), (float) body.target(joint.naoqiName()));
            memory.insertData(DeviceKeys.jointStiffness(joint), (float) body.stiffness(joint.naoqiName()));
        }

        InertialReading imu = body.inertial();
        memory.insertData(InertialSensor.ANGLE_X.key(), (float) imu.angleX());
        memory.insertData(InertialSensor.ANGLE_Y.key(), (float) imu.angleY());
        memory.insertData(InertialSensor.ANGLE_Z.key(), (float) imu.angleZ());
        memory.insertData(InertialSensor.GYROSCOPE_X.key(), (float) imu.gyroscopeX());
        memory.insertData(InertialSensor.GYROSCOPE_Y.key(), (float) imu.gyroscopeY());
        memory.insertData(InertialSensor.GYROSCOPE_Z.key(), (float) imu.gyroscopeZ());
        memory.insertData(InertialSensor.ACCELEROMETER_X.key(), (float) imu.accelerometerX());
        memory.insertData(InertialSensor.ACCELEROMETER_Y.key(), (float) imu.accelerometerY());
        memory.insertData(InertialSensor.ACCELEROMETER_Z.key(), (float) imu.accelerometerZ());

        double left = body.leftFootWeight();
        double right = body.rightFootWeight();
        float leftTotal = 0;
        float rightTotal = 0;
        for (Fsr sensor : Fsr.values()) {
            boolean onLeft = sensor.foot().equals(Fsr.LEFT_FOOT);
            float value = (float) ((onLeft ? left : right) * sensor.share());
            memory.insertData(sensor.key(), value);
            if (onLeft) {
                leftTotal += value;
            } else {
                rightTotal += value;
            }
        }
        memory.insertData(DeviceKeys.totalWeight(Fsr.LEFT_FOOT), leftTotal);
        memory.insertData(DeviceKeys.totalWeight(Fsr.RIGHT_FOOT), rightTotal);
    }

    /**
     * The sensor reads 1 until released.
     *
     * @param sensor its ALMemory key or NAOqi name, e.g. "Head/Touch/Front"
     */
    public void touch(String sensor) {
        memory.insertData(TouchSensor.byKeyOrName(sensor).key(), 1f);
    }

    /** The sensor reads 0 again. */
    public void release(String sensor) {
        memory.insertData(TouchSensor.byKeyOrName(sensor).key(), 0f);
    }
}
