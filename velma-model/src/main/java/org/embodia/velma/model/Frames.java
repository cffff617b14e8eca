package org.embodia.velma.model;

/**
 * Homogeneous transforms as 16 doubles, row-major: rotation in [0..2], [4..6], [8..10], position in
 * [3], [7], [11]. Every operation writes into storage the caller owns.
 */
public final class Frames {
    private Frames() {
    }

    public static void identity(double[] t) {
        for (int i = 0; i < 16; i++) {
            t[i] = (i % 5 == 0) ? 1 : 0;
        }
    }

    /** out = a · b; out may be neither a nor b. */
    public static void multiply(double[] a, double[] b, double[] out) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++) {
                double v = a[r * 4] * b[c] + a[r * 4 + 1] * b[4 + c] + a[r * 4 + 2] * b[8 + c];
                out[r * 4 + c] = c == 3 ? v + a[r * 4 + 3] : v;
            }
        }
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
    }

    /** The Denavit–Hartenberg transform Rz(θ)·Tz(d)·Tx(a)·Rx(α). */
    public static void dh(double theta, double d, double a, double alpha, double[] out) {
        double ct = Math.cos(theta);
        double st = Math.sin(theta);
        double ca = Math.cos(alpha);
        double sa = Math.sin(alpha);
        out[0] = ct;
        out[1] = -st * ca;
        out[2] = st * sa;
        out[3] = a * ct;
        out[4] = st;
        out[5] = ct * ca;
        out[6] = -ct * sa;
        out[7] = a * st;
        out[8] = 0;
        out[9] = sa;
        out[10] = ca;
        out[11] = d;
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
    }

    /** A translation by (x, y, z) followed by a rotation of {@code angle} about the unit axis (ux, uy, uz). */
    public static void translateRotate(double x, double y, double z, double ux, double uy, double uz, double angle, double[] out) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double v = 1 - c;
        out[0] = c + ux * ux * v;
        out[1] = ux * uy * v - uz * s;
        out[2] = ux * uz * v + uy * s;
        out[4] = uy * ux * v + uz * s;
        out[5] = c + uy * uy * v;
        out[6] = uy * uz * v - ux * s;
        out[8] = uz * ux * v - uy * s;
        out[9] = uz * uy * v + ux * s;
        out[10] = c + uz * uz * v;
        out[3] = x;
        out[7] = y;
        out[11] = z;
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
    }

    /** The inverse of a rigid transform. */
    public static void invert(double[] t, double[] out) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[r * 4 + c] = t[c * 4 + r];
            }
        }
        for (int r = 0; r < 3; r++) {
            out[r * 4 + 3] = -(out[r * 4] * t[3] + out[r * 4 + 1] * t[7] + out[r * 4 + 2] * t[11]);
        }
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
    }

    /** Applies {@code t} to the point (x, y, z) of its frame, writing world coordinates to out[offset..offset+2]. */
    public static void apply(double[] t, double x, double y, double z, double[] out, int offset) {
        out[offset] = t[0] * x + t[1] * y + t[2] * z + t[3];
        out[offset + 1] = t[4] * x + t[5] * y + t[6] * z + t[7];
        out[offset + 2] = t[8] * x + t[9] * y + t[10] * z + t[11];
    }

    /**
     * The orientation error of {@code current} towards {@code target} as a rotation vector (axis ·
     * angle, world frame), from the skew part of R_target·R_currentᵀ; small-angle exact, monotone up
     * to a half turn.
     */
    public static void rotationError(double[] current, double[] target, double[] out, int offset) {
        double ex = 0;
        double ey = 0;
        double ez = 0;
        for (int k = 0; k < 3; k++) {
            double cx = current[k];
            double cy = current[4 + k];
            double cz = current[8 + k];
            double tx = target[k];
            double ty = target[4 + k];
            double tz = target[8 + k];
            ex += cy * tz - cz * ty;
            ey += cz * tx - cx * tz;
            ez += cx * ty - cy * tx;
        }
        out[offset] = 0.5 * ex;
        out[offset + 1] = 0.5 * ey;
        out[offset + 2] = 0.5 * ez;
    }
}
