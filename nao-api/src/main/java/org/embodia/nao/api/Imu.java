package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** im = [θ, ω]: what the inertial measurement unit reports about the rotation around the vertical. */
public final class Imu implements Message<Imu> {
    /** Orientation around the Z axis, rad (zero at switch-on, like the global frame). */
    public double theta;
    /** Angular velocity around the Z axis, rad/s. */
    public double omega;

    public void set(double theta, double omega) {
        this.theta = theta;
        this.omega = omega;
    }

    @Override
    public void copyFrom(Imu i) {
        theta = i.theta;
        omega = i.omega;
    }

    @Override
    public String toString() {
        return String.format("[θ=%.4f rad, ω=%.4f rad/s]", theta, omega);
    }
}
