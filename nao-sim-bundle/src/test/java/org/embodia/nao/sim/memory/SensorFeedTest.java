package org.embodia.nao.sim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.WalkNoise;
import org.embodia.nao.sim.body.SimulatedBody;
import org.junit.jupiter.api.Test;

class SensorFeedTest {
    private static final String P = "Device/SubDeviceList/";

    private final SimulatedBody body = new SimulatedBody(3, WalkNoise.NONE);
    private final AlMemory memory = new AlMemory();
    private final SensorFeed feed = new SensorFeed(memory, body);

    private void run(int steps) {
        for (int i = 0; i < steps; i++) {
            body.step();
            feed.update();
        }
    }

    private void settle() {
        while (body.isCommandActive()) {
            run(1);
        }
    }

    private void stand() {
        body.setStiffnesses("Body", 1);
        body.goToPosture("StandInit", 1);
        settle();
    }

    private float total(String foot) {
        return memory.getFloat(P + foot + "/FSR/TotalWeight/Sensor/Value");
    }

    @Test
    void theKeysAreSpelledAsNaoqiSpellsThem() {
        // Written out by hand from Aldebaran's sensor list, not built from the code's own constants
        for (String key : List.of(
                "Device/SubDeviceList/InertialSensor/AngleX/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/AngleY/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/GyroscopeX/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/GyroscopeY/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/GyroscopeZ/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/AccelerometerX/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/AccelerometerY/Sensor/Value",
                "Device/SubDeviceList/InertialSensor/AccelerometerZ/Sensor/Value",
                "Device/SubDeviceList/LFoot/FSR/FrontLeft/Sensor/Value",
                "Device/SubDeviceList/LFoot/FSR/FrontRight/Sensor/Value",
                "Device/SubDeviceList/LFoot/FSR/RearLeft/Sensor/Value",
                "Device/SubDeviceList/LFoot/FSR/RearRight/Sensor/Value",
                "Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value",
                "Device/SubDeviceList/RFoot/FSR/FrontLeft/Sensor/Value",
                "Device/SubDeviceList/RFoot/FSR/FrontRight/Sensor/Value",
                "Device/SubDeviceList/RFoot/FSR/RearLeft/Sensor/Value",
                "Device/SubDeviceList/RFoot/FSR/RearRight/Sensor/Value",
                "Device/SubDeviceList/RFoot/FSR/TotalWeight/Sensor/Value",
                "Device/SubDeviceList/Head/Touch/Front/Sensor/Value",
                "Device/SubDeviceList/Head/Touch/Middle/Sensor/Value",
                "Device/SubDeviceList/Head/Touch/Rear/Sensor/Value",
                "Device/SubDeviceList/LHand/Touch/Back/Sensor/Value",
                "Device/SubDeviceList/LHand/Touch/Left/Sensor/Value",
                "Device/SubDeviceList/LHand/Touch/Right/Sensor/Value",
                "Device/SubDeviceList/RHand/Touch/Back/Sensor/Value",
                "Device/SubDeviceList/RHand/Touch/Left/Sensor/Value",
                "Device/SubDeviceList/RHand/Touch/Right/Sensor/Value",
                "Device/SubDeviceList/LFoot/Bumper/Left/Sensor/Value",
                "Device/SubDeviceList/LFoot/Bumper/Right/Sensor/Value",
                "Device/SubDeviceList/RFoot/Bumper/Left/Sensor/Value",
                "Device/SubDeviceList/RFoot/Bumper/Right/Sensor/Value",
                "Device/SubDeviceList/HeadYaw/Position/Sensor/Value",
                "Device/SubDeviceList/HeadYaw/Position/Actuator/Value",
                "Device/SubDeviceList/HeadYaw/Hardness/Actuator/Value",
                "Device/SubDeviceList/RHand/Position/Sensor/Value")) {
            assertTrue(memory.containsKey(key), key);
        }
        // 26 joints × 3, 9 inertial, 8 FSRs and 2 totals, 13 touch sensors: nothing else
        assertEquals(26 * 3 + 9 + 10 + 13, memory.getDataListName().size());
    }

