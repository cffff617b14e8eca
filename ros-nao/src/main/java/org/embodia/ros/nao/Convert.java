package org.embodia.ros.nao;

import java.util.Arrays;

import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.model.TouchSensor;
import org.embodia.ros.msg.Header;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.Imu;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.Odometry;
import org.embodia.ros.msg.Quaternion;
import org.embodia.ros.msg.TransformStamped;

/**
 * The NAO messages of nao-api turned into ROS messages, each into a preallocated message the caller reuses. Each
 * conversion fills every field it is responsible for, so a reused message carries nothing of the previous one.
 */
final class Convert {
    /** The frames of naoqi_driver's odometry and torso IMU. */
    static final String ODOM_FRAME = "odom";
    static final String BASE_FRAME = "base_link";

    private Convert() {
    }

    /** Stamps a header with {@code stampNanos} (ns since the epoch) and the frame; seq counts the topic's messages. */
    static void header(Header h, long stampNanos, String frame) {
        h.seq++;
        h.stamp.setNanos(stampNanos);
        h.frameId = frame;
    }

    /**
     * cja, the joints' measured angles (rad; the hands' opening 0 to 1), as /joint_states: the names as the body
     * reports them (NAOqi's, in ALMotion's "Body" order), positions only: the body reports no velocities or efforts,
     * so those lists are empty, as sensor_msgs/JointState allows.
     */
    static void jointState(JointValues cja, long stampNanos, JointState out) {
        header(out.header, stampNanos, "");
        out.name.resize(cja.count);
        out.position.resize(cja.count);
        for (int i = 0; i < cja.count; i++) {
            out.name.set(i, cja.joints[i]);
            out.position.set(i, cja.values[i]);
        }
        out.velocity.resize(0);
        out.effort.resize(0);
    }

    /** A rotation by {@code yaw} about the z axis. */
    static void yaw(double yaw, Quaternion q) {
        q.x = 0;
        q.y = 0;
        q.z = Math.sin(yaw / 2);
        q.w = Math.cos(yaw / 2);
    }

    /**
     * The EKF's planar pose [x, y, θ] in the global frame as odom → base_link. The twist, in base_link as
     * nav_msgs/Odometry has it, is the change from {@code previous}, sent {@code dtNanos} earlier, rotated by the mean
     * heading; zero without a previous pose. The EKF gives no covariance with its pose, so both covariances stay zero
     * (unknown).
     */
    static void odometry(org.embodia.nao.api.Pose pose, org.embodia.nao.api.Pose previous, long dtNanos, long stampNanos,
            Odometry out) {
        header(out.header, stampNanos, ODOM_FRAME);
        out.childFrameId = BASE_FRAME;
        out.pose.pose.position.x = pose.x;
        out.pose.pose.position.y = pose.y;
        out.pose.pose.position.z = 0;
        yaw(pose.theta, out.pose.pose.orientation);
        double vx = 0;
        double vy = 0;
        double omega = 0;
        if (previous != null && dtNanos > 0) {
            double dt = dtNanos * 1e-9;
            double turn = wrap(pose.theta - previous.theta);
            double heading = previous.theta + turn / 2;
            double wx = (pose.x - previous.x) / dt;
            double wy = (pose.y - previous.y) / dt;
            vx = Math.cos(heading) * wx + Math.sin(heading) * wy;
            vy = -Math.sin(heading) * wx + Math.cos(heading) * wy;
            omega = turn / dt;
        }
        out.twist.twist.linear.x = vx;
        out.twist.twist.linear.y = vy;
        out.twist.twist.linear.z = 0;
        out.twist.twist.angular.x = 0;
        out.twist.twist.angular.y = 0;
        out.twist.twist.angular.z = omega;
    }

