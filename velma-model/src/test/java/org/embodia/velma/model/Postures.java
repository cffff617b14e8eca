package org.embodia.velma.model;

/** Postures the tests use. */
final class Postures {
    /** Both arms swung forward and inwards so the hands cross in front of the torso. */
    static final double[] CROSSED_RIGHT = {0, -2.0, 0, 1.0, 0, 0, 0};
    static final double[] CROSSED_LEFT = {0, -2.0, 0, 1.0, 0, 0, 0};

    private Postures() {
    }
}
