package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.body.SimulatedBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** core/a.body/re driven through its buffers as e_core,body drives it: every NAOqi call of §3.1 and its report. */
class BodyEffectorTest {
    private static final String HEAD_YAW = "Device/SubDeviceList/HeadYaw/Position/Sensor/Value";
    private static final String HEAD_YAW_STIFFNESS = "Device/SubDeviceList/HeadYaw/Hardness/Actuator/Value";

    private Rig rig;

    @BeforeEach
    void start(@TempDir Path directory) {
        rig = new Rig(directory);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private BodyEffectorStatus status() {
        return rig.body.last();
    }

    /** Sends the command the caller filled and ticks until attained is reported; returns the ticks it took. */
    private long sendAndAwaitAttained(String what) {
        long seq = status().attainedSeq;
        rig.body.send();
        return rig.until(() -> status().attainedSeq != seq, what);
    }

    private DataValue get(String key) {
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.GET_DATA;
        c.dataName = key;
        long seq = status().valueSeq;
        rig.body.send();
        rig.until(() -> status().valueSeq != seq, "value of " + key);
        return status().value;
    }

    @Test
    void theBodyReportsEveryTickFromTheStart() {
        rig.tick(1);

        BodyEffectorStatus s = status();
        assertEquals("Crouch", s.cpost, "NAO starts as ALMotion.rest leaves it");
        assertEquals(26, s.cja.count);
        assertEquals(26, s.cmp.count);
        assertEquals("HeadYaw", s.cja.joints[0]);
        assertEquals(0, s.odm.x, 1e-9);
        assertEquals(0, s.attainedSeq);
    }

    @Test
    void stiffnessInterpolationRampsOverASecondAndReportsAttained() {
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.STIFFNESS_INTERPOL;
        c.stiffness.clear();
        c.stiffness.add("Head", 1.0);
        rig.body.send();
        rig.tick(26);

        double halfway = get(HEAD_YAW_STIFFNESS).number;
        assertTrue(halfway > 0.3 && halfway < 0.7, "half a second in: " + halfway);
        rig.until(() -> status().attainedSeq == 1, "the interpolation's end");

        assertTrue(status().attained);
        long ticks = rig.sim.ticks();
        assertTrue(ticks >= BodyDevice.STIFFNESS_INTERPOLATION_SECONDS / SimulatedBody.STEP, ticks + " ticks");
        assertEquals(1.0, get(HEAD_YAW_STIFFNESS).number, 1e-6);
        assertEquals(0.0, get("Device/SubDeviceList/LKneePitch/Hardness/Actuator/Value").number, 1e-9,
                "only the head was named");
    }

    @Test
    void goToPostureSetsTheStiffnessThenReachesThePostureAndShiftsTheWeight() {
        assertEquals(0, status().cja.count, "nothing received before the first tick");
        rig.tick(1);
        double crouchingLeft = get("Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value").number;

        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.GO_TO_POSTURE;
        c.dpost.set("StandInit", 0.8);
        c.stiffness.clear();
        c.stiffness.add("Body", 1.0);
        long ticks = sendAndAwaitAttained("StandInit");

        assertTrue(status().attained);
        assertEquals("StandInit", status().cpost);
        assertTrue(ticks > 5, "the joints took " + ticks + " ticks, not an instant");
        assertEquals(2.65, crouchingLeft, 0.05, "crouching, each foot carries half of NAO's 5.3 kg");

        c.cmd = BodyEffectorCommand.Cmd.GO_TO_POSTURE;
        c.dpost.set("Sit", 1.0);
        sendAndAwaitAttained("Sit");
        assertEquals("Sit", status().cpost);
        assertEquals(0, get("Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value").number, 1e-6,
                "seated, the feet carry nothing");
    }

    @Test
    void moveToWalksToTheTargetAndRaisesAttained() {
        rig.stand();
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.MOVE_TO;
        c.dpose.set(0.3, 0.1, 0.4);
        c.extCollis.set("All", false);
        c.walkArms.set(true, true);
        c.footProt = true;
        long ticks = sendAndAwaitAttained("moveTo");

        assertTrue(status().attained);
        double[] truth = rig.sim.truePose();
        // The walk reaches the target in its odometry; the true pose is off by the odometry's drift
        assertEquals(0.3, status().odm.x, 0.01);
        assertEquals(0.1, status().odm.y, 0.01);
        assertEquals(0.4, status().odm.theta, 0.01);
        assertEquals(0.3, truth[0], 0.05);
        assertEquals(0.1, truth[1], 0.05);
        assertEquals(0.4, status().im.theta, 0.1, "the IMU's yaw followed the turn");
        assertTrue(ticks * SimulatedBody.STEP > 3, "0.3 m at NAO's 0.1 m/s took " + ticks + " ticks");
    }

    @Test
    void stopMoveEndsAMoveToWithoutAttainingIt() {
        rig.stand();
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.MOVE_TO;
        c.dpose.set(1, 0, 0);
        rig.body.send();
        rig.tick(50);
        c.cmd = BodyEffectorCommand.Cmd.STOP_MOVE;
        sendAndAwaitAttained("the moveTo's end");

        assertFalse(status().attained);
        assertTrue(rig.sim.truePose()[0] < 0.5, "stopped on the way");
    }

    @Test
    void moveWalksUntilAZeroVelocityAndTheImuTurnsWithIt() {
        rig.stand();
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.MOVE;
        c.velocity.set(0.05, 0, 0.3);
        rig.body.send();
        rig.tick(150);

        double yaw = get("Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value").number;
        assertTrue(yaw > 0.5, "3 s at 0.3 rad/s: AngleZ " + yaw);
        assertEquals(yaw, status().im.theta, 0.05);
        assertTrue(status().im.omega > 0.2, "yaw rate " + status().im.omega);
        assertTrue(status().odm.x > 0.05, status().odm.toString());

        c.cmd = BodyEffectorCommand.Cmd.MOVE;
        c.velocity.set(0, 0, 0);
        rig.body.send();
        rig.tick(100);
        double[] stopped = rig.sim.truePose();
        rig.tick(50);
        assertEquals(stopped[0], rig.sim.truePose()[0], 1e-4, "a zero velocity stops the walk (its speed decaying with the walk's lag)");
        assertEquals(0, status().attainedSeq - 1, "move attains nothing; only StandInit reported");
    }

    @Test
    void setAnglesMovesTheJointsAtTheFractionOfTheirSpeedAndReportsAttained() {
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.SET_ANGLES;
        c.dja.clear();
        c.dja.add("HeadYaw", 0.5);
        c.dja.add("HeadPitch", -0.2);
        c.dja.fractionMaxSpeed = 0.3;
        c.stiffness.clear();
        c.stiffness.add("HeadYaw", 1.0);
        c.stiffness.add("HeadPitch", 1.0);
        long ticks = sendAndAwaitAttained("setAngles");

        assertTrue(status().attained);
        BodyEffectorStatus s = status();
        assertEquals(0.5, s.cja.values[s.cja.indexOf("HeadYaw")], 1e-6);
        assertEquals(-0.2, s.cja.values[s.cja.indexOf("HeadPitch")], 1e-6);
        assertEquals(0.5, get(HEAD_YAW).number, 1e-6);
        // HeadYaw's 0.5 rad at 0.3 × 8.27 rad/s takes 0.2 s: ten ticks, plus the command's way in
        assertTrue(ticks >= 10 && ticks <= 14, ticks + " ticks");
    }

    @Test
    void unknownKeysAreAnsweredWithNothingNamingThem() {
        DataValue v = get("Device/SubDeviceList/Tail/Position/Sensor/Value");

        assertEquals(DataValue.Kind.NONE, v.kind);
        assertEquals("Device/SubDeviceList/Tail/Position/Sensor/Value", v.dataName);
    }

    @Test
    void aCommandNaoqiWouldRefuseChangesNothingAndSaysWhy() {
        rig.tick(1);
        BodyEffectorCommand c = rig.body.next();
        c.cmd = BodyEffectorCommand.Cmd.GO_TO_POSTURE;
        c.dpost.set("Handstand", 1.0);
        c.stiffness.clear();
        c.stiffness.add("Body", 1.0);
        long valueSeq = status().valueSeq;
        sendAndAwaitAttained("the refusal");

        assertFalse(status().attained);
        assertEquals(valueSeq + 1, status().valueSeq);
        assertEquals(NaoSimulator.ERROR, status().value.dataName);
        assertTrue(status().value.text.contains("Handstand"), status().value.text);
        assertEquals(0, get(HEAD_YAW_STIFFNESS).number, 1e-9, "the stiffness was not set either");
        assertEquals(1, rig.sim.commandErrors());
        assertTrue(rig.sim.lastCommandError().startsWith(BodyEffector.NAME), rig.sim.lastCommandError());

        c.cmd = BodyEffectorCommand.Cmd.MOVE_TO;
        c.dpose.set(0.2, 0, 0);
        sendAndAwaitAttained("a walk from Crouch");
        assertFalse(status().attained);
        assertTrue(status().value.text.contains("standing posture"), status().value.text);

        c.cmd = BodyEffectorCommand.Cmd.SET_ANGLES;
        c.dja.clear();
        c.dja.add("HeadYaw", 3.0);
        c.dja.fractionMaxSpeed = 0.5;
        c.stiffness.clear();
        c.stiffness.add("HeadYaw", 1.0);
        sendAndAwaitAttained("an angle beyond the limit");
        assertFalse(status().attained);
        assertTrue(status().value.text.contains("HeadYaw"), status().value.text);
        assertEquals(0, get(HEAD_YAW_STIFFNESS).number, 1e-9);
        assertEquals("Crouch", status().cpost);
    }
}
