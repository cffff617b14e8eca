package org.embodia.itests;

import org.embodia.api.buffer.Message;

/** A test message whose fields must agree (b = -a, c = 2a), and which says who wrote it. */
public final class Sample implements Message<Sample> {
    public long a;
    public long b;
    public long c;
    public long source;

    public void set(long value, long writer) {
        a = value;
        b = -value;
        c = 2 * value;
        source = writer;
    }

    public boolean consistent() {
        return b == -a && c == 2 * a;
    }

    @Override
    public void copyFrom(Sample s) {
        a = s.a;
        b = s.b;
        c = s.c;
        source = s.source;
    }

    @Override
    public String toString() {
        return "Sample[a=" + a + ", source=" + source + "]";
    }
}