    /** The transform odom → base_link that {@code odom} states, with its stamp. */
    static void transform(Odometry odom, TransformStamped out) {
        out.header.seq = odom.header.seq;
        out.header.stamp.set(odom.header.stamp);
        out.header.frameId = odom.header.frameId;
        out.childFrameId = odom.childFrameId;
        out.transform.translation.x = odom.pose.pose.position.x;
        out.transform.translation.y = odom.pose.pose.position.y;
        out.transform.translation.z = odom.pose.pose.position.z;
        out.transform.rotation.copyFrom(odom.pose.pose.orientation);
    }

    /**
     * im = [θ, ω], the inertial unit's heading and yaw rate as the body reports them, as naoqi_driver's torso IMU in
     * base_link: orientation a rotation by θ about z, angular velocity ω about z. im holds nothing about roll, pitch,
     * their rates or the accelerometer: those read 0, and linear acceleration is marked as not provided (covariance
     * element 0 = -1, sensor_msgs/Imu's convention); the other covariances are zero (unknown).
     */
    static void imu(org.embodia.nao.api.Imu im, long stampNanos, Imu out) {
        header(out.header, stampNanos, BASE_FRAME);
        yaw(im.theta, out.orientation);
        out.angularVelocity.x = 0;
        out.angularVelocity.y = 0;
        out.angularVelocity.z = im.omega;
        out.linearAcceleration.x = 0;
        out.linearAcceleration.y = 0;
        out.linearAcceleration.z = 0;
        Arrays.fill(out.orientationCovariance, 0);
        Arrays.fill(out.angularVelocityCovariance, 0);
        Arrays.fill(out.linearAccelerationCovariance, 0);
        out.linearAccelerationCovariance[0] = -1;
    }

    /**
     * The image r_core,cam gave cs, already in ROS's layout (rows from the top, packed, {@link
     * org.embodia.nao.api.Image#encoding} naming the pixels, e.g. bgr8), as sensor_msgs/Image in {@code frame}.
     *
     * @return false, leaving {@code out} as it was, when the image has no ROS encoding or no pixels
     */
    static boolean image(org.embodia.nao.api.Image image, String frame, long stampNanos, Image out) {
        if (image.encoding == null || image.height <= 0 || image.width <= 0 || image.length <= 0) {
            return false;
        }
        header(out.header, stampNanos, frame);
        out.height = image.height;
        out.width = image.width;
        out.encoding = image.encoding;
        out.isBigendian = 0;
        out.step = image.length / image.height;
        out.data.setAll(image.data, 0, image.length);
        return true;
    }

    /**
     * A value a virtual receptor read for cs as ALMemory key and numbers.
     *
     * @return false when the value holds no number (none read, or a text such as a receptor's error)
     */
    static boolean reading(DataValue value, ChannelFloat32 out) {
        switch (value.kind) {
            case NUMBER:
                out.set(value.dataName, value.number);
                return true;
            case NUMBERS:
                out.set(value.dataName, value.numbers, value.count);
                return true;
            default:
                return false;
        }
    }

    /** naoqi_driver's touch topics, by the group a touch sensor belongs to. */
    enum TouchTopic {
        HEAD("/naoqi_driver/head_touch"), HAND("/naoqi_driver/hand_touch"), BUMPER("/naoqi_driver/bumper");

        final String topic;

        TouchTopic(String topic) {
            this.topic = topic;
        }

        /** The topic of the touch sensor keyed {@code key}, or null for a key of no touch sensor. */
        static TouchTopic of(String key) {
            TouchSensor sensor;
            try {
                sensor = TouchSensor.byKeyOrName(key);
            } catch (IllegalArgumentException notATouchSensor) {
                return null;
            }
            String name = sensor.naoqiName();
            if (name.startsWith("Head/")) {
                return HEAD;
            }
            return name.contains("/Bumper/") ? BUMPER : HAND;
        }
    }

    /** An angle in (-π, π]. */
    static double wrap(double angle) {
        double a = Math.IEEEremainder(angle, 2 * Math.PI);
        return a == -Math.PI ? Math.PI : a;
    }
}
