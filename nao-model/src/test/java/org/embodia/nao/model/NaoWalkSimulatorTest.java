package org.embodia.nao.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NaoWalkSimulatorTest {
    @Test
    void theLimitsFollowFromNaoqisDefaultStepsAndTheStepPeriod() {
        assertEquals(0.1, NaoWalkSimulator.MAX_VX, 1e-12);
        assertEquals(0.05625, NaoWalkSimulator.MAX_VY, 1e-12);
        assertEquals(0.43625, NaoWalkSimulator.MAX_OMEGA, 1e-12);
        assertEquals(0.02, NaoWalkSimulator.STEP, 0);
    }

    @Test
    void withoutNoiseOdometryAndImuReportTheTrueMotion() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1, WalkNoise.NONE);
        sim.moveVel(0.08, 0.02, 0.2);
        run(sim, 1500);
        assertEquals(30, sim.time(), 1e-9);
        assertEquals(sim.trueX(), sim.odomX(), 1e-12);
        assertEquals(sim.trueY(), sim.odomY(), 1e-12);
        assertEquals(sim.trueTheta(), sim.odomTheta(), 1e-12);
        assertEquals(sim.trueTheta(), sim.imuYaw(), 1e-9);
        assertEquals(0.2, sim.gyroZ(), 1e-9);
        // Steady circling: the only acceleration is centripetal, ω × v.
        assertEquals(-0.2 * 0.02, sim.accX(), 1e-9);
        assertEquals(0.2 * 0.08, sim.accY(), 1e-9);
        assertEquals(NaoWalkSimulator.GRAVITY, sim.accZ(), 0);
    }

    @Test
    void commandsBeyondTheLimitsAreScaledDownKeepingTheirDirection() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1, WalkNoise.NONE);
        sim.moveVel(1, 0, 0);
        run(sim, 250);
        assertEquals(NaoWalkSimulator.MAX_VX, sim.trueVx(), 1e-9);
        sim.moveVel(-0.15, 0.1, 0.4);
        run(sim, 250);
        // vy is furthest over (0.1 / 0.05625, vx 1.5, ω 0.92): every component is divided by that factor.
        double over = 0.1 / NaoWalkSimulator.MAX_VY;
        assertEquals(-0.15 / over, sim.trueVx(), 1e-9);
        assertEquals(NaoWalkSimulator.MAX_VY, sim.trueVy(), 1e-9);
        assertEquals(0.4 / over, sim.trueOmega(), 1e-9);
    }

    @Test
    void theWalkTakesUpAVelocityWithItsTimeConstant() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1, WalkNoise.NONE);
        sim.moveVel(0.1, 0, 0);
        run(sim, (int) Math.round(NaoWalkSimulator.WALK_TIME_CONSTANT / NaoWalkSimulator.STEP));
        assertEquals(0.1 * (1 - Math.exp(-1)), sim.trueVx(), 0.003);
        assertTrue(sim.accX() > 0);
        sim.stop();
        run(sim, 250);
        assertEquals(0, sim.trueVx(), 1e-9);
        assertFalse(sim.isCommanded());
    }

    @Test
    void moveToArrivesAtTheTargetGivenInTheRobotFrame() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1, WalkNoise.NONE);
        sim.moveTo(0, 0, Math.PI / 2);
        runUntilAttained(sim);
        sim.moveTo(0.5, 0.2, 1.0);
        assertFalse(sim.isAttained());
        double seconds = runUntilAttained(sim);
        run(sim, 100);
        // Facing +y after the first turn, (0.5, 0.2) in the robot frame is (−0.2, 0.5) in the global one.
        assertEquals(-0.2, sim.trueX(), 0.01);
        assertEquals(0.5, sim.trueY(), 0.01);
        assertEquals(Math.PI / 2 + 1.0, sim.trueTheta(), 0.01);
        assertTrue(seconds > 0.5 / NaoWalkSimulator.MAX_VX, "no faster than the speed limit: " + seconds + " s");
        assertTrue(sim.isAttained());
        sim.stop();
        assertFalse(sim.isAttained(), "STOP: attained is FALSE");
    }

    @Test
    void moveToTurnsBeyondHalfARevolutionWhole() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1, WalkNoise.NONE);
        sim.moveTo(0, 0, 1.5 * Math.PI);
        runUntilAttained(sim);
        run(sim, 100);
        assertEquals(-Math.PI / 2, sim.trueTheta(), 0.01);
    }

    @Test
    void withNoiseMoveToArrivesInTheOdometryButNotInTruth() {
        NaoWalkSimulator sim = new NaoWalkSimulator(3);
        sim.moveTo(2, 0, 0);
        runUntilAttained(sim);
        assertEquals(2, sim.odomX(), 0.01);
        // Odometry over-reports by 6 %: the robot stops short, and its heading drifted unseen.
        assertEquals(2 / 1.06, sim.trueX(), 0.03);
        assertTrue(Math.abs(sim.trueTheta() - sim.odomTheta()) > 0.02);
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnotherRun() {
        NaoWalkSimulator a = new NaoWalkSimulator(42);
        NaoWalkSimulator b = new NaoWalkSimulator(42);
        NaoWalkSimulator c = new NaoWalkSimulator(43);
        for (NaoWalkSimulator sim : new NaoWalkSimulator[] {a, b, c}) {
            sim.moveVel(0.1, 0, 0.3);
            run(sim, 500);
        }
        assertEquals(a.odomX(), b.odomX(), 0);
        assertEquals(a.imuYaw(), b.imuYaw(), 0);
        assertEquals(a.accX(), b.accX(), 0);
        assertNotEquals(a.odomX(), c.odomX());
        assertNotEquals(a.imuYaw(), c.imuYaw());
        assertEquals(a.trueX(), c.trueX(), 0, "the true motion does not depend on the noise");
    }

    @Test
    void standingStillTheImuYawDriftsWithTheGyroBias() {
        NaoWalkSimulator sim = new NaoWalkSimulator(5);
        run(sim, 30_000);
        assertEquals(0, sim.trueTheta(), 0);
        assertEquals(0, sim.odomX(), 0);
        // 600 s at 0.5 mrad/s is 0.3 rad; the gyro's noise adds a random walk of about 0.035 rad (1σ).
        assertEquals(WalkNoise.DEFAULT.gyroBias() * 600, sim.imuYaw(), 0.1);
        assertEquals(NaoWalkSimulator.GRAVITY, sim.accZ(), 0.3);
    }

    @Test
    void nonFiniteCommandsAreRefusedNamingTheArgument() {
        NaoWalkSimulator sim = new NaoWalkSimulator(1);
        sim.moveVel(0.05, 0, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.moveVel(Double.NaN, 0, 0));
        assertTrue(e.getMessage().contains("moveVel") && e.getMessage().contains("vx") && e.getMessage().contains("NaN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sim.moveTo(1, 0, Double.NaN));
        assertTrue(e.getMessage().contains("moveTo") && e.getMessage().contains("theta"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sim.moveVel(0, Double.POSITIVE_INFINITY, 0));
        assertThrows(IllegalArgumentException.class, () -> sim.moveTo(0, Double.NaN, 0));
        run(sim, 250);
        assertEquals(0.05, sim.trueVx(), 1e-6, "the refused commands left the running one in place");
        assertThrows(IllegalArgumentException.class, () -> new NaoWalkSimulator(1, null));
        assertThrows(IllegalArgumentException.class, () -> new WalkNoise(Double.NaN, 0, 0, 0, 0, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new WalkNoise(0, 0, 0, -0.1, 0, 0, 0, 0, 0));
    }

    static void run(NaoWalkSimulator sim, int steps) {
        for (int i = 0; i < steps; i++) {
            sim.step();
        }
    }

    private static double runUntilAttained(NaoWalkSimulator sim) {
        double start = sim.time();
        for (int i = 0; i < 10_000 && !sim.isAttained(); i++) {
            sim.step();
        }
        assertTrue(sim.isAttained(), "moveTo arrived within 200 s");
        return sim.time() - start;
    }
}
