package org.embodia.velma.cs;

/** The minimum-jerk time scaling s(τ) = 10τ³ − 15τ⁴ + 6τ⁵ from 0 to 1 over a duration. */
final class MinimumJerk {
    private MinimumJerk() {
    }

    static double position(double t, double duration) {
        if (t >= duration) {
            return 1;
        }
        double x = t / duration;
        return x * x * x * (10 - 15 * x + 6 * x * x);
    }

    /** ds/dt (1/s). */
    static double velocity(double t, double duration) {
        if (t >= duration) {
            return 0;
        }
        double x = t / duration;
        return 30 * x * x * (1 - 2 * x + x * x) / duration;
    }
}
