package org.embodia.velma.cs.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Commands to Velma's control subsystem. Each is checked here — finite numbers, joint and head
 * limits, reach, durations, gains — and refused with an {@link IllegalArgumentException} saying
 * what is wrong; an accepted one reaches velma_core_cs at its next iteration. Safe from any thread.
 */
@ProviderType
public interface VelmaTaskInterface {
    /** Asks velma_core_ve_body to leave safe mode (cs sends cmdExitSafeState while it is idle). */
    Motion exitSafeMode();

    /** A joint impedance motion (cs state jnt_imp). */
    Motion jointImpedance(JointImpedanceCommand command);

    /** A Cartesian impedance motion of the end effectors (cs state cart_imp). */
    Motion cartesianImpedance(CartesianImpedanceCommand command);

    /** Self-collision relax: pushes the arms apart (cs state safe_col). */
    Motion relax();

    /**
     * Moves the head to (pan, tilt) rad over {@code seconds}; carried out in every state but idle.
     */
    Motion head(double pan, double tilt, double seconds);

    /** The robot as the control subsystem last saw it. */
    VelmaView view();

    /** How an accepted command is doing. */
    Motion motion(long id);
}
