package org.embodia.ros.velma;

import java.util.ArrayList;
import java.util.List;

import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.Quaternion;
import org.embodia.ros.msg.TFMessage;
import org.embodia.ros.msg.TransformStamped;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaKinematics;

/**
 * Velma's joints and frames as ROS messages, from the status ve_body passes up to cs: sensor_msgs/JointState with the
 * joint names of Velma's robot description ([VELMA-ROS]), and tf2_msgs/TFMessage of the tools and the head computed
 * with the kinematics cs uses. One thread uses an instance; it fills the same messages each time.
 */
final class VelmaJoints {
    /** Torso, right arm, left arm, head: the order of {@code /joint_states}. */
    static final List<String> NAMES = names();
    static final String WORLD = "world";
    /** The children of {@link #WORLD} in {@code /tf}: the torso after its joint, both tools, the head after tilt. */
    static final List<String> FRAMES = List.of("torso_link0", "right_arm_tool", "left_arm_tool", "head_tilt_link");

    private final JointState joints = new JointState();
    private final TFMessage tf = new TFMessage();
    private final VelmaKinematics kinematics = new VelmaKinematics();
    private final double[] right = new double[Velma.LWR_JOINTS];
    private final double[] left = new double[Velma.LWR_JOINTS];

    VelmaJoints() {
        joints.name.setAll(NAMES.toArray(String[]::new));
        joints.position.resize(NAMES.size());
        joints.velocity.resize(NAMES.size());
        joints.effort.resize(NAMES.size());
        tf.transforms.resize(FRAMES.size());
        for (int i = 0; i < FRAMES.size(); i++) {
            TransformStamped t = tf.transforms.get(i);
            t.header.frameId = WORLD;
            t.childFrameId = FRAMES.get(i);
        }
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add("torso_0_joint");
        for (String arm : List.of("right", "left")) {
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                names.add(arm + "_arm_" + j + "_joint");
            }
        }
        names.add("head_pan_joint");
        names.add("head_tilt_joint");
        return List.copyOf(names);
    }

    /** The joint state of {@code status}, stamped {@code epochNanos}. */
    JointState jointState(BodyStatus status, long epochNanos) {
        joints.header.seq++;
        joints.header.stamp.setNanos(epochNanos);
        drive(0, status.torso);
        arm(1, status.rightArm);
        arm(1 + Velma.LWR_JOINTS, status.leftArm);
        drive(1 + 2 * Velma.LWR_JOINTS, status.headPan);
        drive(2 + 2 * Velma.LWR_JOINTS, status.headTilt);
        return joints;
    }

    private void drive(int i, DriveStatus d) {
        joints.position.set(i, d.position);
        joints.velocity.set(i, d.velocity);
        joints.effort.set(i, d.torque);
    }

    private void arm(int first, LwrStatus a) {
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            joints.position.set(first + j, a.q[j]);
            joints.velocity.set(first + j, a.dq[j]);
            joints.effort.set(first + j, a.torque[j]);
        }
    }

    /** The frames of {@code status}'s joint positions, stamped {@code epochNanos}. */
    TFMessage transforms(BodyStatus status, long epochNanos) {
        System.arraycopy(status.rightArm.q, 0, right, 0, right.length);
        System.arraycopy(status.leftArm.q, 0, left, 0, left.length);
        kinematics.update(status.torso.position, right, left, status.headPan.position, status.headTilt.position);
        frame(0, kinematics.torso(), epochNanos);
        frame(1, kinematics.endEffector(Arm.RIGHT), epochNanos);
        frame(2, kinematics.endEffector(Arm.LEFT), epochNanos);
        frame(3, kinematics.headTilt(), epochNanos);
        return tf;
    }

    private void frame(int i, double[] m, long epochNanos) {
        TransformStamped t = tf.transforms.get(i);
        t.header.seq++;
        t.header.stamp.setNanos(epochNanos);
        t.transform.translation.x = m[3];
        t.transform.translation.y = m[7];
        t.transform.translation.z = m[11];
        quaternion(m, t.transform.rotation);
    }

    /** The unit quaternion of a 4×4 row-major frame's rotation (Shepperd's method: the largest diagonal term first). */
    static void quaternion(double[] m, Quaternion q) {
        double m00 = m[0], m11 = m[5], m22 = m[10];
        double trace = m00 + m11 + m22;
        if (trace > 0) {
            double s = 2 * Math.sqrt(trace + 1);
            q.w = s / 4;
            q.x = (m[9] - m[6]) / s;
            q.y = (m[2] - m[8]) / s;
            q.z = (m[4] - m[1]) / s;
        } else if (m00 > m11 && m00 > m22) {
            double s = 2 * Math.sqrt(1 + m00 - m11 - m22);
            q.w = (m[9] - m[6]) / s;
            q.x = s / 4;
            q.y = (m[1] + m[4]) / s;
            q.z = (m[2] + m[8]) / s;
        } else if (m11 > m22) {
            double s = 2 * Math.sqrt(1 + m11 - m00 - m22);
            q.w = (m[2] - m[8]) / s;
            q.x = (m[1] + m[4]) / s;
            q.y = s / 4;
            q.z = (m[6] + m[9]) / s;
        } else {
            double s = 2 * Math.sqrt(1 + m22 - m00 - m11);
            q.w = (m[4] - m[1]) / s;
            q.x = (m[2] + m[8]) / s;
            q.y = (m[6] + m[9]) / s;
            q.z = s / 4;
        }
    }
}
