/**
 * ROS message and service types: std_msgs (Header, String as {@link org.embodia.ros.msg.StringMessage}),
 * sensor_msgs (JointState, Image, Imu), geometry_msgs (those Transform, Odometry and Imu embed), tf2_msgs/TFMessage,
 * diagnostic_msgs (DiagnosticArray, DiagnosticStatus, KeyValue), nav_msgs/Odometry, trajectory_msgs
 * (JointTrajectory, JointTrajectoryPoint), actionlib_msgs (GoalID, GoalStatus, GoalStatusArray) and the services
 * std_srvs/SetBool, Trigger and Empty. Their definition texts are the .msg and .srv files of Debian's ROS packages;
 * each type's md5sum is computed from them.
 */
@Version("1.0.0")
@Export
package org.embodia.ros.msg;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
