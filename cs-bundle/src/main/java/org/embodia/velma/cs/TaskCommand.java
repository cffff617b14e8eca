package org.embodia.velma.cs;

/** One validated command on its way from the task interface to the control loop; made off the loop, read by it. */
final class TaskCommand {
    enum Kind {
        EXIT_SAFE("exit_safe"),
        JNT_IMP("jnt_imp"),
        CART_IMP("cart_imp"),
        SAFE_COL("safe_col"),
        HEAD("head");

        final String label;

        Kind(String label) {
            this.label = label;
        }

        /** Whether the FSM counts it among the commands of recvOneCmd. */
        boolean motion() {
            return this == JNT_IMP || this == CART_IMP || this == SAFE_COL;
        }
    }

    final long id;
    final Kind kind;
    /** Joint targets (null: keep), or the end effectors' target frames as 16 doubles (null: keep). */
    final double[] right;
    final double[] left;
    final boolean hasTorso;
    final double torso;
    final boolean keepRightOrientation;
    final boolean keepLeftOrientation;
    final double seconds;
    final double stiffnessScale;
    final double pan;
    final double tilt;

    private TaskCommand(long id, Kind kind, double[] right, double[] left, boolean hasTorso, double torso, boolean keepRight, boolean keepLeft,
            double seconds, double stiffnessScale, double pan, double tilt) {
        this.id = id;
        this.kind = kind;
        this.right = right;
        this.left = left;
        this.hasTorso = hasTorso;
        this.torso = torso;
        this.keepRightOrientation = keepRight;
        this.keepLeftOrientation = keepLeft;
        this.seconds = seconds;
        this.stiffnessScale = stiffnessScale;
        this.pan = pan;
        this.tilt = tilt;
    }

    static TaskCommand simple(long id, Kind kind) {
        return new TaskCommand(id, kind, null, null, false, 0, false, false, 0, 1, 0, 0);
    }

    static TaskCommand joints(long id, double[] right, double[] left, Double torso, double seconds, double stiffnessScale) {
        return new TaskCommand(id, Kind.JNT_IMP, right, left, torso != null, torso == null ? 0 : torso, false, false, seconds, stiffnessScale, 0,
                0);
    }

    static TaskCommand cartesian(long id, double[] right, boolean keepRight, double[] left, boolean keepLeft, double seconds) {
        return new TaskCommand(id, Kind.CART_IMP, right, left, false, 0, keepRight, keepLeft, seconds, 1, 0, 0);
    }

    static TaskCommand head(long id, double pan, double tilt, double seconds) {
        return new TaskCommand(id, Kind.HEAD, null, null, false, 0, false, false, seconds, 1, pan, tilt);
    }
}
