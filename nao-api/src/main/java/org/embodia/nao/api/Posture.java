package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** dpost = [posture, speed]: the POSTURE command's argument. */
public final class Posture implements Message<Posture> {
    /** Name of a predefined posture, as ALRobotPosture names it ("Stand", "Crouch", ...). */
    public String posture;
    /** Relative speed, 0.0 to 1.0. */
    public double speed;

    public void set(String posture, double speed) {
        this.posture = posture;
        this.speed = speed;
    }

    @Override
    public void copyFrom(Posture p) {
        posture = p.posture;
        speed = p.speed;
    }

    @Override
    public String toString() {
        return "[posture=" + posture + ", speed=" + speed + "]";
    }
}
