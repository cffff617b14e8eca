package org.embodia.ros;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A robot's ROS interface whose node runs in a process of its own, as the robot's framework sees it: registered as a
 * service with the property {@code embodia.ros.interface} (the robot), read by {@code ros:status}.
 */
@ConsumerType
public interface RosInterfaceStatus {

    /** One line: the process, its link to the robot, and what its node last said of itself. */
    String status();
}
