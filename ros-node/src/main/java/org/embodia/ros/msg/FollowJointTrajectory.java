package org.embodia.ros.msg;

import org.embodia.ros.ActionType;

/**
 * The action control_msgs/FollowJointTrajectory (control_msgs 1.5, ROS Noetic): moving joints along a trajectory, as
 * ros_control's joint trajectory controllers serve it.
 */
public final class FollowJointTrajectory {
    public static final ActionType<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> TYPE =
            ActionType.of("control_msgs/FollowJointTrajectory", FollowJointTrajectoryActionGoal.TYPE,
                    FollowJointTrajectoryActionResult.TYPE, FollowJointTrajectoryActionFeedback.TYPE);

    private FollowJointTrajectory() {
    }
}
