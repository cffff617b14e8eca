package org.embodia.nao.model;

/**
 * ALMemory keys of NAO's joints and feet, spelled as in Aldebaran's "NAO - Actuator &amp; Sensor list"
 * (doc.aldebaran.com/2-1/family/nao_dcm/actuator_sensor_names.html) and the joint and FSR pages it links
 * (doc.aldebaran.com/1-14/family/robots/fsr_robot.html): {@value #PREFIX} + device + "/Sensor/Value" for what a sensor
 * reads, "/Actuator/Value" for the last command.
 */
public final class DeviceKeys {
    /** NAOqi's base name of every subdevice key. */
    public static final String PREFIX = "Device/SubDeviceList/";

    private DeviceKeys() {
    }

    /** The joint's measured angle, rad (the hands: opening). */
    public static String jointPosition(NaoJoint joint) {
        return PREFIX + joint.naoqiName() + "/Position/Sensor/Value";
    }

    /** The joint's commanded angle, rad (the hands: opening). */
    public static String jointCommand(NaoJoint joint) {
        return PREFIX + joint.naoqiName() + "/Position/Actuator/Value";
    }

    /** The joint's stiffness, in [0, 1]; NAOqi's device calls it hardness. */
    public static String jointStiffness(NaoJoint joint) {
        return PREFIX + joint.naoqiName() + "/Hardness/Actuator/Value";
    }

    /** The sum of the foot's four FSRs, kg; {@code foot} is "LFoot" or "RFoot". */
    public static String totalWeight(String foot) {
        return PREFIX + foot + "/FSR/TotalWeight/Sensor/Value";
    }
}
