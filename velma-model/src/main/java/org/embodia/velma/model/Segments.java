package org.embodia.velma.model;

/** Closest points of two line segments. */
final class Segments {
    private static final double EPS = 1e-12;

    private Segments() {
    }

    /**
     * The distance between segments a = (p1, q1) and b = (p2, q2), each as 6 doubles, writing the
     * closest point on a to out[0..2] and on b to out[3..5] (after Ericson, Real-Time Collision
     * Detection, §5.1.9).
     */
    static double closestPoints(double[] a, double[] b, double[] out) {
        double d1x = a[3] - a[0];
        double d1y = a[4] - a[1];
        double d1z = a[5] - a[2];
        double d2x = b[3] - b[0];
        double d2y = b[4] - b[1];
        double d2z = b[5] - b[2];
        double rx = a[0] - b[0];
        double ry = a[1] - b[1];
        double rz = a[2] - b[2];
        double aa = d1x * d1x + d1y * d1y + d1z * d1z;
        double ee = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double s;
        double t;
        if (aa <= EPS && ee <= EPS) {
            s = 0;
            t = 0;
        } else if (aa <= EPS) {
            s = 0;
            t = clamp(f / ee);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (ee <= EPS) {
                t = 0;
                s = clamp(-c / aa);
            } else {
                double bb = d1x * d2x + d1y * d2y + d1z * d2z;
                double denom = aa * ee - bb * bb;
                s = denom > EPS ? clamp((bb * f - c * ee) / denom) : 0;
                t = (bb * s + f) / ee;
                if (t < 0) {
                    t = 0;
                    s = clamp(-c / aa);
                } else if (t > 1) {
                    t = 1;
                    s = clamp((bb - c) / aa);
                }
            }
        }
        out[0] = a[0] + d1x * s;
        out[1] = a[1] + d1y * s;
        out[2] = a[2] + d1z * s;
        out[3] = b[0] + d2x * t;
        out[4] = b[1] + d2y * t;
        out[5] = b[2] + d2z * t;
        double dx = out[0] - out[3];
        double dy = out[1] - out[4];
        double dz = out[2] - out[5];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static double clamp(double v) {
        return v < 0 ? 0 : (v > 1 ? 1 : v);
    }
}
