/**
 * ROS message, service and action types: std_msgs (Header, String as {@link org.embodia.ros.msg.StringMessage}),
 * sensor_msgs (JointState, Image, Imu), geometry_msgs (those Transform, Odometry and Imu embed), tf2_msgs/TFMessage,
 * diagnostic_msgs (DiagnosticArray, DiagnosticStatus, KeyValue), nav_msgs/Odometry, trajectory_msgs
 * (JointTrajectory, JointTrajectoryPoint), actionlib_msgs (GoalID, GoalStatus, GoalStatusArray), the services
 * std_srvs/SetBool, Trigger and Empty, and the actions control_msgs/FollowJointTrajectory (with JointTolerance) and
 * embodia_velma_msgs/CartImp, each as its {@link org.embodia.ros.ActionType} ({@link
 * org.embodia.ros.msg.FollowJointTrajectory#TYPE}) and the messages actionlib's generator makes for it. The
 * definition texts are the .msg and .srv files of Debian's ROS packages, control_msgs' as ROS Noetic defines them
 * (Debian ships no control_msgs) and embodia_velma_msgs' our own; each type's md5sum is computed from them.
 */
@Version("1.1.0")
@Export
package org.embodia.ros.msg;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
