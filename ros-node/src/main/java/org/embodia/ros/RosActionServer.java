package org.embodia.ros;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An actionlib action server this node runs (see {@link RosNode#actionServer}).
 *
 * @since 1.1
 */
@ProviderType
public interface RosActionServer extends AutoCloseable {
    /** The resolved action name, the prefix of its topics. */
    String name();

    ActionType<?, ?, ?> type();

    /**
     * The goals in the status list now: those not yet ended, and those ended less than the retention time (5 s) ago,
     * oldest first.
     */
    List<ServerGoal<?, ?, ?>> goals();

    /**
     * Unregisters the action's topics and stops its threads; goals not ended stay so (their clients see the status
     * topic stop, as when an actionlib server dies), and their transitions publish nothing more.
     */
    @Override
    void close();
}
