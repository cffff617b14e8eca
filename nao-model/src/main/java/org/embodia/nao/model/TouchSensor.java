package org.embodia.nao.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * NAO's touch sensors and foot bumpers with NAOqi's names: the head's three capacitive zones, the three of each hand
 * and the two bumpers at the tip of each foot. Their ALMemory keys, {@code Device/SubDeviceList/<name>/Sensor/Value},
 * read 1 while touched and 0 otherwise (Aldebaran's "Contact and tactile sensors" page,
 * doc.aldebaran.com/2-4/family/nao_h21/contact-sensors_h21.html, and "NAO - Actuator &amp; Sensor list",
 * doc.aldebaran.com/2-1/family/nao_dcm/actuator_sensor_names.html).
 */
public enum TouchSensor {
    HEAD_FRONT("Head/Touch/Front"),
    HEAD_MIDDLE("Head/Touch/Middle"),
    HEAD_REAR("Head/Touch/Rear"),
    L_HAND_BACK("LHand/Touch/Back"),
    L_HAND_LEFT("LHand/Touch/Left"),
    L_HAND_RIGHT("LHand/Touch/Right"),
    R_HAND_BACK("RHand/Touch/Back"),
    R_HAND_LEFT("RHand/Touch/Left"),
    R_HAND_RIGHT("RHand/Touch/Right"),
    L_FOOT_BUMPER_LEFT("LFoot/Bumper/Left"),
    L_FOOT_BUMPER_RIGHT("LFoot/Bumper/Right"),
    R_FOOT_BUMPER_LEFT("RFoot/Bumper/Left"),
    R_FOOT_BUMPER_RIGHT("RFoot/Bumper/Right");

    private final String naoqiName;
    private final String key;

    TouchSensor(String naoqiName) {
        this.naoqiName = naoqiName;
        this.key = DeviceKeys.PREFIX + naoqiName + "/Sensor/Value";
    }

    /** The sensor named by its ALMemory key or by NAOqi's sensor name ("Head/Touch/Front"). */
    public static TouchSensor byKeyOrName(String keyOrName) {
        for (TouchSensor sensor : values()) {
            if (sensor.key.equals(keyOrName) || sensor.naoqiName.equals(keyOrName)) {
                return sensor;
            }
        }
        throw new IllegalArgumentException("\"" + keyOrName + "\" is not one of NAO's touch sensors; they are "
                + Arrays.stream(values()).map(TouchSensor::naoqiName).collect(Collectors.joining(", "))
                + " (or their keys, " + DeviceKeys.PREFIX + "<name>/Sensor/Value)");
    }

    public String naoqiName() {
        return naoqiName;
    }

    public String key() {
        return key;
    }
}
