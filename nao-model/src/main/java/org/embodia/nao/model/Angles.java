package org.embodia.nao.model;

/** Angle arithmetic on the plane. */
public final class Angles {
    private static final double TWO_PI = 2 * Math.PI;

    private Angles() {
    }

    /** {@code angle} wrapped into [−π, π]. */
    public static double wrap(double angle) {
        return angle - TWO_PI * Math.rint(angle / TWO_PI);
    }
}
