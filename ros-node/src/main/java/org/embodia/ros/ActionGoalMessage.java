package org.embodia.ros;

import org.embodia.ros.msg.GoalID;
import org.embodia.ros.msg.Header;

/**
 * An action's ActionGoal message, as actionlib's generator defines it ({@code Header header},
 * {@code actionlib_msgs/GoalID goal_id}, the goal): its fields by type, so that an action server needs no
 * reflection.
 *
 * @param <G> the goal's type
 * @since 1.1
 */
public interface ActionGoalMessage<G extends Message<G>> {
    Header header();

    GoalID goalId();

    G goal();
}