    @Test
    void jointKeysFollowTheBody() {
        body.setStiffnesses("Head", 1);
        body.setAngles("HeadPitch", 0.3, 1);
        run(1);

        assertEquals((float) body.angle("HeadPitch"), memory.getFloat(P + "HeadPitch/Position/Sensor/Value"));
        assertEquals(0.3f, memory.getFloat(P + "HeadPitch/Position/Actuator/Value"));
        assertEquals(1f, memory.getFloat(P + "HeadPitch/Hardness/Actuator/Value"));
        assertEquals(0f, memory.getFloat(P + "LKneePitch/Hardness/Actuator/Value"));
        settle();
        assertEquals(0.3f, memory.getFloat(P + "HeadPitch/Position/Sensor/Value"), 1e-6f);
    }

    @Test
    void theFootSensorsCarryTheMassSplitByStance() {
        stand();
        assertEquals(SimulatedBody.MASS / 2, total("LFoot"), 1e-5);
        assertEquals(SimulatedBody.MASS / 2, total("RFoot"), 1e-5);
        float sum = 0;
        for (Fsr sensor : Fsr.values()) {
            sum += memory.getFloat(sensor.key());
        }
        assertEquals(SimulatedBody.MASS, sum, 1e-5);
        // The ankle is nearer the rear sensors: they carry the larger part
        assertTrue(memory.getFloat(P + "LFoot/FSR/RearLeft/Sensor/Value")
                > memory.getFloat(P + "LFoot/FSR/FrontLeft/Sensor/Value"));

        body.setAngles(List.of("LHipRoll", "RHipRoll"), new double[] {0.15, 0.15}, 1);
        settle();
        assertTrue(total("RFoot") > 2 * total("LFoot"), total("LFoot") + " kg left, " + total("RFoot") + " kg right");

        body.goToPosture("Sit", 1);
        settle();
        assertEquals(0f, total("LFoot"));
        assertEquals(0f, total("RFoot"));
        assertEquals(0f, memory.getFloat(P + "RFoot/FSR/FrontRight/Sensor/Value"));
    }

    @Test
    void eachFootsSharesAddUpToOne() {
        double left = 0;
        double right = 0;
        for (Fsr sensor : Fsr.values()) {
            assertTrue(sensor.share() > 0.1 && sensor.share() < 0.5, sensor + " " + sensor.share());
            if (sensor.foot().equals("LFoot")) {
                left += sensor.share();
            } else {
                right += sensor.share();
            }
        }
        assertEquals(1, left, 1e-12);
        assertEquals(1, right, 1e-12);
    }

    @Test
    void theInertialKeysFollowTheWalk() {
        stand();
        body.moveTo(0, 0, 0.5);
        settle();

        assertEquals(0.5f, memory.getFloat(P + "InertialSensor/AngleZ/Sensor/Value"), 0.01f);
        assertEquals(9.81f, memory.getFloat(P + "InertialSensor/AccelerometerZ/Sensor/Value"), 0.05f);
        assertEquals((float) body.torsoPitch(), memory.getFloat(P + "InertialSensor/AngleY/Sensor/Value"));
    }

    @Test
    void touchSetsASensorUntilReleaseAndStepsLeaveItAlone() {
        String key = P + "Head/Touch/Middle/Sensor/Value";
        assertEquals(0f, memory.getFloat(key));

        feed.touch(key);
        run(3);
        assertEquals(1f, memory.getFloat(key));
        assertEquals(0f, memory.getFloat(P + "Head/Touch/Front/Sensor/Value"));

        feed.release("Head/Touch/Middle");
        assertEquals(0f, memory.getFloat(key));

        feed.touch("RFoot/Bumper/Left");
        assertEquals(1f, memory.getFloat(P + "RFoot/Bumper/Left/Sensor/Value"));
    }

    @Test
    void onlyTouchSensorsCanBeTouched() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> feed.touch(P + "HeadYaw/Position/Sensor/Value"));

        assertTrue(refused.getMessage().startsWith("\"" + P + "HeadYaw/Position/Sensor/Value\" is not one of NAO's"
                + " touch sensors; they are Head/Touch/Front, Head/Touch/Middle"), refused.getMessage());
        for (NaoJoint joint : NaoJoint.values()) {
            assertEquals((float) body.angle(joint.naoqiName()), memory.getFloat(DeviceKeys.jointPosition(joint)));
        }
    }
}
