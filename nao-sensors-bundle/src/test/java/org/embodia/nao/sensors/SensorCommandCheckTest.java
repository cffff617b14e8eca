package org.embodia.nao.sensors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.TouchSensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Which data_name each receptor's idle accepts, and why it rejects the rest. */
class SensorCommandCheckTest {
    private static final String TOUCH_READS = "r_core,touch reads Device/SubDeviceList/<name>/Sensor/Value for <name> in Head/Touch/Front, "
            + "Head/Touch/Middle, Head/Touch/Rear, LHand/Touch/Back, LHand/Touch/Left, LHand/Touch/Right, RHand/Touch/Back, "
            + "RHand/Touch/Left, RHand/Touch/Right, LFoot/Bumper/Left, LFoot/Bumper/Right, RFoot/Bumper/Left, RFoot/Bumper/Right";
    private static final String INERTIAL_READS = "r_core,inertial reads Device/SubDeviceList/<name>/Sensor/Value for <name> in "
            + "InertialSensor/AngleX, InertialSensor/AngleY, InertialSensor/AngleZ, InertialSensor/GyroscopeX, InertialSensor/GyroscopeY, "
            + "InertialSensor/GyroscopeZ, InertialSensor/AccelerometerX, InertialSensor/AccelerometerY, InertialSensor/AccelerometerZ";
    private static final String FSR_READS = "r_core,fsr reads Device/SubDeviceList/<name>/Sensor/Value for <name> in LFoot/FSR/FrontLeft, "
            + "LFoot/FSR/FrontRight, LFoot/FSR/RearLeft, LFoot/FSR/RearRight, RFoot/FSR/FrontLeft, RFoot/FSR/FrontRight, "
            + "RFoot/FSR/RearLeft, RFoot/FSR/RearRight, LFoot/FSR/TotalWeight, RFoot/FSR/TotalWeight";

    private static String check(SensorFamily family, SensorCommand c) {
        return new SensorCommandCheck(family).check(c);
    }

    @Test
    void eachReceptorReadsItsOwnSensorsKeys() {
        Set<String> touch = new HashSet<>();
        for (TouchSensor s : TouchSensor.values()) {
            touch.add(s.key());
        }
        Set<String> inertial = new HashSet<>();
        for (InertialSensor s : InertialSensor.values()) {
            inertial.add(s.key());
        }
        Set<String> fsr = new HashSet<>();
        for (Fsr s : Fsr.values()) {
            fsr.add(s.key());
        }
        fsr.add(DeviceKeys.totalWeight(Fsr.LEFT_FOOT));
        fsr.add(DeviceKeys.totalWeight(Fsr.RIGHT_FOOT));
        assertEquals(touch, Set.copyOf(SensorFamily.TOUCH.keys()));
        assertEquals(13, touch.size());
        assertEquals(inertial, Set.copyOf(SensorFamily.INERTIAL.keys()));
        assertEquals(9, inertial.size());
        assertEquals(fsr, Set.copyOf(SensorFamily.FSR.keys()));
        assertEquals(10, fsr.size());
        assertTrue(SensorFamily.FSR.reads("Device/SubDeviceList/LFoot/FSR/FrontLeft/Sensor/Value"));
        assertTrue(SensorFamily.FSR.reads("Device/SubDeviceList/RFoot/FSR/TotalWeight/Sensor/Value"));
        assertTrue(SensorFamily.TOUCH.reads("Device/SubDeviceList/Head/Touch/Front/Sensor/Value"));
        assertTrue(SensorFamily.INERTIAL.reads("Device/SubDeviceList/InertialSensor/GyroscopeZ/Sensor/Value"));
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void everyOwnKeyPassesAndNoKeyBelongsToTwoReceptors(SensorFamily family) {
        for (String key : family.keys()) {
            assertTrue(key.startsWith(DeviceKeys.PREFIX) && key.endsWith(SensorFamily.SUFFIX), key);
            assertNull(check(family, Rig.get(key)), key);
            assertSame(family, SensorFamily.reading(key), key);
        }
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void anotherReceptorsKeyIsRejectedNamingItsOwner(SensorFamily family) {
        for (SensorFamily other : SensorFamily.values()) {
            if (other == family) {
                continue;
            }
            for (String key : other.keys()) {
                assertEquals("GET rejected: data_name \"" + key + "\" is a sensor of " + other.receptor() + " ([RAPP] " + other.section()
                        + "), not of " + family.receptor() + "; " + family.accepted(), check(family, Rig.get(key)));
            }
        }
    }

    @Test
    void rejectionsSayWhatIsWrongAndWhatIsAccepted() {
        assertEquals("a command without cmd was rejected; r_core,touch takes cmd = GET ([RAPP] §3.4.1)",
                check(SensorFamily.TOUCH, new SensorCommand()));
        assertEquals("a command without cmd was rejected; r_core,fsr takes cmd = GET ([RAPP] §3.6.1)",
                check(SensorFamily.FSR, new SensorCommand()));
        assertEquals("GET rejected: data_name is empty; " + TOUCH_READS, check(SensorFamily.TOUCH, Rig.get(null)));
        assertEquals("GET rejected: data_name is empty; " + INERTIAL_READS, check(SensorFamily.INERTIAL, Rig.get(" ")));
        assertEquals("GET rejected: data_name \"LFoot/FSR/CenterOfPressure/X\" is not the ALMemory key of a sensor of r_core,fsr; " + FSR_READS,
                check(SensorFamily.FSR, Rig.get("LFoot/FSR/CenterOfPressure/X")));
        assertEquals("GET rejected: data_name \"device/subdevicelist/InertialSensor/AngleX/Sensor/Value\" is not the ALMemory key of a sensor "
                + "of r_core,inertial; " + INERTIAL_READS, check(SensorFamily.INERTIAL, Rig.get("device/subdevicelist/InertialSensor/AngleX/Sensor/Value")),
                "ALMemory keys are case-sensitive");
        assertEquals("GET rejected: data_name \" Device/SubDeviceList/Head/Touch/Rear/Sensor/Value\" is not the ALMemory key of a sensor of "
                + "r_core,touch; " + TOUCH_READS, check(SensorFamily.TOUCH, Rig.get(" Device/SubDeviceList/Head/Touch/Rear/Sensor/Value")),
                "data_name goes to ALMemory as it came: no trimming");
    }

    @Test
    void aSensorsNameIsNotItsKey() {
        assertEquals("GET rejected: data_name \"Head/Touch/Front\" names a sensor, not its ALMemory key; ask for "
                + "Device/SubDeviceList/Head/Touch/Front/Sensor/Value", check(SensorFamily.TOUCH, Rig.get("Head/Touch/Front")));
        assertEquals("GET rejected: data_name \"InertialSensor/AngleZ\" names a sensor, not its ALMemory key; ask for "
                + "Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value", check(SensorFamily.INERTIAL, Rig.get("InertialSensor/AngleZ")));
        assertEquals("GET rejected: data_name \"RFoot/FSR/TotalWeight\" names a sensor, not its ALMemory key; ask for "
                + "Device/SubDeviceList/RFoot/FSR/TotalWeight/Sensor/Value", check(SensorFamily.FSR, Rig.get("RFoot/FSR/TotalWeight")));
        assertEquals("GET rejected: data_name \"Head/Touch/Front\" is a sensor of r_core,touch ([RAPP] §3.4), not of r_core,fsr; " + FSR_READS,
                check(SensorFamily.FSR, Rig.get("Head/Touch/Front")), "another receptor's sensor, by name");
    }
}
