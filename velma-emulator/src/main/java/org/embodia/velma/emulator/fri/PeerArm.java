package org.embodia.velma.emulator.fri;

/** The arm an FRI peer measures and moves, called once per FRI cycle on the peer's thread. */
public interface PeerArm {
    /** The drives powered and {@code added} joint torques (N·m) applied, or the brakes holding the arm. */
    void drive(boolean powered, float[] added);

    /** The joint's position (rad) to report. */
    double position(int joint);

    /** The joint torque (N·m) to report. */
    double torque(int joint);

    /** The joint's inertia seen by its drive (kg·m²): the diagonal of the mass matrix FRI reports. */
    double inertia(int joint);
}
