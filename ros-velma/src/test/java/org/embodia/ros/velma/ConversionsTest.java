package org.embodia.ros.velma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.embodia.ros.MessageSeq;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.JointTrajectoryPoint;
import org.embodia.ros.msg.Quaternion;
import org.embodia.ros.msg.TFMessage;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaKinematics;
import org.junit.jupiter.api.Test;

/** What ros_interface/a makes of Velma's messages and of ROS goals. */
class ConversionsTest {
    @Test
    void subsystemsHaveVelmasRosNames() {
        assertEquals("velma_core_cs", RosNames.subsystem("core/a./cs"));
        assertEquals("velma_core_ve_body", RosNames.subsystem("core/a.body/ve"));
        assertEquals("velma_core_re_lwr_r", RosNames.subsystem("core/a.lwr_r/re"));
        assertThrows(IllegalArgumentException.class, () -> RosNames.subsystem("cs"));
    }

    @Test
    void theJointStateCarriesAll17JointsInOrderWithTheStatusValuesAndTheStamp() {
        BodyStatus s = new BodyStatus();
        s.torso.position = 0.1;
        s.torso.velocity = 0.2;
        s.torso.torque = 0.3;
        for (int j = 0; j < 7; j++) {
            s.rightArm.q[j] = 1 + j;
            s.rightArm.dq[j] = 10 + j;
            s.rightArm.torque[j] = 100 + j;
            s.leftArm.q[j] = -1 - j;
        }
        s.headPan.position = 0.5;
        s.headTilt.position = -0.25;
        JointState js = new VelmaJoints().jointState(s, 1_700_000_000_123_456_789L);
        assertEquals(17, js.name.size());
        assertEquals("torso_0_joint", js.name.get(0));
        assertEquals("right_arm_0_joint", js.name.get(1));
        assertEquals("left_arm_6_joint", js.name.get(14));
        assertEquals("head_tilt_joint", js.name.get(16));
        assertEquals(0.1, js.position.get(0));
        assertEquals(0.2, js.velocity.get(0));
        assertEquals(0.3, js.effort.get(0));
        assertEquals(3, js.position.get(3));
        assertEquals(13, js.velocity.get(4));
        assertEquals(106, js.effort.get(7));
        assertEquals(-7, js.position.get(14));
        assertEquals(0.5, js.position.get(15));
        assertEquals(-0.25, js.position.get(16));
        assertEquals(1_700_000_000L, js.header.stamp.secs);
        assertEquals(123_456_789L, js.header.stamp.nsecs);
    }

    @Test
    void tfGivesTheToolsWhereTheKinematicsPutsThem() {
        BodyStatus s = new BodyStatus();
        double[] right = {1.2, 1.3, -1.57, 1.3, 0, 0, 0};
        double[] left = {1.2, -1.3, -1.57, 1.3, 0, 0, 0};
        System.arraycopy(right, 0, s.rightArm.q, 0, 7);
        System.arraycopy(left, 0, s.leftArm.q, 0, 7);
        s.torso.position = 0.3;
        TFMessage tf = new VelmaJoints().transforms(s, 0);
        VelmaKinematics k = new VelmaKinematics();
        k.update(0.3, right, left, 0, 0);
        double[] tool = k.endEffector(Arm.RIGHT);
        assertEquals("right_arm_tool", tf.transforms.get(1).childFrameId);
        assertEquals("world", tf.transforms.get(1).header.frameId);
        assertEquals(tool[3], tf.transforms.get(1).transform.translation.x, 1e-12);
        assertEquals(tool[11], tf.transforms.get(1).transform.translation.z, 1e-12);
        Quaternion torso = tf.transforms.get(0).transform.rotation;
        assertEquals(Math.cos(0.15), torso.w, 1e-12, "the torso turned 0.3 rad about z");
        assertEquals(Math.sin(0.15), torso.z, 1e-12);
    }

