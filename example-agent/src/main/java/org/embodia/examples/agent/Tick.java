package org.embodia.examples.agent;

import org.embodia.api.buffer.Message;

/** A reading of the ticker: a value and which implementation produced it. */
public final class Tick implements Message<Tick> {
    public long value;
    public long source;

    @Override
    public void copyFrom(Tick other) {
        value = other.value;
        source = other.source;
    }

    @Override
    public String toString() {
        return "Tick[value=" + value + ", source=" + source + "]";
    }
}
