package org.embodia.ros.nao;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.api.Pose;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.Imu;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.Odometry;
import org.embodia.ros.msg.TransformStamped;
import org.junit.jupiter.api.Test;

/** NAO's messages into ROS's, with values the simulated NAO reports. */
class ConvertTest {
    private static final long STAMP = 1_764_000_000_123_456_789L;

    @Test
    void cjaBecomesJointStatesUnderNaoqisNamesWithPositionsOnly() {
        JointValues cja = new JointValues();
        cja.add("HeadYaw", 0.4);
        cja.add("HeadPitch", -0.17);
        cja.add("LElbowRoll", -1.2);
        cja.add("LHand", 0.62);
        JointState js = new JointState();
        js.velocity.setAll(1, 2, 3, 4, 5);
        js.effort.setAll(9);

        Convert.jointState(cja, STAMP, js);

        assertArrayEquals(new String[] {"HeadYaw", "HeadPitch", "LElbowRoll", "LHand"}, js.name.toArray());
        assertArrayEquals(new double[] {0.4, -0.17, -1.2, 0.62}, js.position.toArray());
        assertEquals(0, js.velocity.size(), "the body reports no velocities: none are claimed");
        assertEquals(0, js.effort.size());
        assertEquals(1_764_000_000L, js.header.stamp.secs);
        assertEquals(123_456_789L, js.header.stamp.nsecs);
        assertEquals(1, js.header.seq);

        cja.clear();
        cja.add("RHand", 0.3);
        Convert.jointState(cja, STAMP + 20_000_000L, js);
        assertArrayEquals(new String[] {"RHand"}, js.name.toArray(), "a shorter list leaves nothing of the last");
        assertArrayEquals(new double[] {0.3}, js.position.toArray());
        assertEquals(2, js.header.seq);
        assertEquals(143_456_789L, js.header.stamp.nsecs);
    }

    @Test
    void theEkfPoseBecomesOdometryFromOdomToBaseLinkWithTheTwistInBaseLink() {
        Pose previous = new Pose();
        previous.set(0.40, 0.20, Math.PI / 2);
        Pose pose = new Pose();
        // 0.1 s later: 0.01 m further along +y of odom, which is +x of base_link when facing +y, and 0.02 rad more
        pose.set(0.40, 0.21, Math.PI / 2 + 0.02);
        Odometry odom = new Odometry();

        Convert.odometry(pose, previous, 100_000_000L, STAMP, odom);

        assertEquals("odom", odom.header.frameId);
        assertEquals("base_link", odom.childFrameId);
        assertEquals(0.40, odom.pose.pose.position.x, 1e-12);
        assertEquals(0.21, odom.pose.pose.position.y, 1e-12);
        assertEquals(0, odom.pose.pose.position.z);
        double half = (Math.PI / 2 + 0.02) / 2;
        assertEquals(0, odom.pose.pose.orientation.x);
        assertEquals(0, odom.pose.pose.orientation.y);
        assertEquals(Math.sin(half), odom.pose.pose.orientation.z, 1e-12);
        assertEquals(Math.cos(half), odom.pose.pose.orientation.w, 1e-12);
        // mean heading π/2 + 0.01: forward 0.1 m/s cos 0.01, and a little to the right (-y) at 0.1 sin 0.01
        assertEquals(0.1 * Math.cos(0.01), odom.twist.twist.linear.x, 1e-9);
        assertEquals(-0.1 * Math.sin(0.01), odom.twist.twist.linear.y, 1e-9);
        assertEquals(0.2, odom.twist.twist.angular.z, 1e-9);
        assertEquals(1_764_000_000L, odom.header.stamp.secs);

        TransformStamped tf = new TransformStamped();
        Convert.transform(odom, tf);
        assertEquals("odom", tf.header.frameId);
        assertEquals("base_link", tf.childFrameId);
        assertEquals(odom.header.stamp, tf.header.stamp);
        assertEquals(0.21, tf.transform.translation.y, 1e-12);
        assertEquals(Math.sin(half), tf.transform.rotation.z, 1e-12);
        assertEquals(Math.cos(half), tf.transform.rotation.w, 1e-12);
    }

    @Test
    void aTurnAcrossPlusMinusPiIsASmallTurnAndWithoutAPreviousPoseTheTwistIsZero() {
        Pose previous = new Pose();
        previous.set(0, 0, Math.PI - 0.01);
        Pose pose = new Pose();
        pose.set(0, 0, -Math.PI + 0.01);
        Odometry odom = new Odometry();
        Convert.odometry(pose, previous, 20_000_000L, STAMP, odom);
        assertEquals(0.02 / 0.02, odom.twist.twist.angular.z, 1e-9, "0.02 rad in 20 ms, not -2π + 0.02");

        Convert.odometry(pose, null, 20_000_000L, STAMP, odom);
        assertEquals(0, odom.twist.twist.angular.z);
        assertEquals(0, odom.twist.twist.linear.x);
        assertEquals(2, odom.header.seq);
    }

