package org.embodia.nao.sim.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.NaoPosture;
import org.embodia.nao.model.NaoWalkSimulator;
import org.embodia.nao.model.WalkNoise;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SimulatedBodyTest {
    private static final double STEP = SimulatedBody.STEP;

    static SimulatedBody awake() {
        SimulatedBody body = new SimulatedBody(1, WalkNoise.NONE);
        body.setStiffnesses("Body", 1);
        return body;
    }

    /** Steps until the latest command ends; returns the steps taken. */
    static int runUntilDone(SimulatedBody body, int limit) {
        int steps = 0;
        while (body.isCommandActive()) {
            assertTrue(steps < limit, "the command is still running after " + limit + " steps");
            body.step();
            steps++;
        }
        return steps;
    }

    static SimulatedBody standing() {
        SimulatedBody body = awake();
        body.goToPosture("StandInit", 1);
        runUntilDone(body, 500);
        return body;
    }

    @Test
    void theBodyStartsInCrouchWithEveryJointLimp() {
        SimulatedBody body = new SimulatedBody(1);

        assertEquals("Crouch", body.posture());
        assertEquals("Crouching", body.postureFamily());
        for (NaoJoint joint : NaoJoint.values()) {
            assertEquals(0, body.stiffness(joint.naoqiName()), joint.naoqiName());
            assertEquals(NaoPosture.CROUCH.value(joint), body.angle(joint.naoqiName()), joint.naoqiName());
        }
    }

    @Test
    void aJointMovesAtTheFractionOfItsMaximumSpeedUntilItReachesTheTarget() {
        SimulatedBody body = awake();
        double speed = 0.5 * JointVelocityLimits.of(NaoJoint.HEAD_YAW);

        body.setAngles("HeadYaw", 1.0, 0.5);
        for (int i = 1; i <= 10; i++) {
            body.step();
            assertEquals(i * STEP * speed, body.angle("HeadYaw"), 1e-12, "after " + i + " steps");
        }
        int rest = runUntilDone(body, 100);

        assertEquals(1.0, body.angle("HeadYaw"), 0);
        assertTrue(body.isAttained());
        // 1 rad at 4.13 rad/s takes 0.242 s: 13 steps in all
        assertEquals((int) Math.ceil(1.0 / (speed * STEP)), 10 + rest);
    }

    @Test
    void legJointsAreSlowerThanArmJoints() {
        SimulatedBody body = awake();

        body.setAngles(List.of("LShoulderRoll", "LKneePitch"), new double[] {1.2, 1.5}, 1);
        body.step();

        assertEquals(NaoPosture.CROUCH.value(NaoJoint.L_SHOULDER_ROLL) + 7.19407 * STEP, body.angle("LShoulderRoll"),
                1e-12);
        assertEquals(NaoPosture.CROUCH.value(NaoJoint.L_KNEE_PITCH) - 6.40239 * STEP, body.angle("LKneePitch"), 1e-12);
    }

    @Test
    void jointsStopExactlyAtTheirLimits() {
        SimulatedBody body = awake();
        body.setAngles(List.of("HeadYaw", "HeadPitch"),
                new double[] {NaoJoint.HEAD_YAW.max(), NaoJoint.HEAD_PITCH.min()}, 1);

        for (int i = 0; i < 50; i++) {
            body.step();
            assertTrue(body.angle("HeadYaw") <= NaoJoint.HEAD_YAW.max());
            assertTrue(body.angle("HeadPitch") >= NaoJoint.HEAD_PITCH.min());
        }

        assertEquals(NaoJoint.HEAD_YAW.max(), body.angle("HeadYaw"), 0);
        assertEquals(NaoJoint.HEAD_PITCH.min(), body.angle("HeadPitch"), 0);
        assertTrue(body.isAttained());
    }

    @Test
    void aJointWithoutStiffnessHoldsStillAndTheCommandEndsUnattained() {
        SimulatedBody body = awake();
        body.setStiffnesses("RArm", 0);
        double elbow = body.angle("RElbowRoll");

        body.setAngles(List.of("LElbowRoll", "RElbowRoll"), new double[] {-0.5, 0.5}, 1);
        int steps = runUntilDone(body, 100);

        assertEquals(-0.5, body.angle("LElbowRoll"), 0);
        assertEquals(elbow, body.angle("RElbowRoll"), 0);
        assertFalse(body.isAttained());
        assertTrue(steps < 100);
    }

    @Test
    void aLimpBodyDoesNotMoveAtAll() {
        SimulatedBody body = new SimulatedBody(1, WalkNoise.NONE);

        body.setAngles("HeadYaw", 1.0, 1);
        body.step();

        assertEquals(0, body.angle("HeadYaw"), 0);
        assertFalse(body.isCommandActive());
        assertFalse(body.isAttained());
    }

    @Test
    void stiffnessInterpolatesLinearlyOverTheDuration() {
        SimulatedBody body = new SimulatedBody(1, WalkNoise.NONE);

        body.stiffnessInterpolation(List.of("Head"), new double[] {1.0}, 1.0);
        for (int i = 0; i < 25; i++) {
            body.step();
        }
        assertEquals(0.5, body.stiffness("HeadYaw"), 1e-9);
        assertEquals(0.5, body.stiffness("HeadPitch"), 1e-9);
        assertEquals(0, body.stiffness("LHand"), 0);
        for (int i = 0; i < 30; i++) {
            body.step();
        }
        assertEquals(1.0, body.stiffness("HeadYaw"), 1e-12);
    }

    @Test
    void perJointStiffnessesFollowTheExpandedChain() {
        SimulatedBody body = new SimulatedBody(1, WalkNoise.NONE);

        body.stiffnessInterpolation(List.of("Head", "LHand"), new double[] {0.2, 0.4, 0.6}, 0);

        assertEquals(0.2, body.stiffness("HeadYaw"));
        assertEquals(0.4, body.stiffness("HeadPitch"));
        assertEquals(0.6, body.stiffness("LHand"));
    }

    @ParameterizedTest
    @EnumSource(NaoPosture.class)
    void everyPredefinedPostureIsReachedAndNamed(NaoPosture posture) {
        SimulatedBody body = awake();
        // Through a posture of another family, so that every joint has a long way to go
        body.goToPosture(posture == NaoPosture.STAND_ZERO ? "Sit" : "StandZero", 1);
        runUntilDone(body, 1000);

        body.goToPosture(posture.naoqiName(), 0.8);
        runUntilDone(body, 1000);

        assertTrue(body.isAttained());
        assertEquals(posture.naoqiName(), body.posture());
        assertEquals(posture.family().naoqiName(), body.postureFamily());
        for (NaoJoint joint : NaoJoint.values()) {
            assertEquals(posture.value(joint), body.angle(joint.naoqiName()), 1e-9, joint.naoqiName());
        }
    }

    @Test
    void aPostureIsInterpolatedSoThatAllJointsArriveTogether() {
        SimulatedBody body = awake();
        double slowest = 0;
        for (NaoJoint joint : NaoJoint.values()) {
            double distance = Math.abs(NaoPosture.STAND.value(joint) - NaoPosture.CROUCH.value(joint));
            slowest = Math.max(slowest, distance / (0.5 * JointVelocityLimits.of(joint)));
        }

        body.goToPosture("Stand", 0.5);
        int steps = runUntilDone(body, 1000);

        assertEquals(Math.ceil(slowest / STEP - 1e-9), steps);
        assertEquals("Stand", body.posture());
    }

    @Test
    void halfwayBetweenPosturesThePostureIsUnknown() {
        SimulatedBody body = awake();

        body.goToPosture("Stand", 0.5);
        for (int i = 0; i < 10; i++) {
            body.step();
        }

        assertEquals(SimulatedBody.UNKNOWN, body.posture());
        assertEquals(SimulatedBody.UNKNOWN, body.postureFamily());
    }

    @Test
    void lookingAroundOrOpeningAHandDoesNotLeaveAPosture() {
        SimulatedBody body = standing();

        body.setAngles(List.of("HeadYaw", "LHand"), new double[] {1.5, 1.0}, 1);
        runUntilDone(body, 100);

        assertEquals("StandInit", body.posture());
    }

    @Test
    void theHipYawPitchJointsAreOneMotorAndTheLeftOneWins() {
        SimulatedBody body = awake();

        body.setAngles(List.of("RHipYawPitch"), new double[] {-0.3}, 1);
        runUntilDone(body, 100);
        assertEquals(-0.3, body.angle("LHipYawPitch"), 0);
        assertEquals(-0.3, body.angle("RHipYawPitch"), 0);

        body.setAngles(List.of("LHipYawPitch", "RHipYawPitch"), new double[] {-0.1, -0.6}, 1);
        runUntilDone(body, 100);
        assertEquals(-0.1, body.angle("RHipYawPitch"), 0);
        assertTrue(body.isAttained());
    }

    @Test
    void moveToArrivesAndReportsAttained() {
        SimulatedBody body = standing();

        body.moveTo(0.3, 0.1, 0.5);
        assertFalse(body.isAttained());
        int steps = runUntilDone(body, 2000);

        assertTrue(body.isAttained());
        Pose2D odometry = body.odometry();
        assertEquals(0.3, odometry.x(), 0.01);
        assertEquals(0.1, odometry.y(), 0.01);
        assertEquals(0.5, odometry.theta(), 0.01);
        // At most 0.1 m/s forward, so 0.3 m takes more than 3 s
        assertTrue(steps * STEP > 3, steps * STEP + " s");
    }

    @Test
    void moveWalksUntilStopMove() {
        SimulatedBody body = standing();

        body.move(0.1, 0, 0);
        for (int i = 0; i < 250; i++) {
            body.step();
        }
        assertTrue(body.isCommandActive());
        assertTrue(body.truePose().x() > 0.4, body.truePose().toString());

        body.stopMove();
        for (int i = 0; i < 100; i++) {
            body.step();
        }
        double x = body.truePose().x();
        body.step();

        assertEquals(x, body.truePose().x(), 1e-6);
        assertFalse(body.isAttained());
        assertFalse(body.isCommandActive());
    }

    @Test
    void moveTowardScalesToTheWalkLimits() {
        SimulatedBody body = standing();

        body.moveToward(0, 0, 1);
        for (int i = 0; i < 200; i++) {
            body.step();
        }

        assertEquals(NaoWalkSimulator.MAX_OMEGA, body.inertial().gyroscopeZ(), 1e-3);
        assertEquals(0, body.truePose().x(), 1e-9);
    }

    @Test
    void stopMoveHoldsTheJointsWhereTheyAre() {
        SimulatedBody body = awake();
        body.setAngles("HeadYaw", 2, 0.1);
        body.step();
        body.step();
        double yaw = body.angle("HeadYaw");

        body.stopMove();
        body.step();

        assertEquals(yaw, body.angle("HeadYaw"), 0);
        assertEquals(yaw, body.target("HeadYaw"), 0);
        assertFalse(body.isAttained());
    }

    @Test
    void theWalkNeedsAStandingPostureAndStiffLegs() {
        SimulatedBody crouching = awake();
        IllegalStateException notStanding = assertThrows(IllegalStateException.class, () -> crouching.moveTo(1, 0, 0));
        assertTrue(notStanding.getMessage().contains("Crouch") && notStanding.getMessage().contains("StandInit"),
                notStanding.getMessage());

        SimulatedBody body = standing();
        body.setStiffnesses("LLeg", 0);
        IllegalStateException limp = assertThrows(IllegalStateException.class, () -> body.move(0.05, 0, 0));
        assertTrue(limp.getMessage().contains("LKneePitch"), limp.getMessage());
    }

    @Test
    void theWalkStopsWhenALegGoesLimp() {
        SimulatedBody body = standing();
        body.move(0.1, 0, 0);
        for (int i = 0; i < 50; i++) {
            body.step();
        }

        body.setStiffnesses("RLeg", 0);
        for (int i = 0; i < 100; i++) {
            body.step();
        }
        double x = body.truePose().x();
        body.step();

        assertFalse(body.isCommandActive());
        assertEquals(x, body.truePose().x(), 1e-6);
    }

    @Test
    void theWeightRestsOnBothFeetStandingAndOnNeitherSeated() {
        SimulatedBody body = standing();
        assertEquals(SimulatedBody.MASS / 2, body.leftFootWeight(), 1e-9);
        assertEquals(SimulatedBody.MASS / 2, body.rightFootWeight(), 1e-9);

        body.goToPosture("Sit", 1);
        runUntilDone(body, 1000);
        assertEquals(0, body.leftFootWeight());
        assertEquals(0, body.rightFootWeight());

        body.goToPosture("LyingBack", 1);
        runUntilDone(body, 1000);
        assertEquals(0, body.leftFootWeight() + body.rightFootWeight());
    }

    @Test
    void rollingBothHipsShiftsTheWeightOntoOneFoot() {
        SimulatedBody body = standing();

        body.setAngles(List.of("LHipRoll", "RHipRoll"), new double[] {0.2, 0.2}, 1);
        runUntilDone(body, 100);
        assertTrue(body.rightFootWeight() > 1.5 * body.leftFootWeight(),
                body.leftFootWeight() + " kg left, " + body.rightFootWeight() + " kg right");
        assertEquals(SimulatedBody.MASS, body.leftFootWeight() + body.rightFootWeight(), 1e-9);

        body.setAngles(List.of("LHipRoll", "RHipRoll"), new double[] {-0.2, -0.2}, 1);
        runUntilDone(body, 100);
        assertTrue(body.leftFootWeight() > 1.5 * body.rightFootWeight());
    }

    @Test
    void walkingRocksTheWeightFromFootToFoot() {
        SimulatedBody body = standing();
        body.move(0.1, 0, 0);
        double mostOnLeft = 0;
        double mostOnRight = 0;

        for (int i = 0; i < 100; i++) {
            body.step();
            mostOnLeft = Math.max(mostOnLeft, body.leftFootWeight());
            mostOnRight = Math.max(mostOnRight, body.rightFootWeight());
        }

        assertTrue(mostOnLeft > 0.9 * SimulatedBody.MASS, mostOnLeft + " kg");
        assertTrue(mostOnRight > 0.9 * SimulatedBody.MASS, mostOnRight + " kg");
    }

    @Test
    void theTorsoStandsHigherThanItCrouchesAndTheInertialUnitFeelsGravity() {
        SimulatedBody body = awake();
        double crouching = body.torsoHeight();

        body.goToPosture("Stand", 1);
        runUntilDone(body, 500);

        // Feet 0.045 + tibia 0.103 + thigh 0.1 + hip offset 0.085 with nearly straight legs
        assertEquals(0.333, body.torsoHeight(), 0.002);
        assertTrue(crouching < body.torsoHeight() - 0.08, crouching + " m crouching");
        assertEquals(0, body.torsoPitch(), 0.01);
        InertialReading upright = body.inertial();
        assertEquals(NaoWalkSimulator.GRAVITY, upright.accelerometerZ(), 0.01);

        body.goToPosture("LyingBack", 1);
        runUntilDone(body, 500);
        body.step();
        InertialReading lying = body.inertial();
        assertEquals(-Math.PI / 2, lying.angleY(), 1e-12);
        assertEquals(NaoWalkSimulator.GRAVITY, lying.accelerometerX(), 1e-9);
        assertEquals(0, lying.accelerometerZ(), 1e-9);
    }

    @Test
    void unknownNamesAreRefusedWithTheNamesNaoqiKnows() {
        SimulatedBody body = awake();

        IllegalArgumentException joint = assertThrows(IllegalArgumentException.class,
                () -> body.setAngles("Neck", 0, 0.5));
        assertTrue(joint.getMessage().contains("\"Neck\"") && joint.getMessage().contains("HeadYaw")
                && joint.getMessage().contains("LArm"), joint.getMessage());

        IllegalArgumentException posture = assertThrows(IllegalArgumentException.class,
                () -> body.goToPosture("Kneel", 0.5));
        assertTrue(posture.getMessage().contains("\"Kneel\"") && posture.getMessage().contains("StandInit"),
                posture.getMessage());
    }

    @Test
    void badAnglesAndSpeedsAreRefusedNamingTheRange() {
        SimulatedBody body = awake();

        assertMessage("HeadYaw: 2.5 rad is outside its range [-2.0857, 2.0857] rad",
                () -> body.setAngles("HeadYaw", 2.5, 0.5));
        assertMessage("HeadYaw: the value is NaN", () -> body.setAngles("HeadYaw", Double.NaN, 0.5));
        assertMessage("setAngles: fractionMaxSpeed must be in (0, 1], was 1.5",
                () -> body.setAngles("HeadYaw", 0, 1.5));
        assertMessage("setAngles: fractionMaxSpeed must be in (0, 1], was NaN",
                () -> body.setAngles("HeadYaw", 0, Double.NaN));
        assertMessage("setAngles: fractionMaxSpeed must be in (0, 1], was 0.0", () -> body.setAngles("HeadYaw", 0, 0));
        assertMessage("goToPosture: speed must be in (0, 1], was -0.5", () -> body.goToPosture("Stand", -0.5));
        assertMessage("setAngles: 1 angles for the 2 joints [HeadYaw, HeadPitch]",
                () -> body.setAngles(List.of("Head"), new double[] {0}, 0.5));
        assertMessage("setStiffnesses: stiffness 1.2 is outside [0, 1]", () -> body.setStiffnesses("Body", 1.2));
        assertMessage("stiffnessInterpolation: the duration must be finite and at least 0 s, was NaN",
                () -> body.stiffnessInterpolation(List.of("Body"), new double[] {1}, Double.NaN));

        SimulatedBody standing = standing();
        assertMessage("move: vx = 0.5 is outside [-0.1, 0.1] m/s", () -> standing.move(0.5, 0, 0));
        assertMessage("move: omega = NaN is outside [-0.43625, 0.43625] rad/s", () -> standing.move(0, 0, Double.NaN));
        assertMessage("moveToward: y = -1.1 is outside [-1, 1] (normalised)", () -> standing.moveToward(0, -1.1, 0));
        assertMessage("moveTo: theta must be finite, was Infinity",
                () -> standing.moveTo(0, 0, Double.POSITIVE_INFINITY));
    }

    @Test
    void aRefusedCommandChangesNothing() {
        SimulatedBody body = awake();
        body.setAngles("HeadYaw", 1, 1);

        assertThrows(IllegalArgumentException.class,
                () -> body.setAngles(List.of("HeadYaw", "HeadPitch"), new double[] {-1, 3}, 1));
        runUntilDone(body, 100);

        assertEquals(1, body.angle("HeadYaw"), 0);
        assertTrue(body.isAttained());
    }

    private static void assertMessage(String expected, Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
