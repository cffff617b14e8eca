package org.embodia.velma.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Random;

import org.embodia.velma.api.Velma;
import org.junit.jupiter.api.Test;

class KinematicsTest {
    private static final double[] ZERO = new double[7];

    @Test
    void theStraightArmReachesAlongItsBaseAxisByTheSumOfTheDhLengthsAndTheTool() {
        VelmaKinematics k = new VelmaKinematics();
        k.update(0, ZERO, ZERO, 0, 0);
        double reach = 0.3105 + 0.4 + 0.39 + 0.078 + VelmaModel.TOOL_LENGTH;
        double[] r = k.endEffector(Arm.RIGHT);
        assertEquals(0, r[3], 1e-12);
        assertEquals(-VelmaModel.ARM_MOUNT_Y - reach, r[7], 1e-12, "the right arm points to the right (−y)");
        assertEquals(VelmaModel.ARM_MOUNT_Z, r[11], 1e-12);
        assertEquals(VelmaModel.ARM_MOUNT_Y + reach, k.endEffector(Arm.LEFT)[7], 1e-12);
    }

    @Test
    void theJointAxesAreThoseOfTheLwrDescription() {
        VelmaKinematics k = new VelmaKinematics();
        k.update(0, ZERO, ZERO, 0, 0);
        // In the arm's base frame the axes are z, −y, z, y, z, −y, z (kuka_lwr.urdf.xacro).
        double[][] expected = {{0, 0, 1}, {0, -1, 0}, {0, 0, 1}, {0, 1, 0}, {0, 0, 1}, {0, -1, 0}, {0, 0, 1}};
        double[] base = k.frame(Arm.RIGHT, 0);
        for (int j = 0; j < 7; j++) {
            double[] f = k.frame(Arm.RIGHT, j);
            for (int row = 0; row < 3; row++) {
                double inBase = base[row] * f[2] + base[4 + row] * f[6] + base[8 + row] * f[10];
                assertEquals(expected[j][row], inBase, 1e-12, "joint " + (j + 1) + " axis component " + row);
            }
        }
    }

    @Test
    void theJacobianMatchesFiniteDifferencesOfTheEndEffector() {
        VelmaKinematics k = new VelmaKinematics();
        Random random = new Random(7);
        double[] q = new double[7];
        double[] other = VelmaModel.REST_LEFT.clone();
        double[] jac = new double[42];
        for (int trial = 0; trial < 20; trial++) {
            for (int j = 0; j < 7; j++) {
                q[j] = (random.nextDouble() * 2 - 1) * Velma.LWR_LIMITS[j];
            }
            double torso = random.nextDouble() - 0.5;
            k.update(torso, q, other, 0, 0);
            k.jacobian(Arm.RIGHT, jac);
            double[] e0 = k.endEffector(Arm.RIGHT).clone();
            for (int j = 0; j < 7; j++) {
                double h = 1e-7;
                q[j] += h;
                k.update(torso, q, other, 0, 0);
                double[] e1 = k.endEffector(Arm.RIGHT);
                for (int row = 0; row < 3; row++) {
                    assertEquals((e1[row * 4 + 3] - e0[row * 4 + 3]) / h, jac[row * 7 + j], 1e-5, "linear row " + row + " joint " + j);
                }
                double[] w = new double[3];
                Frames.rotationError(e0, e1, w, 0);
                for (int row = 0; row < 3; row++) {
                    assertEquals(w[row] / h, jac[(3 + row) * 7 + j], 1e-5, "angular row " + row + " joint " + j);
                }
                q[j] -= h;
            }
        }
    }

    @Test
    void restIsFreeOfSelfCollisionAndFoldedArmsAreNot() {
        VelmaKinematics k = new VelmaKinematics();
        SelfCollision c = new SelfCollision();
        k.update(0, VelmaModel.REST_RIGHT, VelmaModel.REST_LEFT, 0, 0);
        c.update(k);
        assertFalse(c.inSelfCollision(), "rest: nearest " + c.nearestPair() + " at " + c.minDistance());
        assertTrue(c.minDistance() > 0.2, "rest keeps the arms well apart: " + c.minDistance());
        k.update(0, VelmaModel.CROSSED, VelmaModel.CROSSED, 0, 0);
        c.update(k);
        assertTrue(c.inSelfCollision(), "crossed arms collide: nearest " + c.nearestPair() + " at " + c.minDistance());
    }

    @Test
    void repulsionTorquesIncreaseTheDistanceOfTheNearestPair() {
        VelmaKinematics k = new VelmaKinematics();
        SelfCollision c = new SelfCollision();
        double[] r = VelmaModel.CROSSED.clone();
        double[] l = VelmaModel.CROSSED.clone();
        k.update(0, r, l, 0, 0);
        c.update(k);
        double before = c.minDistance();
        double[] tr = new double[7];
        double[] tl = new double[7];
        for (int step = 0; step < 200 && c.minDistance() < 0.05; step++) {
            java.util.Arrays.fill(tr, 0);
            java.util.Arrays.fill(tl, 0);
            c.repulsion(k, 0.06, 100, tr, tl);
            for (int j = 0; j < 7; j++) {
                r[j] += 1e-3 * tr[j];
                l[j] += 1e-3 * tl[j];
            }
            k.update(0, r, l, 0, 0);
            c.update(k);
        }
        assertTrue(c.minDistance() > before, "following the repulsion moved the arms apart: " + before + " -> " + c.minDistance());
        assertFalse(c.inSelfCollision(), "and out of collision: " + c.minDistance());
    }

    @Test
    void updatingJacobiansAndDistancesAllocateNothingOnceWarm() {
        VelmaKinematics k = new VelmaKinematics();
        SelfCollision c = new SelfCollision();
        double[] jac = new double[42];
        double[] tr = new double[7];
        double[] tl = new double[7];
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 20_000; i++) {
                k.update(i * 1e-5, VelmaModel.CROSSED, VelmaModel.CROSSED, 0, 0.1);
                k.jacobian(Arm.LEFT, jac);
                c.update(k);
                c.repulsion(k, 0.06, 100, tr, tl);
            }
            least = Math.min(least, mx.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by 20,000 warm updates");
    }

    @Test
    void theBodiesOfTheSimulationHangTogether() {
        VelmaKinematics k = new VelmaKinematics();
        List<VelmaModel.Body> bodies = VelmaModel.bodies(k);
        assertEquals(17, bodies.size());
        assertEquals("right arm 1", bodies.get(VelmaModel.BODY_RIGHT_ARM).name());
        assertEquals(VelmaModel.BODY_TORSO, bodies.get(VelmaModel.BODY_LEFT_ARM).parent());
        assertEquals(VelmaModel.BODY_HEAD_PAN, bodies.get(VelmaModel.BODY_HEAD_TILT).parent());
        double mass = bodies.stream().filter(b -> b.name().startsWith("right")).mapToDouble(VelmaModel.Body::mass).sum();
        assertEquals(10.4, mass, 1e-9, "an LWR's moving mass per the description");
    }
}
