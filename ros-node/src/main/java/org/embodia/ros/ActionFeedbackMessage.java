package org.embodia.ros;

import org.embodia.ros.msg.GoalStatus;
import org.embodia.ros.msg.Header;

/**
 * An action's ActionFeedback message, as actionlib's generator defines it ({@code Header header},
 * {@code actionlib_msgs/GoalStatus status}, the feedback): its fields by type.
 *
 * @param <F> the feedback's type
 * @since 1.1
 */
public interface ActionFeedbackMessage<F extends Message<F>> {
    Header header();

    GoalStatus status();

    F feedback();
}
