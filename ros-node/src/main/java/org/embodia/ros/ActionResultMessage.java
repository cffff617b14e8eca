package org.embodia.ros;

import org.embodia.ros.msg.GoalStatus;
import org.embodia.ros.msg.Header;

/**
 * An action's ActionResult message, as actionlib's generator defines it ({@code Header header},
 * {@code actionlib_msgs/GoalStatus status}, the result): its fields by type.
 *
 * @param <R> the result's type
 * @since 1.1
 */
public interface ActionResultMessage<R extends Message<R>> {
    Header header();

    GoalStatus status();

    R result();
}
