package org.embodia.nao.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

class NaoPoseEkfTest {
    /** The bounds the EKF keeps and raw odometry breaks over about a minute of walking (m, rad). */
    private static final double POSITION_BOUND = 0.20;
    private static final double HEADING_BOUND = 0.06;
    private static final long[] SEEDS = {1, 2, 3, 4, 5};

    /** Errors of one run: the EKF's largest and final, the odometry's final. */
    private record Run(String path, long seed, double seconds, double ekfMaxPosition, double ekfMaxHeading,
            double ekfPosition, double ekfHeading, double odomPosition, double odomHeading, double ekfSigmaPosition) {
        void print() {
            System.out.printf("%-6s seed %d, %4.1f s: EKF max %.3f m %.3f rad, final %.3f m %.3f rad (1σ %.3f m)"
                    + " | odometry final %.3f m %.3f rad%n", path, seed, seconds, ekfMaxPosition, ekfMaxHeading,
                    ekfPosition, ekfHeading, ekfSigmaPosition, odomPosition, odomHeading);
        }
    }

    /** Follows a simulated walk step by step, as the body virtual effector does. */
    private static final class Tracker {
        final NaoWalkSimulator sim;
        final NaoPoseEkf ekf = new NaoPoseEkf();
        double maxPosition;
        double maxHeading;

        Tracker(NaoWalkSimulator sim) {
            this.sim = sim;
            ekf.step(sim.odomX(), sim.odomY(), sim.odomTheta(), sim.imuYaw());
        }

        void step() {
            sim.step();
            ekf.step(sim.odomX(), sim.odomY(), sim.odomTheta(), sim.imuYaw());
            maxPosition = Math.max(maxPosition, Math.hypot(ekf.x() - sim.trueX(), ekf.y() - sim.trueY()));
            maxHeading = Math.max(maxHeading, Math.abs(Angles.wrap(ekf.theta() - sim.trueTheta())));
        }

        void untilAttained() {
            for (int i = 0; i < 10_000 && !sim.isAttained(); i++) {
                step();
            }
            assertTrue(sim.isAttained());
        }

        Run result(String path, long seed) {
            return new Run(path, seed, sim.time(), maxPosition, maxHeading,
                    Math.hypot(ekf.x() - sim.trueX(), ekf.y() - sim.trueY()),
                    Math.abs(Angles.wrap(ekf.theta() - sim.trueTheta())),
                    Math.hypot(sim.odomX() - sim.trueX(), sim.odomY() - sim.trueY()),
                    Math.abs(Angles.wrap(sim.odomTheta() - sim.trueTheta())),
                    Math.sqrt(ekf.covariance(0, 0) + ekf.covariance(1, 1)));
        }
    }

    /** A 1.2 m square walked with moveTo, turning left at each corner: about 64 s. */
    private static Run square(long seed) {
        Tracker t = new Tracker(new NaoWalkSimulator(seed));
        for (int side = 0; side < 4; side++) {
            t.sim.moveTo(1.2, 0, 0);
            t.untilAttained();
            t.sim.moveTo(0, 0, Math.PI / 2);
            t.untilAttained();
        }
        return t.result("square", seed);
    }

    /** 60 s on a circle of 1 m radius (0.1 m/s, 0.1 rad/s) with moveVel. */
    private static Run circle(long seed) {
        Tracker t = new Tracker(new NaoWalkSimulator(seed));
        t.sim.moveVel(0.1, 0, 0.1);
        for (int i = 0; i < 3000; i++) {
            t.step();
        }
        return t.result("circle", seed);
    }

    @Test
    void overAMinuteOfWalkingTheEkfStaysWithinBoundsWhileOdometryDriftsBeyondThem() {
        System.out.printf("NAO pose EKF vs raw odometry; bounds %.2f m, %.2f rad%n", POSITION_BOUND, HEADING_BOUND);
        for (long seed : SEEDS) {
            for (Run run : new Run[] {square(seed), circle(seed)}) {
                run.print();
                String what = run.path() + " seed " + run.seed();
                assertTrue(run.ekfMaxPosition() <= POSITION_BOUND, what + ": EKF position error " + run.ekfMaxPosition());
                assertTrue(run.ekfMaxHeading() <= HEADING_BOUND, what + ": EKF heading error " + run.ekfMaxHeading());
                assertTrue(run.odomPosition() > POSITION_BOUND, what + ": odometry position error " + run.odomPosition());
                assertTrue(run.odomHeading() > HEADING_BOUND, what + ": odometry heading error " + run.odomHeading());
                assertTrue(run.ekfPosition() <= 3 * run.ekfSigmaPosition(), what + ": the EKF's covariance covers its error");
                assertTrue(run.seconds() >= 60, what + ": " + run.seconds() + " s");
            }
        }
    }

    @Test
    void withExactOdometryAndImuTheEstimateIsTheTruePose() {
        Tracker t = new Tracker(new NaoWalkSimulator(9, WalkNoise.NONE));
        t.sim.moveVel(0.08, 0.03, 0.3);
        for (int i = 0; i < 2000; i++) {
            t.step();
        }
        t.sim.moveTo(-0.5, 0.4, -2.5);
        t.untilAttained();
        assertEquals(0, t.maxPosition, 1e-9);
        assertEquals(0, t.maxHeading, 1e-9);
    }