    @Test
    void imIsTheTorsoImuHeadingAndYawRateWithNoAccelerationClaimed() {
        org.embodia.nao.api.Imu im = new org.embodia.nao.api.Imu();
        im.set(-0.6, 0.25);
        Imu imu = new Imu();
        imu.linearAcceleration.z = 9.81;
        imu.angularVelocityCovariance[4] = 3;

        Convert.imu(im, STAMP, imu);

        assertEquals("base_link", imu.header.frameId);
        assertEquals(Math.sin(-0.3), imu.orientation.z, 1e-12);
        assertEquals(Math.cos(-0.3), imu.orientation.w, 1e-12);
        assertEquals(0, imu.orientation.x);
        assertEquals(0.25, imu.angularVelocity.z);
        assertEquals(0, imu.angularVelocity.x);
        assertEquals(0, imu.linearAcceleration.z, "im has no accelerometer reading");
        assertEquals(-1, imu.linearAccelerationCovariance[0], "sensor_msgs/Imu's mark of a field not provided");
        assertEquals(0, imu.angularVelocityCovariance[4]);
        assertEquals(0, imu.orientationCovariance[0], "orientation is provided, its covariance unknown");
    }

    @Test
    void aBgr8ImageKeepsItsBytesRowsAndEncoding() {
        org.embodia.nao.api.Image image = new org.embodia.nao.api.Image(64);
        image.width = 3;
        image.height = 2;
        image.layers = 3;
        image.colorSpace = CamParams.kBGRColorSpace;
        image.encoding = "bgr8";
        image.length = 18;
        for (int i = 0; i < 18; i++) {
            image.data[i] = (byte) (200 + i);
        }
        image.data[18] = 7;
        Image ros = new Image();

        assertTrue(Convert.image(image, "CameraBottom_optical_frame", STAMP, ros));

        assertEquals(2, ros.height);
        assertEquals(3, ros.width);
        assertEquals("bgr8", ros.encoding);
        assertEquals(9, ros.step, "3 pixels of 3 bytes a row");
        assertEquals(0, ros.isBigendian);
        assertEquals("CameraBottom_optical_frame", ros.header.frameId);
        assertEquals(18, ros.data.size(), "only the image's bytes, not the buffer's");
        assertEquals(200, ros.data.get(0));
        assertEquals(217, ros.data.get(17));
    }

    @Test
    void aMono8ImageHasAStepOfOneBytePerPixel() {
        org.embodia.nao.api.Image image = new org.embodia.nao.api.Image(16);
        image.width = 4;
        image.height = 2;
        image.layers = 1;
        image.encoding = "mono8";
        image.length = 8;
        Image ros = new Image();
        assertTrue(Convert.image(image, "CameraTop_optical_frame", STAMP, ros));
        assertEquals("mono8", ros.encoding);
        assertEquals(4, ros.step);
    }

    @Test
    void anImageWithoutARosEncodingIsNotPassedOn() {
        org.embodia.nao.api.Image image = new org.embodia.nao.api.Image(16);
        image.width = 2;
        image.height = 2;
        image.layers = 3;
        image.length = 12;
        Image ros = new Image();
        assertFalse(Convert.image(image, "CameraTop_optical_frame", STAMP, ros));
        assertEquals(0, ros.header.seq, "left as it was");
    }

    @Test
    void aSensorValueBecomesItsKeyAndNumbers() {
        DataValue v = new DataValue();
        ChannelFloat32 c = new ChannelFloat32();
        v.setNumber("Device/SubDeviceList/InertialSensor/AccelerometerZ/Sensor/Value", 9.81);
        assertTrue(Convert.reading(v, c));
        assertEquals("Device/SubDeviceList/InertialSensor/AccelerometerZ/Sensor/Value", c.name);
        assertEquals(1, c.count);
        assertEquals(9.81f, c.values[0]);

        v.setNumbers("Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value", new double[] {1.25, 0.5, 2}, 3);
        assertTrue(Convert.reading(v, c));
        assertEquals(3, c.count);
        assertEquals(0.5f, c.values[1]);
        assertEquals(2f, c.values[2]);

        v.setText("error", "no such key");
        assertFalse(Convert.reading(v, c), "a text is no reading");
        v.setNone("Device/SubDeviceList/Head/Touch/Front/Sensor/Value");
        assertFalse(Convert.reading(v, c));
    }

    @Test
    void touchSensorsGoToNaoqiDriversHeadHandAndBumperTopics() {
        assertEquals("/naoqi_driver/head_touch", Convert.TouchTopic.of("Device/SubDeviceList/Head/Touch/Rear/Sensor/Value").topic);
        assertEquals("/naoqi_driver/hand_touch", Convert.TouchTopic.of("Device/SubDeviceList/LHand/Touch/Back/Sensor/Value").topic);
        assertEquals("/naoqi_driver/hand_touch", Convert.TouchTopic.of("Device/SubDeviceList/RHand/Touch/Left/Sensor/Value").topic);
        assertEquals("/naoqi_driver/bumper", Convert.TouchTopic.of("Device/SubDeviceList/RFoot/Bumper/Right/Sensor/Value").topic);
        assertNull(Convert.TouchTopic.of("Device/SubDeviceList/LFoot/FSR/FrontLeft/Sensor/Value"));
        assertNull(Convert.TouchTopic.of(null));
    }

    @Test
    void anglesWrapIntoMinusPiToPi() {
        assertEquals(0.5, Convert.wrap(0.5 + 4 * Math.PI), 1e-12);
        assertEquals(-3.0, Convert.wrap(2 * Math.PI - 3.0), 1e-12);
        assertEquals(Math.PI, Convert.wrap(-Math.PI), 0);
    }
}
