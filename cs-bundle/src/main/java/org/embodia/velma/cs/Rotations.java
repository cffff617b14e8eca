package org.embodia.velma.cs;

/** Rotation matrices (row-major, in 16-double frames or 9 doubles) and rotation vectors. */
final class Rotations {
    private Rotations() {
    }

    /** m = Raᵀ·Rb for two 16-double frames. */
    static void relativeInto(double[] a, double[] b, double[] m) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                m[r * 3 + c] = a[r] * b[c] + a[4 + r] * b[4 + c] + a[8 + r] * b[8 + c];
            }
        }
    }

    /** The rotation vector of a 3×3 rotation matrix. */
    static void log(double[] m, double[] out) {
        double cos = Math.max(-1, Math.min(1, (m[0] + m[4] + m[8] - 1) / 2));
        double angle = Math.acos(cos);
        double x = m[7] - m[5];
        double y = m[2] - m[6];
        double z = m[3] - m[1];
        double sin = Math.sin(angle);
        if (angle < 1e-9) {
            out[0] = x / 2;
            out[1] = y / 2;
            out[2] = z / 2;
            return;
        }
        if (Math.PI - angle < 1e-6) {
            // Half a turn: the axis from the diagonal.
            double ax = Math.sqrt(Math.max(0, (m[0] + 1) / 2));
            double ay = Math.sqrt(Math.max(0, (m[4] + 1) / 2)) * (m[1] >= 0 ? 1 : -1);
            double az = Math.sqrt(Math.max(0, (m[8] + 1) / 2)) * (m[2] >= 0 ? 1 : -1);
            out[0] = ax * angle;
            out[1] = ay * angle;
            out[2] = az * angle;
            return;
        }
        double k = angle / (2 * sin);
        out[0] = x * k;
        out[1] = y * k;
        out[2] = z * k;
    }

    /** Roll, pitch, yaw about fixed x, y, z: R = Rz(yaw)·Ry(pitch)·Rx(roll), into a 16-double frame's rotation. */
    static void fromRpy(double roll, double pitch, double yaw, double[] frame) {
        double cr = Math.cos(roll);
        double sr = Math.sin(roll);
        double cp = Math.cos(pitch);
        double sp = Math.sin(pitch);
        double cy = Math.cos(yaw);
        double sy = Math.sin(yaw);
        frame[0] = cy * cp;
        frame[1] = cy * sp * sr - sy * cr;
        frame[2] = cy * sp * cr + sy * sr;
        frame[4] = sy * cp;
        frame[5] = sy * sp * sr + cy * cr;
        frame[6] = sy * sp * cr - cy * sr;
        frame[8] = -sp;
        frame[9] = cp * sr;
        frame[10] = cp * cr;
    }
}
