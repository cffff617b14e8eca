package org.embodia.rapp.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RobotPoseTest {

    @Test
    void aPlanarPoseIsAUnitQuaternionAboutTheVerticalAndGivesItsHeadingBack() {
        for (double theta : new double[] {0, 0.5, -1.2, 3.0, -3.0}) {
            RobotPose p = RobotPose.planar(1, -2, theta);
            assertEquals(1, p.qx() * p.qx() + p.qy() * p.qy() + p.qz() * p.qz() + p.qw() * p.qw(), 1e-12);
            assertEquals(0, p.qx());
            assertEquals(0, p.qy());
            assertEquals(theta, p.theta(), 1e-12);
            assertEquals(0, p.z());
        }
    }
}
