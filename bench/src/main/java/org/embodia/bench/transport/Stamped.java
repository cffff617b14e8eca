package org.embodia.bench.transport;

import java.nio.ByteBuffer;

import org.embodia.api.buffer.WireMessage;
import org.embodia.velma.api.BodyStatus;

/** Velma's largest message, the body's status, with the time it was sent (System.nanoTime, one machine's clock). */
final class Stamped implements WireMessage<Stamped> {
    long sentNanos;
    final BodyStatus status = new BodyStatus();

    @Override
    public void copyFrom(Stamped s) {
        sentNanos = s.sentNanos;
        status.copyFrom(s.status);
    }

    @Override
    public int wireSize() {
        return 8 + BodyStatus.WIRE_SIZE;
    }

    @Override
    public void write(ByteBuffer out) {
        out.putLong(sentNanos);
        status.write(out);
    }

    @Override
    public void read(ByteBuffer in) {
        sentNanos = in.getLong();
        status.read(in);
    }
}
