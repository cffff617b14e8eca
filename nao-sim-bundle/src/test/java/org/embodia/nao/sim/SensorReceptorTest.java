package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** core/a.touch/rr, core/a.inertial/rr and core/a.fsr/rr: ALMemory's values by key, as the body makes them. */
class SensorReceptorTest {
    private static final String HEAD_FRONT = "Device/SubDeviceList/Head/Touch/Front/Sensor/Value";
    private static final String ANGLE_Y = "Device/SubDeviceList/InertialSensor/AngleY/Sensor/Value";
    private static final String LEFT_FRONT_LEFT = "Device/SubDeviceList/LFoot/FSR/FrontLeft/Sensor/Value";

    private Rig rig;

    @BeforeEach
    void start(@TempDir Path directory) {
        rig = new Rig(directory);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private DataValue get(Rig.Link<SensorReceptorCommand, SensorReceptorStatus> link, String key) {
        SensorReceptorCommand c = link.next();
        c.cmd = SensorReceptorCommand.Cmd.GET_DATA;
        c.dataName = key;
        long seq = link.last().valueSeq;
        link.send();
        rig.until(() -> link.last().valueSeq != seq, "the value of " + key);
        return link.last().value;
    }

    @Test
    void aTouchSensorReadsOneWhileTouched() {
        assertEquals(0, get(rig.touch, HEAD_FRONT).number);

        rig.sim.touch("Head/Touch/Front", true);
        assertEquals(1, get(rig.touch, HEAD_FRONT).number);
        rig.sim.touch(HEAD_FRONT, false);
        assertEquals(0, get(rig.touch, HEAD_FRONT).number);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> rig.sim.touch("Tail/Touch", true)).getMessage()
                .contains("Head/Touch/Front"));
    }

    @Test
    void theInertialUnitAndTheFeetFollowThePosture() {
        double crouching = get(rig.inertial, ANGLE_Y).number;
        double crouchingFoot = get(rig.fsr, LEFT_FRONT_LEFT).number;
        rig.stand();

        double standing = get(rig.inertial, ANGLE_Y).number;
        assertTrue(Math.abs(standing) < 0.2 && Math.abs(standing - crouching) > 0.05,
                "the torso pitch changed from " + crouching + " to " + standing);
        assertTrue(crouchingFoot > 0.1, "the front left sensor of the left foot carries " + crouchingFoot + " kg");
        assertEquals(2.65, get(rig.fsr, "Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value").number, 0.05);
    }

    @Test
    void anUnknownKeyIsAnsweredWithNothingNamingIt() {
        DataValue v = get(rig.fsr, "Device/SubDeviceList/LFoot/FSR/Heel/Sensor/Value");

        assertEquals(DataValue.Kind.NONE, v.kind);
        assertEquals("Device/SubDeviceList/LFoot/FSR/Heel/Sensor/Value", v.dataName);
    }
}