    @Test
    void correctingTheHeadingAlsoCorrectsThePositionWalkedAtIt() {
        NaoPoseEkf ekf = new NaoPoseEkf();
        ekf.predict(0, 0, 0.1);
        ekf.predict(1, 0, 0);
        assertEquals(Math.sin(0.1), ekf.y(), 1e-12);
        ekf.updateYaw(0);
        assertTrue(ekf.theta() < 0.1 && ekf.theta() > 0, "the yaw pulls θ down: " + ekf.theta());
        assertTrue(ekf.y() < Math.sin(0.1), "and with it y, walked at that heading: " + ekf.y());
        assertEquals(ekf.covariance(1, 2), ekf.covariance(2, 1), 0);
        assertTrue(ekf.covariance(0, 0) > 0 && ekf.covariance(1, 1) > 0 && ekf.covariance(2, 2) > 0);
        assertThrows(IllegalArgumentException.class, () -> ekf.covariance(3, 0));
    }

    @Test
    void anglesWrapAcrossPlusMinusPi() {
        NaoPoseEkf ekf = new NaoPoseEkf();
        ekf.reset(0, 0, Math.PI - 0.01);
        ekf.predict(0, 0, 0.05);
        assertEquals(-Math.PI + 0.04, ekf.theta(), 1e-12, "prediction wraps past π");
        // The yaw reading π − 0.02 is 0.06 rad behind the estimate, not 2π − 0.06 ahead.
        double p = ekf.covariance(2, 2);
        double gain = p / (p + EkfTuning.DEFAULT.yawVariance());
        ekf.updateYaw(Math.PI - 0.02);
        assertEquals(0, Angles.wrap(ekf.theta() - (Math.PI + 0.04 - gain * 0.06)), 1e-12);
        assertTrue(ekf.theta() <= Math.PI && ekf.theta() >= -Math.PI);
        assertEquals(Math.PI - 0.01, Angles.wrap(3 * Math.PI - 0.01), 1e-12);
        assertEquals(-Math.PI + 0.01, Angles.wrap(-3 * Math.PI + 0.01), 1e-12);
    }

    @Test
    void theOdometryOfAStepIsTakenInTheOdometrysOwnFrame() {
        // Odometry that believes it faces +y while the estimate faces +x: a step "forward" in odometry is forward for the estimate too.
        NaoPoseEkf ekf = new NaoPoseEkf();
        ekf.step(5, 5, Math.PI / 2, 0);
        ekf.step(5, 5.1, Math.PI / 2, 0);
        assertEquals(0.1, ekf.x(), 1e-12);
        assertEquals(0, ekf.y(), 1e-12);
    }

    @Test
    void naNAndInfiniteInputsAreRefusedBeforeAnythingChanges() {
        NaoPoseEkf ekf = new NaoPoseEkf();
        ekf.step(0, 0, 0, 0);
        ekf.step(0.1, 0.02, 0.05, 0.04);
        double x = ekf.x();
        double theta = ekf.theta();
        double p22 = ekf.covariance(2, 2);
        String[] names = {"odomX", "odomY", "odomTheta", "imuYaw"};
        for (int i = 0; i < 4; i++) {
            double[] args = {0.2, 0.04, 0.1, 0.1};
            args[i] = Double.NaN;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ekf.step(args[0], args[1], args[2], args[3]));
            assertTrue(e.getMessage().contains(names[i]) && e.getMessage().contains("NaN"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> ekf.step(0.2, 0.04, 0.1, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> ekf.predict(Double.NaN, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> ekf.predict(0, 0, Double.NEGATIVE_INFINITY));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ekf.updateYaw(Double.NaN)).getMessage().contains("yaw"));
        assertThrows(IllegalArgumentException.class, () -> ekf.reset(0, Double.NaN, 0));
        assertEquals(x, ekf.x(), 0);
        assertEquals(theta, ekf.theta(), 0);
        assertEquals(p22, ekf.covariance(2, 2), 0);
        // The odometry reference survived too: the next good step predicts from (0.1, 0.02, 0.05).
        ekf.step(0.1, 0.02, 0.05, theta);
        assertEquals(x, ekf.x(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new NaoPoseEkf(null));
        assertThrows(IllegalArgumentException.class, () -> new EkfTuning(0.1, 0.1, 0.1, 0));
        assertThrows(IllegalArgumentException.class, () -> new EkfTuning(Double.NaN, 0.1, 0.1, 0.1));
    }

    @Test
    void theEkfAndSimulatorStepsAllocateNothingOnceWarm() {
        NaoWalkSimulator sim = new NaoWalkSimulator(11);
        NaoPoseEkf ekf = new NaoPoseEkf();
        sim.moveVel(0.1, 0.02, 0.2);
        double[] sum = {walk(sim, ekf, 100_000)};
        assertEquals(0, Allocations.leastOfTenRounds(1, () -> sum[0] += walk(sim, ekf, 100_000)), "bytes allocated by 100k simulator + EKF steps");
        assertTrue(Double.isFinite(sum[0]));
    }

    private static double walk(NaoWalkSimulator sim, NaoPoseEkf ekf, int steps) {
        double sum = 0;
        for (int i = 0; i < steps; i++) {
            if (i % 5000 == 0) {
                sim.moveTo(0.3, -0.1, 0.5);
            }
            sim.step();
            ekf.step(sim.odomX(), sim.odomY(), sim.odomTheta(), sim.imuYaw());
            sum += ekf.x() + sim.accX();
        }
        return sum;
    }
}
