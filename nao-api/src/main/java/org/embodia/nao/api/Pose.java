package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * A planar pose [x, y, θ]: the body's pose (in the global frame fixed at switch-on), dpose (relative
 * to the robot frame) and odm.
 */
public final class Pose implements Message<Pose> {
    /** Position along the X axis, m. */
    public double x;
    /** Position along the Y axis, m. */
    public double y;
    /** Rotation around the Z axis, rad. */
    public double theta;

    public void set(double x, double y, double theta) {
        this.x = x;
        this.y = y;
        this.theta = theta;
    }

    /** Whether every component is a finite number. */
    public boolean isFinite() {
        return Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(theta);
    }

    @Override
    public void copyFrom(Pose p) {
        x = p.x;
        y = p.y;
        theta = p.theta;
    }

    @Override
    public String toString() {
        return String.format("[x=%.4f m, y=%.4f m, θ=%.4f rad]", x, y, theta);
    }
}
