package org.embodia.velma.link;

/**
 * The framework properties with which core/a starts ros_interface/a's process: the link's channel and streams, the
 * robot's process (whose end ends this one), and the ROS settings core/a was configured with.
 */
public final class LinkProperties {
    /** The transport's channel, e.g. {@code aeron:ipc}. */
    public static final String CHANNEL = "embodia.velma.link.channel";
    /** The stream the process sends on; core/a receives on it. */
    public static final String TO_CORE = "embodia.velma.link.to_core";
    /** The stream core/a sends on; the process receives on it. */
    public static final String TO_ROS = "embodia.velma.link.to_ros";
    /** The process id of the robot's JVM: when it ends, the process ends. */
    public static final String PARENT = "embodia.velma.link.parent";
    /** /tf's rate (Hz), a ROS setting that takes effect in the process. */
    public static final String TF_RATE = "embodia.ros.tf_rate";
    /** How long a Trigger service waits for its motion (s), likewise. */
    public static final String SERVICE_TIMEOUT = "embodia.ros.service_timeout";

    private LinkProperties() {
    }
}
