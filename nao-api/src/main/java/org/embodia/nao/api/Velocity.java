package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** velocity = [v_x, v_y, ω]: the walk's velocity in the robot frame (the MOVE command's argument). */
public final class Velocity implements Message<Velocity> {
    /** Velocity along the X axis, m/s. */
    public double vx;
    /** Velocity along the Y axis, m/s. */
    public double vy;
    /** Velocity around the Z axis, rad/s. */
    public double omega;

    public void set(double vx, double vy, double omega) {
        this.vx = vx;
        this.vy = vy;
        this.omega = omega;
    }

    /** Whether every component is a finite number. */
    public boolean isFinite() {
        return Double.isFinite(vx) && Double.isFinite(vy) && Double.isFinite(omega);
    }

    @Override
    public void copyFrom(Velocity v) {
        vx = v.vx;
        vy = v.vy;
        omega = v.omega;
    }

    @Override
    public String toString() {
        return String.format("[vx=%.4f m/s, vy=%.4f m/s, ω=%.4f rad/s]", vx, vy, omega);
    }
}