    @Test
    void aQuaternionBecomesRollPitchYawAndBackToTheSameRotation() {
        double roll = 0.3, pitch = -0.7, yaw = 2.5;
        double[] m = rotation(roll, pitch, yaw);
        Quaternion q = new Quaternion();
        VelmaJoints.quaternion(m, q);
        org.embodia.ros.msg.Pose p = new org.embodia.ros.msg.Pose();
        p.position.x = 0.5;
        p.orientation.x = q.x;
        p.orientation.y = q.y;
        p.orientation.z = q.z;
        p.orientation.w = q.w;
        Pose pose = TaskActions.pose(p);
        assertEquals(0.5, pose.x());
        assertEquals(roll, pose.roll(), 1e-9);
        assertEquals(pitch, pose.pitch(), 1e-9);
        assertEquals(yaw, pose.yaw(), 1e-9);
        assertTrue(!pose.keepOrientation());
    }

    @Test
    void aZeroQuaternionKeepsTheOrientationAndANonUnitOneIsRefused() {
        org.embodia.ros.msg.Pose p = new org.embodia.ros.msg.Pose();
        assertTrue(TaskActions.pose(p).keepOrientation());
        p.orientation.w = 2;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TaskActions.pose(p));
        assertTrue(e.getMessage().contains("unit quaternion"), e.getMessage());
        p.orientation.w = Double.NaN;
        assertThrows(IllegalArgumentException.class, () -> TaskActions.pose(p));
    }

    @Test
    void jointGoalsWithUnknownOrRepeatedJointsNaNsOrTimesGoingBackAreRefusedWithTheReason() {
        List<String> body = TaskActions.BODY_JOINTS;
        assertEquals(15, body.size());
        assertNull(TaskActions.JointGoals.check(new String[] {"right_arm_1_joint"}, body, points(1, 2.0), "the body"));
        assertTrue(TaskActions.JointGoals.check(new String[] {"head_pan_joint"}, body, points(1, 2.0), "the body")
                .contains("unknown joint 'head_pan_joint'"));
        assertTrue(TaskActions.JointGoals.check(new String[] {"torso_0_joint", "torso_0_joint"}, body, points(2, 2.0), "the body")
                .contains("named twice"));
        assertTrue(TaskActions.JointGoals.check(new String[] {"torso_0_joint"}, body, points(1, 1.0, 1.0), "the body")
                .contains("not after"));
        assertTrue(TaskActions.JointGoals.check(new String[] {"torso_0_joint"}, body, points(1), "the body").contains("no point"));
        MessageSeq<JointTrajectoryPoint> nan = points(1, 2.0);
        nan.get(0).positions.set(0, Double.NaN);
        assertTrue(TaskActions.JointGoals.check(new String[] {"torso_0_joint"}, body, nan, "the body").contains("NaN"));
        assertTrue(TaskActions.JointGoals.check(new String[] {"torso_0_joint", "right_arm_0_joint"}, body, points(1, 2.0), "the body")
                .contains("1 positions for 2 joints"));
    }

    private static MessageSeq<JointTrajectoryPoint> points(int joints, double... times) {
        MessageSeq<JointTrajectoryPoint> seq = new MessageSeq<>(JointTrajectoryPoint.TYPE);
        for (double t : times) {
            JointTrajectoryPoint p = seq.add();
            p.positions.resize(joints);
            p.timeFromStart.setNanos((long) (t * 1e9));
        }
        return seq;
    }

    /** Rz(yaw)·Ry(pitch)·Rx(roll) as a 4×4 row-major frame. */
    private static double[] rotation(double roll, double pitch, double yaw) {
        double cr = Math.cos(roll), sr = Math.sin(roll), cp = Math.cos(pitch), sp = Math.sin(pitch), cy = Math.cos(yaw), sy = Math.sin(yaw);
        return new double[] {
            cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr, 0,
            sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr, 0,
            -sp, cp * sr, cp * cr, 0,
            0, 0, 0, 1};
    }
}
