package org.embodia.nao.sensors;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.TouchSensor;

/**
 * What sets the three virtual receptors of this bundle apart: [RAPP] §3.4-3.6 give r_core,touch,
 * r_core,inertial and r_core,fsr the same buffers, behaviours and two state FSM, and differ only in
 * the sensors whose ALMemory keys cs may GET. Each family names its subsystem, its FSM definition
 * and those keys, taken from nao-model.
 */
public enum SensorFamily {
    /** r_core,touch (§3.4): the head's and hands' capacitive zones and the feet's bumpers. */
    TOUCH(NaoTouch.NAME, "r_core,touch", "§3.4", "nao.touch", Arrays.stream(TouchSensor.values()).map(TouchSensor::key)),
    /** r_core,inertial (§3.5): the torso's orientation angles, gyroscope and accelerometer. */
    INERTIAL(NaoInertial.NAME, "r_core,inertial", "§3.5", "nao.inertial", Arrays.stream(InertialSensor.values()).map(InertialSensor::key)),
    /**
     * r_core,fsr (§3.6): the eight force sensitive resistors and each foot's total weight, which §3.6
     * names among what r_core,fsr transmits.
     */
    FSR(NaoFsr.NAME, "r_core,fsr", "§3.6", "nao.fsr", Stream.concat(Arrays.stream(Fsr.values()).map(Fsr::key),
            Stream.of(DeviceKeys.totalWeight(Fsr.LEFT_FOOT), DeviceKeys.totalWeight(Fsr.RIGHT_FOOT))));

    /** How every key of a sensor's reading ends; NAOqi's keys begin with {@link DeviceKeys#PREFIX}. */
    static final String SUFFIX = "/Sensor/Value";

    private final String subsystem;
    private final String receptor;
    private final String section;
    private final String fsm;
    private final List<String> keys;
    private final Set<String> keySet;
    private final String accepted;

    SensorFamily(String subsystem, String receptor, String section, String fsm, Stream<String> keys) {
        this.subsystem = subsystem;
        this.receptor = receptor;
        this.section = section;
        this.fsm = fsm;
        this.keys = keys.toList();
        this.keySet = Set.copyOf(this.keys);
        this.accepted = receptor + " reads " + DeviceKeys.PREFIX + "<name>" + SUFFIX + " for <name> in "
                + this.keys.stream().map(SensorFamily::sensorName).collect(Collectors.joining(", "));
    }

    /** The family whose sensors include the one keyed {@code key}, or null. */
    public static SensorFamily reading(String key) {
        for (SensorFamily family : values()) {
            if (family.reads(key)) {
                return family;
            }
        }
        return null;
    }

    /** The subsystem's full name, e.g. {@code core/a.touch/vr}. */
    public String subsystem() {
        return subsystem;
    }

    /** The spec's name of the virtual receptor, e.g. r_core,touch. */
    public String receptor() {
        return receptor;
    }

    /** The section of [RAPP] that defines it. */
    public String section() {
        return section;
    }

    /** The name of its FSM definition. */
    public String fsm() {
        return fsm;
    }

    /** The ALMemory keys of its sensors, in nao-model's order. */
    public List<String> keys() {
        return keys;
    }

    /** Whether {@code key} is the ALMemory key of one of its sensors; allocates nothing. */
    public boolean reads(String key) {
        return key != null && keySet.contains(key);
    }

    /** Which keys it reads, for rejections: the keys' common form and the sensor names that fill it. */
    public String accepted() {
        return accepted;
    }

    /** The part of a sensor's key between NAOqi's prefix and the suffix, e.g. Head/Touch/Front. */
    static String sensorName(String key) {
        return key.substring(DeviceKeys.PREFIX.length(), key.length() - SUFFIX.length());
    }
}
