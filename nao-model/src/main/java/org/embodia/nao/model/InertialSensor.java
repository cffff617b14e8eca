package org.embodia.nao.model;

/**
 * The keys of NAO's inertial unit, {@code Device/SubDeviceList/InertialSensor/<name>/Sensor/Value} (Aldebaran's
 * "NAO - Actuator &amp; Sensor list", section Inertial:
 * doc.aldebaran.com/2-1/family/nao_dcm/actuator_sensor_names.html). Angles in rad, rates in rad/s, accelerations in
 * m/s².
 */
public enum InertialSensor {
    ANGLE_X("AngleX"),
    ANGLE_Y("AngleY"),
    ANGLE_Z("AngleZ"),
    GYROSCOPE_X("GyroscopeX"),
    GYROSCOPE_Y("GyroscopeY"),
    GYROSCOPE_Z("GyroscopeZ"),
    ACCELEROMETER_X("AccelerometerX"),
    ACCELEROMETER_Y("AccelerometerY"),
    ACCELEROMETER_Z("AccelerometerZ");

    private final String key;

    InertialSensor(String name) {
        key = DeviceKeys.PREFIX + "InertialSensor/" + name + "/Sensor/Value";
    }

    public String key() {
        return key;
    }
}
