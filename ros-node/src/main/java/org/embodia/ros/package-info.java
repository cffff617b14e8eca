/**
 * A ROS 1 node: {@link org.embodia.ros.RosNode#start RosNode.start} registers with a ROS master and serves the
 * Slave API; the node advertises and subscribes to topics over TCPROS, serves and calls services, and registers
 * everything again when the master restarts.
 *
 * <p>Messages implement {@link org.embodia.ros.Message}: preallocated, reused, serialized little-endian as ROS
 * does; their {@link org.embodia.ros.MessageType} computes the md5sum and the full definition from the message's
 * definition text by ROS's rules. {@link org.embodia.ros.RosPublisher#publish} copies the message into a
 * hand-over slot and returns: it never waits for the network. A robot's ROS interface whose node runs in a process
 * of its own shows itself in the robot's framework as a {@link org.embodia.ros.RosInterfaceStatus}.
 */
@Version("1.2.0")
@Export
package org.embodia.ros;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
