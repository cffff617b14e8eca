package org.embodia.api.buffer;

/** A test message whose fields must always agree: b == -a, c == 2a. */
final class Pose implements Message<Pose> {
    long a;
    long b;
    long c;

    void set(long value) {
        a = value;
        b = -value;
        c = 2 * value;
    }

    boolean consistent() {
        return b == -a && c == 2 * a;
    }

    @Override
    public void copyFrom(Pose source) {
        a = source.a;
        b = source.b;
        c = source.c;
    }
}
