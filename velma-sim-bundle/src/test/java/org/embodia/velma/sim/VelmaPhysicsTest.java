package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.embodia.velma.api.Velma;
import org.embodia.velma.model.VelmaKinematics;
import org.embodia.velma.model.VelmaModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class VelmaPhysicsTest {
    static final double[] OTHER_RIGHT = {0.4, -1.0, 0.3, 1.2, -0.5, 0.8, 0.2};
    static final double[] OTHER_LEFT = {-0.7, 0.9, -0.4, -1.1, 0.6, -0.9, -0.3};

    private final VelmaPhysics physics = new VelmaPhysics();

    @AfterEach
    void close() {
        physics.close();
    }

    private void steps(int n) {
        for (int i = 0; i < n; i++) {
            physics.step();
        }
    }

    private void brakeAll() {
        for (int j = 0; j < VelmaPhysics.JOINTS; j++) {
            physics.brake(j);
        }
    }

    private void assertPosture(double torso, double[] right, double[] left, double pan, double tilt) {
        assertEquals(torso, physics.angle(VelmaModel.BODY_TORSO), 1e-6, "torso");
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            assertEquals(right[j], physics.angle(VelmaModel.BODY_RIGHT_ARM + j), 1e-6, "right arm joint " + (j + 1));
            assertEquals(left[j], physics.angle(VelmaModel.BODY_LEFT_ARM + j), 1e-6, "left arm joint " + (j + 1));
        }
        assertEquals(pan, physics.angle(VelmaModel.BODY_HEAD_PAN), 1e-6, "head pan");
        assertEquals(tilt, physics.angle(VelmaModel.BODY_HEAD_TILT), 1e-6, "head tilt");
    }

    @Test
    void theHingeAnglesReadTheRestPostureAfterPlacement() {
        assertPosture(0, VelmaModel.REST_RIGHT, VelmaModel.REST_LEFT, 0, 0);
    }

    @Test
    void placementAtAnyPostureAgreesWithTheModel() {
        physics.place(0.3, OTHER_RIGHT, OTHER_LEFT, -0.4, 0.5);
        assertPosture(0.3, OTHER_RIGHT, OTHER_LEFT, -0.4, 0.5);
        // The bodies sit where the model puts them: gravity's torque about every joint agrees with one from the model's bodies.
        VelmaKinematics k = new VelmaKinematics();
        k.update(0.3, OTHER_RIGHT, OTHER_LEFT, -0.4, 0.5);
        List<VelmaModel.Body> bodies = VelmaModel.bodies(k);
        for (int j = 0; j < VelmaPhysics.JOINTS; j++) {
            assertEquals(modelGravityTorque(bodies, j), physics.gravityTorque(j), 1e-6, physics.name(j));
        }
        assertTrue(Math.abs(physics.gravityTorque(VelmaModel.BODY_RIGHT_ARM + 1)) > 1, "the shoulder carries the arm's weight");
    }

    private static double modelGravityTorque(List<VelmaModel.Body> bodies, int joint) {
        VelmaModel.Body of = bodies.get(joint);
        double sum = 0;
        for (int b = 0; b < bodies.size(); b++) {
            boolean moved = false;
            for (int a = b; a >= 0; a = bodies.get(a).parent()) {
                moved |= a == joint;
            }
            if (moved) {
                double[] c = bodies.get(b).centre();
                double rx = c[0] - of.anchor()[0];
                double ry = c[1] - of.anchor()[1];
                double mg = bodies.get(b).mass() * VelmaPhysics.GRAVITY;
                sum += of.axis()[0] * (-ry * mg) + of.axis()[1] * (rx * mg);
            }
        }
        return sum;
    }

    @Test
    void aTorqueAcceleratesTheTorsoInItsDirection() {
        brakeAll();
        physics.release(VelmaModel.BODY_TORSO);
        physics.setTorque(VelmaModel.BODY_TORSO, 20);
        steps(100);
        assertTrue(physics.rate(VelmaModel.BODY_TORSO) > 0.1, "torso rate " + physics.rate(VelmaModel.BODY_TORSO));
        assertTrue(physics.angle(VelmaModel.BODY_TORSO) > 0.01, "torso angle " + physics.angle(VelmaModel.BODY_TORSO));
        physics.setTorque(VelmaModel.BODY_TORSO, -60);
        steps(200);
        assertTrue(physics.rate(VelmaModel.BODY_TORSO) < -0.1, "torso rate " + physics.rate(VelmaModel.BODY_TORSO));
    }

    @Test
    void aTorqueBeyondGravityCompensationMovesAnArmJoint() {
        brakeAll();
        int elbow = VelmaModel.BODY_RIGHT_ARM + 3;
        double start = physics.angle(elbow);
        physics.release(elbow);
        for (int i = 0; i < 100; i++) {
            physics.setTorque(elbow, -physics.gravityTorque(elbow) - 2);
            physics.step();
        }
        assertTrue(physics.rate(elbow) < -0.1, "elbow rate " + physics.rate(elbow));
        assertTrue(physics.angle(elbow) < start - 0.01, "elbow angle " + physics.angle(elbow));
    }

    @Test
    void jointLimitsStopIt() {
        brakeAll();
        physics.release(VelmaModel.BODY_TORSO);
        physics.setTorque(VelmaModel.BODY_TORSO, 90);
        steps(1500);
        assertEquals(Velma.TORSO_LIMIT, physics.angle(VelmaModel.BODY_TORSO), 0.01);
        assertEquals(0, physics.rate(VelmaModel.BODY_TORSO), 0.01);

        int wrist = VelmaModel.BODY_LEFT_ARM + 6;
        physics.release(wrist);
        physics.setTorque(wrist, -5);
        steps(1500);
        assertEquals(-Velma.LWR_LIMITS[6], physics.angle(wrist), 0.01);
        assertEquals(0, physics.rate(wrist), 0.01);
    }

    @Test
    void aBrakeHoldsItsJointAgainstGravityAndTorque() {
        brakeAll();
        int shoulder = VelmaModel.BODY_RIGHT_ARM + 1;
        double at = physics.angle(shoulder);
        physics.setTorque(shoulder, 30);
        steps(500);
        assertEquals(at, physics.angle(shoulder), 1e-3);
        physics.release(shoulder);
        steps(100);
        assertTrue(Math.abs(physics.angle(shoulder) - at) > 0.05, "released, the shoulder moves");
    }

    /** Released and pushed: every joint swings under gravity and a torque, for {@code steps} steps; the angles after. */
    private static double[] swing(VelmaPhysics p, int steps) {
        for (int i = 0; i < steps; i++) {
            for (int j = 0; j < VelmaPhysics.JOINTS; j++) {
                p.setTorque(j, Math.sin(i * 0.01 + j));
            }
            p.step();
        }
        double[] angles = new double[VelmaPhysics.JOINTS];
        for (int j = 0; j < VelmaPhysics.JOINTS; j++) {
            angles[j] = p.angle(j);
        }
        return angles;
    }

    @Test
    void twoWorldsStepAtOnceOnTwoThreadsAsEachDoesAlone() throws Exception {
        double[] alone = swing(physics, 5000);
        // As the emulator's simulation and the framework's run beside each other in velma-hw's tests.
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<double[]>> both = threads.invokeAll(List.of(() -> {
                try (VelmaPhysics p = new VelmaPhysics()) {
                    return swing(p, 5000);
                }
            }, () -> {
                try (VelmaPhysics p = new VelmaPhysics()) {
                    return swing(p, 5000);
                }
            }));
            for (Future<double[]> f : both) {
                assertArrayEquals(alone, f.get(), "a world stepped beside another ends where one stepped alone does");
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aClosedWorldRefusesWhatWouldReachIt() {
        physics.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, physics::step);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> physics.gravityTorque(0));
        assertThrows(IllegalStateException.class, () -> physics.brake(0));
        assertThrows(IllegalStateException.class, () -> physics.place(0, OTHER_RIGHT, OTHER_LEFT, 0, 0));
        physics.close();
    }

    @Test
    void aTorqueNoDriveGivesIsRefusedAndTheWorldStepsOn() {
        int elbow = VelmaModel.BODY_RIGHT_ARM + 3;
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1e308, VelmaPhysics.MAX_TORQUE * 1.01}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> physics.setTorque(elbow, bad));
            assertTrue(e.getMessage().contains(physics.name(elbow)), e.getMessage());
        }
        assertEquals(0, physics.torque(elbow), "nothing of a refused torque was kept");
        physics.setTorque(elbow, -VelmaPhysics.MAX_TORQUE);
        steps(10);
        assertTrue(Double.isFinite(physics.angle(elbow)) && Double.isFinite(physics.rate(elbow)));
    }
}
