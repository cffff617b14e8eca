package org.embodia.api.buffer;

/** The left subscript of a buffer in the spec's notation: x for input, y for output. */
public enum Direction {
    INPUT,
    OUTPUT
}
