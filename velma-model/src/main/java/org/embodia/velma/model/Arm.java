package org.embodia.velma.model;

/** Velma's two KUKA LWR arms. */
public enum Arm {
    RIGHT,
    LEFT
}
